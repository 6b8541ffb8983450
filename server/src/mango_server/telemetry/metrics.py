"""Every Prometheus metric Mango exports, and the per-role exposition server.

Each role (``mango api``, ``mango orchestrator``) is its own process and serves its own registry
on ``MANGO_METRICS_PORT`` (0 turns the endpoint off); a metric a role never touches simply stays
at zero there. ``docs/operations.md`` lists every metric below; a unit test keeps the two equal.
Labels are bounded: operation ids come from the spec, statuses and outcomes from fixed sets,
never ids. Not responsible for measuring (the edge, the relay, the engine adapters do).
"""

from __future__ import annotations

import logging

from prometheus_client import Counter, Gauge, Histogram, start_http_server

__all__ = [
    "HTTP_DURATION",
    "HTTP_REQUESTS",
    "MCP_CALLS",
    "MCP_CALL_DURATION",
    "MODEL_DURATION",
    "MODEL_TOKENS",
    "OUTBOX_DELIVERIES",
    "OUTBOX_LAG",
    "RETENTION_BATCHES",
    "RETENTION_REMOVED",
    "SSE_CONNECTIONS",
    "SSE_ROWS",
    "STEP_HOLDS",
    "STORAGE_BYTES",
    "STORAGE_ROWS",
    "TOOL_CALLS",
    "TURN_DURATION",
    "WORK_LEASE_EXPIRIES",
    "WORK_QUEUE_DEPTH",
    "serve_metrics",
]

log = logging.getLogger(__name__)

_LATENCY = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120)

HTTP_REQUESTS = Counter(
    "mango_http_requests", "HTTP requests answered, by operationId and status.", ["operation", "status"]
)
HTTP_DURATION = Histogram(
    "mango_http_request_duration_seconds",
    "Time to the end of the response body (SSE streams excluded), by operationId.",
    ["operation"],
    buckets=_LATENCY,
)
SSE_CONNECTIONS = Gauge("mango_sse_connections", "Open Session event streams.")
SSE_ROWS = Counter(
    "mango_sse_rows",
    "Ledger rows sent on event streams, by source (poke: carried by the writer's poke; read: read from PostgreSQL).",
    ["source"],
)
TURN_DURATION = Histogram(
    "mango_turn_step_duration_seconds",
    "One provider round (run_step activity), by outcome (idle, continue, retry, stop, error).",
    ["outcome"],
    buckets=_LATENCY,
)
MODEL_DURATION = Histogram(
    "mango_model_request_duration_seconds",
    "Model provider requests, by provider and outcome (ok, error).",
    ["provider", "outcome"],
    buckets=_LATENCY,
)
MODEL_TOKENS = Counter(
    "mango_model_tokens", "Tokens reported by the model provider, by provider and kind.", ["provider", "kind"]
)
OUTBOX_LAG = Histogram(
    "mango_outbox_lag_seconds",
    "From a wakeup's commit to its delivery to Temporal.",
    buckets=_LATENCY,
)
OUTBOX_DELIVERIES = Counter(
    "mango_outbox_deliveries", "Outbox deliveries, by kind and outcome (ok, retry).", ["kind", "outcome"]
)
STEP_HOLDS = Counter(
    "mango_step_holds",
    "Idle Sessions held for their next input (``orchestration.holds``), by how the hold ended (input, timeout).",
    ["ended"],
)
RETENTION_REMOVED = Counter(
    "mango_retention_removed",
    "What retention passes removed, by kind (archived_sessions fenced for deletion, request_bodies dropped,"
    " deployment_runs expired).",
    ["kind"],
)
RETENTION_BATCHES = Counter("mango_retention_batches", "Retention batches run, by kind.", ["kind"])
WORK_QUEUE_DEPTH = Gauge("mango_work_items", "Work items not yet stopped, by state (sampled).", ["state"])
STORAGE_BYTES = Gauge(
    "mango_storage_bytes", "Bytes on disk of each table family, indexes and TOAST included (sampled).", ["family"]
)
STORAGE_ROWS = Gauge("mango_storage_rows", "Estimated rows of each table family (sampled).", ["family"])
WORK_LEASE_EXPIRIES = Counter(
    "mango_work_lease_expiries", "Work items reclaimed because their lease (heartbeat) expired."
)

MCP_CALLS = Counter(
    "mango_mcp_calls",
    "MCP tool calls settled, by outcome (completed, ambiguous, denied, error).",
    ["outcome"],
)
MCP_CALL_DURATION = Histogram(
    "mango_mcp_call_duration_seconds",
    "MCP tool call requests to the server (sent calls only), by outcome (completed, ambiguous, error).",
    ["outcome"],
    buckets=_LATENCY,
)

TOOL_CALLS = Counter(
    "mango_tool_calls",
    "Built-in calls in the operation journal, by executor (worker, managed) and state (started, ambiguous).",
    ["executor", "state"],
)

WEBHOOK_ATTEMPTS = Counter(
    "mango_webhook_attempts",
    "Webhook delivery attempts, by result (delivered, retry, failed: the last attempt failed, disabled).",
    ["result"],
)
WEBHOOK_ATTEMPT_DURATION = Histogram(
    "mango_webhook_attempt_duration_seconds",
    "From sending a webhook attempt to the endpoint's answer (or the attempt's failure), by result.",
    ["result"],
    buckets=_LATENCY,
)


def serve_metrics(port: int, host: str, role: str) -> None:
    """Serve ``/metrics`` for this process on ``host:port`` (a daemon thread); 0 disables it."""
    if port <= 0:
        return
    start_http_server(port, addr=host)
    log.info("metrics listening role=%s url=http://%s:%d/metrics", role, host, port, extra={"action": "metrics.start"})
