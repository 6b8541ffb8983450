"""Integration tests run against real PostgreSQL, Temporal, NATS and SeaweedFS (see the devstack plugin)."""
