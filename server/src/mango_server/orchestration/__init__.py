"""Temporal orchestration: the Session workflow, its activities, the outbox relay and the worker."""
