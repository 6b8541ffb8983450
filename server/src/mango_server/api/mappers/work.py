"""The wire shape of Work items, heartbeats and queue statistics, built from typed rows and results.

Not responsible for the lease rules (``domain.work``) or reading the queue (``store.work``).
"""

from __future__ import annotations

from typing import cast

from mango_server.api.encoding import rfc3339, rfc3339_or_none
from mango_server.domain._generated import wire
from mango_server.domain.vaults import EnvironmentSecret
from mango_server.domain.work import HeartbeatResult, WorkState
from mango_server.store.work import ClaimedWork, QueueStats, WorkRow


def work(row: WorkRow, secret: str | None = None) -> wire.Work:
    """One Work item; ``secret`` is set only in a Poll's answer."""
    data: wire.WorkData
    if row.kind == "session":
        assert row.session_id is not None, "session Work names its Session"
        data = {"type": "session", "id": row.session_id}
    elif row.kind == "session_teardown":
        assert row.teardown_session_id is not None, "a teardown names the deleted Session"
        data = {"type": "session_teardown", "id": row.teardown_session_id}
    else:
        data = {"type": "healthcheck", "result": row.result}
    return {
        "type": "work",
        "id": row.id,
        "environment_id": row.environment_id,
        "data": data,
        "state": cast(WorkState, row.state),
        "metadata": row.metadata,
        "secret": secret,
        "error": row.error,
        "created_at": rfc3339(row.created_at),
        "acknowledged_at": rfc3339_or_none(row.acknowledged_at),
        "started_at": rfc3339_or_none(row.started_at),
        "latest_heartbeat_at": rfc3339_or_none(row.latest_heartbeat_at),
        "stop_requested_at": rfc3339_or_none(row.stop_requested_at),
        "stopped_at": rfc3339_or_none(row.stopped_at),
    }


def claimed(item: ClaimedWork) -> wire.Work:
    """A Poll's answer: the claimed item with its secret."""
    return work(item.work, item.secret)


def heartbeat(result: HeartbeatResult) -> wire.HeartbeatResponse:
    """The answer to a heartbeat."""
    return {
        "type": "work_heartbeat",
        "last_heartbeat": result.last_heartbeat,
        "lease_extended": result.lease_extended,
        "state": cast(WorkState, result.state),
        "ttl_seconds": result.ttl_seconds,
    }


def queue_stats(stats: QueueStats) -> wire.QueueStats:
    """An Environment's queue statistics."""
    return {
        "type": "work_queue_stats",
        "depth": stats.depth,
        "pending": stats.pending,
        "oldest_queued_at": rfc3339_or_none(stats.oldest_queued_at),
        "workers_polling": stats.workers_polling,
    }


def work_secrets(found: list[EnvironmentSecret]) -> wire.WorkSecrets:
    """A leased Session item's ``environment_variable`` secrets, values revealed (this answer only)."""
    return {
        "type": "work_secrets",
        "data": [
            {
                "vault_id": secret.vault_id,
                "credential_id": secret.credential_id,
                "secret_name": secret.secret_name,
                "secret_value": secret.value.reveal(),
                "allowed_hosts": list(secret.allowed_hosts),
                "injection_location": {"header": secret.header, "body": secret.body},
            }
            for secret in found
        ],
    }
