"""The wire shape of Work items, heartbeats and queue statistics, built from typed rows and results.

Not responsible for the lease rules (``domain.work``) or reading the queue (``store.work``).
"""

from __future__ import annotations

from mango_server.domain.json import JsonObject
from mango_server.domain.work import HeartbeatResult
from mango_server.store.work import ClaimedWork, QueueStats, WorkRow


def work(row: WorkRow, secret: str | None = None) -> JsonObject:
    """One Work item; ``secret`` is set only in a Poll's answer."""
    data: JsonObject
    if row.kind == "session":
        data = {"type": "session", "id": row.session_id}
    else:
        data = {"type": "healthcheck", "result": row.result}
    return {
        "type": "work",
        "id": row.id,
        "environment_id": row.environment_id,
        "data": data,
        "state": row.state,
        "metadata": row.metadata,
        "secret": secret,
        "error": row.error,
        "created_at": row.created_at,
        "acknowledged_at": row.acknowledged_at,
        "started_at": row.started_at,
        "latest_heartbeat_at": row.latest_heartbeat_at,
        "stop_requested_at": row.stop_requested_at,
        "stopped_at": row.stopped_at,
    }


def claimed(item: ClaimedWork) -> JsonObject:
    """A Poll's answer: the claimed item with its secret."""
    return work(item.work, item.secret)


def heartbeat(result: HeartbeatResult) -> JsonObject:
    """The answer to a heartbeat."""
    return {
        "type": "work_heartbeat",
        "last_heartbeat": result.last_heartbeat,
        "lease_extended": result.lease_extended,
        "state": result.state,
        "ttl_seconds": result.ttl_seconds,
    }


def queue_stats(stats: QueueStats) -> JsonObject:
    """An Environment's queue statistics."""
    return {
        "type": "work_queue_stats",
        "depth": stats.depth,
        "pending": stats.pending,
        "oldest_queued_at": stats.oldest_queued_at,
        "workers_polling": stats.workers_polling,
    }
