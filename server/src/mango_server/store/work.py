"""Environment Work: the queue self-hosted workers poll, its leases and its per-item session tokens.

Lifecycle: ``queued`` (optionally claimed by a Poll) -> ``starting`` (Ack) -> ``active`` (first
heartbeat) -> ``stopping`` (stop requested) -> ``stopped``. A Poll claims the oldest queued item,
an unacknowledged claim older than ``reclaim_older_than_ms``, or an acknowledged item whose lease
expired (no heartbeat or Ack within its TTL), and stores the SHA-256 of a fresh session token:
every claim rotates the token, so a reclaimed item's former owner fails authentication. A Session
has at most one Work that is not stopped (a partial unique index); Session activity calls
``ensure_session_work`` inside the transaction that creates runnable built-in tool calls.

Not responsible for: authentication (``api.auth``), long-poll waiting (the handler) or the
Session termination that ``environments.work.fail`` commits (``app.work``).
"""

from __future__ import annotations

import base64
import json
import logging
import secrets
from datetime import datetime, timedelta
from typing import Any

from mango_server.domain.errors import ConflictError, InvalidRequestError, NotFoundError, PreconditionFailedError
from mango_server.domain.paging import Cursor, Page
from mango_server.ids import new_id
from mango_server.store.credentials import SESSION_TOKEN_PREFIX, digest
from mango_server.store.db import record_dict
from mango_server.store.pagination import fetch_page
from mango_server.store.sessions import SessionRow
from mango_server.store.sql_loader import Queries

log = logging.getLogger(__name__)
Q = Queries("work")

NO_HEARTBEAT = "NO_HEARTBEAT"
MAX_TTL_SECONDS = 300
STATES = ("queued", "starting", "active", "stopping", "stopped")


def to_public(row: dict[str, Any], secret: str | None = None) -> dict[str, Any]:
    """The wire shape of a Work item; ``secret`` is set only by Poll."""
    data: dict[str, Any]
    if row["kind"] == "session":
        data = {"type": "session", "id": row["session_id"]}
    else:
        data = {"type": "healthcheck", "result": row["result"]}
    return {
        "type": "work",
        "id": row["id"],
        "environment_id": row["environment_id"],
        "data": data,
        "state": row["state"],
        "metadata": row["metadata"],
        "secret": secret,
        "error": row["error"],
        "created_at": row["created_at"],
        "acknowledged_at": row["acknowledged_at"],
        "started_at": row["started_at"],
        "latest_heartbeat_at": row["latest_heartbeat_at"],
        "stop_requested_at": row["stop_requested_at"],
        "stopped_at": row["stopped_at"],
    }


def encode_secret(token: str, api_base_url: str) -> str:
    """The Poll ``secret``: base64url JSON ``{sessions_token, api_base_url}``."""
    raw = json.dumps({"sessions_token": token, "api_base_url": api_base_url}, separators=(",", ":"))
    return base64.urlsafe_b64encode(raw.encode()).decode()


def last_heartbeat(row: dict[str, Any]) -> str:
    """The opaque optimistic-concurrency value a heartbeat must echo."""
    value = row["latest_heartbeat_at"]
    return value.isoformat() if value is not None else NO_HEARTBEAT


def lease_expires_at(row: dict[str, Any]) -> datetime | None:
    """When the current owner's lease ends; ``None`` when no acknowledged owner holds one."""
    ttl = timedelta(seconds=row["lease_ttl_seconds"])
    since: datetime | None = None
    if row["state"] in ("starting", "active") and row["acknowledged_at"] is not None:
        since = row["latest_heartbeat_at"] or row["acknowledged_at"]
    elif row["state"] == "stopping" and row["acknowledged_at"] is not None:
        since = row["stop_requested_at"]
    return since + ttl if since is not None else None


def _remaining(row: dict[str, Any], now: datetime) -> int:
    expires = lease_expires_at(row)
    return max(0, min(MAX_TTL_SECONDS, int((expires - now).total_seconds()))) if expires else 0


def _current_state(row: dict[str, Any], now: datetime) -> dict[str, Any]:
    return {"state": row["state"], "ttl_seconds": _remaining(row, now), "last_heartbeat": last_heartbeat(row)}


async def enqueue_healthcheck(
    conn: Any, workspace_id: str, environment_id: str, metadata: dict[str, str]
) -> dict[str, Any]:
    """Queue a healthcheck item."""
    row = dict(
        await conn.fetchrow(Q.insert_work, workspace_id, new_id("work"), environment_id, "healthcheck", None, metadata)
    )
    log.info("enqueued healthcheck work_id=%s", row["id"], extra={"action": "work.enqueued"})
    return row


async def ensure_session_work(conn: Any, workspace_id: str, environment_id: str, session_id: str) -> str | None:
    """Queue Work for the Session unless it already has live Work; returns the new id, if any."""
    work_id = await conn.fetchval(Q.ensure_session_work, workspace_id, new_id("work"), environment_id, session_id)
    if work_id is not None:
        log.info("enqueued work work_id=%s session_id=%s", work_id, session_id, extra={"action": "work.enqueued"})
    return str(work_id) if work_id is not None else None


async def ensure_if_runnable(conn: Any, session: SessionRow) -> str | None:
    """Queue Work when the Session has built-in tool calls waiting to be executed."""
    if not await conn.fetchval(Q.has_runnable_builtin, session.id):
        return None
    return await ensure_session_work(conn, session.workspace_id, session.environment_id, session.id)


async def record_poller(conn: Any, workspace_id: str, environment_id: str, worker_id: str) -> None:
    """Remember that a worker polled (queue statistics only)."""
    await conn.execute(Q.record_poller, environment_id, worker_id, workspace_id)


async def claim(
    conn: Any,
    workspace_id: str,
    environment_id: str,
    *,
    reclaim_after_ms: int,
    worker_id: str | None,
    api_base_url: str,
) -> dict[str, Any] | None:
    """Claim one item (in the caller's transaction) and return it with a fresh secret, or ``None``."""
    await conn.execute(Q.sweep_environment, workspace_id, environment_id)
    candidate = await conn.fetchrow(Q.claim_candidate, workspace_id, environment_id, reclaim_after_ms / 1000.0)
    if candidate is None:
        return None
    token = SESSION_TOKEN_PREFIX + secrets.token_urlsafe(32)
    row = dict(await conn.fetchrow(Q.claim, candidate["id"], digest(token), worker_id))
    reclaimed = candidate["claimed_at"] is not None or candidate["state"] != "queued"
    log.info(
        "claimed work work_id=%s worker_id=%s reclaimed=%s previous_state=%s",
        row["id"],
        worker_id,
        reclaimed,
        candidate["state"],
        extra={"action": "work.reclaimed" if reclaimed else "work.claimed"},
    )
    return to_public(row, encode_secret(token, api_base_url))


async def lock(conn: Any, workspace_id: str, environment_id: str, work_id: str) -> dict[str, Any]:
    """The Work row under a row lock, with the database clock as ``db_now``."""
    row = await conn.fetchrow(Q.lock_work, workspace_id, environment_id, work_id)
    if row is None:
        raise NotFoundError(f"work {work_id} not found")
    return dict(row)


async def get(conn: Any, workspace_id: str, environment_id: str, work_id: str) -> dict[str, Any]:
    """One Work row."""
    row = await conn.fetchrow(Q.get_work, workspace_id, environment_id, work_id)
    if row is None:
        raise NotFoundError(f"work {work_id} not found")
    return dict(row)


async def acknowledge(conn: Any, row: dict[str, Any]) -> dict[str, Any]:
    """``queued`` (claimed) -> ``starting``; acknowledging a ``starting`` item again returns it."""
    if row["state"] == "starting":
        return row
    if row["state"] != "queued" or row["claimed_at"] is None:
        raise ConflictError(f"work {row['id']} cannot be acknowledged in state {row['state']} without a Poll claim")
    updated = dict(await conn.fetchrow(Q.acknowledge, row["id"]))
    log.info("acknowledged work work_id=%s", row["id"], extra={"action": "work.acknowledged"})
    return updated


async def heartbeat(conn: Any, row: dict[str, Any], expected: str, ttl_seconds: int) -> dict[str, Any]:
    """Conditionally renew the lease; 412 with ``current_state`` when another owner holds it."""
    now = row["db_now"]
    if expected != last_heartbeat(row):
        raise PreconditionFailedError(
            "expected_last_heartbeat does not match: another owner holds this lease",
            details={"current_state": _current_state(row, now)},
        )
    if row["state"] in ("stopping", "stopped"):
        return {
            "type": "work_heartbeat",
            "last_heartbeat": last_heartbeat(row),
            "lease_extended": False,
            "state": row["state"],
            "ttl_seconds": _remaining(row, now),
        }
    expires = lease_expires_at(row)
    if expires is None or expires <= now:
        reason = "has not been acknowledged" if expires is None else "has expired"
        raise PreconditionFailedError(
            f"the lease of work {row['id']} {reason}", details={"current_state": _current_state(row, now)}
        )
    ttl = max(1, min(MAX_TTL_SECONDS, ttl_seconds))
    updated = dict(await conn.fetchrow(Q.heartbeat, row["id"], ttl))
    if row["state"] == "starting":
        log.info("work active work_id=%s ttl_seconds=%s", row["id"], ttl, extra={"action": "work.started"})
    return {
        "type": "work_heartbeat",
        "last_heartbeat": last_heartbeat(updated),
        "lease_extended": True,
        "state": updated["state"],
        "ttl_seconds": ttl,
    }


async def stop(conn: Any, row: dict[str, Any], *, force: bool) -> dict[str, Any]:
    """Ask to stop (``stopping``) or stop at once (``stopped``); an unowned item stops at once."""
    if row["state"] == "stopped":
        raise ConflictError(f"work {row['id']} is already stopped")
    if force or row["acknowledged_at"] is None:
        updated = dict(await conn.fetchrow(Q.stop_now, row["id"], None, None))
        log.info("stopped work work_id=%s force=%s", row["id"], force, extra={"action": "work.stopped"})
        return updated
    updated = dict(await conn.fetchrow(Q.request_stop, row["id"]))
    log.info("stop requested work_id=%s", row["id"], extra={"action": "work.stop_requested"})
    return updated


async def stop_with_error(conn: Any, row: dict[str, Any], error: dict[str, Any]) -> dict[str, Any]:
    """Stop the item recording the terminal failure reported by ``environments.work.fail``."""
    if row["state"] == "stopped":
        raise ConflictError(f"work {row['id']} is already stopped")
    updated = dict(await conn.fetchrow(Q.stop_now, row["id"], error, None))
    log.info("failed work work_id=%s", row["id"], extra={"action": "work.failed"})
    return updated


async def record_result(conn: Any, row: dict[str, Any], params: dict[str, Any]) -> dict[str, Any]:
    """Record a healthcheck result once and stop the item."""
    if row["kind"] != "healthcheck":
        raise InvalidRequestError(f"work {row['id']} is not a healthcheck item")
    if row["result"] is not None:
        raise ConflictError(f"work {row['id']} already has a healthcheck result; results are immutable")
    result = {
        "status": params["status"],
        "message": params.get("message"),
        "worker_id": params.get("worker_id"),
        "worker_version": params.get("worker_version"),
        "reported_at": row["db_now"].isoformat().replace("+00:00", "Z"),
    }
    updated = dict(await conn.fetchrow(Q.stop_now, row["id"], None, result))
    log.info(
        "healthcheck reported work_id=%s status=%s", row["id"], result["status"], extra={"action": "work.healthcheck"}
    )
    return updated


async def stats(conn: Any, workspace_id: str, environment_id: str) -> dict[str, Any]:
    """Queue depth, unacknowledged claims, oldest queued item and recent pollers."""
    row = await conn.fetchrow(Q.stats, workspace_id, environment_id)
    polling = await conn.fetchval(Q.workers_polling, environment_id)
    return {
        "type": "work_queue_stats",
        "depth": int(row["depth"]),
        "pending": int(row["pending"]),
        "oldest_queued_at": row["oldest_queued_at"],
        "workers_polling": int(polling),
    }


async def list_page(
    conn: Any, workspace_id: str, environment_id: str, *, limit: int, cursor: Cursor | None, states: list[str]
) -> Page[dict[str, Any]]:
    """One page of Work items, newest first."""
    sql = Q.list_base
    params: list[Any] = [workspace_id, environment_id]
    if states:
        params.append(states)
        sql += f" AND state = ANY(${len(params)}::text[])"
    return await fetch_page(conn, sql, params, row=record_dict, order="desc", limit=limit, cursor=cursor)


async def stop_for_session(conn: Any, session_id: str) -> None:
    """Ask every live item of a Session to stop (archive, delete): its worker sees ``stopping``."""
    for row in await conn.fetch(Q.live_for_session, session_id):
        await stop(conn, dict(row), force=False)
