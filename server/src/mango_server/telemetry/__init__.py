"""Operator telemetry shared by every role: structured logs, Prometheus metrics, OpenTelemetry traces.

``logs`` formats records (JSON for the roles, text for ``mango dev``) and carries the request's
ids from context variables; ``metrics`` declares every metric and serves them on a role's own
port; ``traces`` configures the tracer provider and moves a trace context through the outbox.
Not responsible for deciding what to log or measure: the modules that do the work call these.
"""

from __future__ import annotations
