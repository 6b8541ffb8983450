"""Environment Work: the queue self-hosted workers poll, its leases and its per-item session tokens.

A Poll claims the oldest queued item, an unacknowledged claim older than
``reclaim_older_than_ms``, or an acknowledged item whose lease expired (no heartbeat or Ack
within its TTL), and stores the SHA-256 of a fresh session token: every claim rotates the
token, so a reclaimed item's former owner fails authentication. A Session has at most one Work
that is not stopped (a partial unique index); Session activity calls :func:`ensure_if_runnable`
inside the transaction that creates runnable built-in tool calls. Each transition function
applies one rule of ``domain.work`` to a row the caller locked, then writes it.

Not responsible for: authentication (``app.auth``), long-poll waiting and the Session
termination that ``environments.work.fail`` commits (``app.work``), or the wire shape
(``api.mappers.work``).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from mango_server.domain import work as rules
from mango_server.domain._generated import wire
from mango_server.domain.errors import NotFoundError
from mango_server.domain.paging import Cursor, Page
from mango_server.domain.work import HeartbeatResult
from mango_server.ids import new_id
from mango_server.store.credentials import SESSION_TOKEN_PREFIX, digest
from mango_server.store.db import Connection, Record, from_record
from mango_server.store.pagination import fetch_page
from mango_server.store.sessions import SessionRow
from mango_server.store.sql_loader import NamedQueries
from mango_server.telemetry import metrics

log = logging.getLogger(__name__)


class Q(NamedQueries, file="work"):
    insert_work: str
    ensure_session_work: str
    enqueue_teardown: str
    has_runnable_builtin: str
    get_work: str
    lock_work: str
    sweep_environment: str
    claim_candidate: str
    claim: str
    acknowledge: str
    heartbeat: str
    request_stop: str
    stop_now: str
    list_base: str
    stats: str
    workers_polling: str
    record_poller: str
    live_for_session: str
    lock_live_lease: str
    depth_by_state: str


@dataclass(frozen=True, slots=True)
class WorkRow:
    """One Work item (its token digest stays in the database)."""

    workspace_id: str
    id: str
    environment_id: str
    kind: str
    session_id: str | None
    state: str
    metadata: dict[str, str]
    worker_id: str | None
    claimed_at: datetime | None
    acknowledged_at: datetime | None
    started_at: datetime | None
    latest_heartbeat_at: datetime | None
    lease_ttl_seconds: int
    stop_requested_at: datetime | None
    stopped_at: datetime | None
    error: wire.WorkError | None
    result: wire.HealthcheckResult | None
    created_at: datetime
    teardown_session_id: str | None  # the deleted Session a ``session_teardown`` item tears down


@dataclass(frozen=True, slots=True)
class LockedWork(WorkRow):
    """A Work item read under its row lock, with the database clock the lease rules compare against."""

    db_now: datetime


@dataclass(frozen=True, slots=True)
class ClaimedWork:
    """An item a Poll claimed, with the ``secret`` (session token and API URL) shown only to that Poll."""

    work: WorkRow
    secret: str


@dataclass(frozen=True, slots=True)
class QueueStats:
    """Queue depth, unacknowledged claims, the oldest queued item and recent pollers."""

    depth: int
    pending: int
    oldest_queued_at: datetime | None
    workers_polling: int


def _row(record: Record) -> WorkRow:
    return from_record(WorkRow, record)


async def _update(conn: Connection, sql: str, *args: object) -> WorkRow:
    record = await conn.fetchrow(sql, *args)
    assert record is not None  # UPDATE ... RETURNING of a row the caller locked
    return _row(record)


async def enqueue_healthcheck(
    conn: Connection, workspace_id: str, environment_id: str, metadata: dict[str, str]
) -> WorkRow:
    """Queue a healthcheck item."""
    record = await conn.fetchrow(
        Q.insert_work, workspace_id, new_id("work"), environment_id, "healthcheck", None, metadata
    )
    assert record is not None  # INSERT ... RETURNING
    row = _row(record)
    log.info("enqueued healthcheck work_id=%s", row.id, extra={"action": "work.enqueued"})
    return row


async def ensure_session_work(conn: Connection, workspace_id: str, environment_id: str, session_id: str) -> str | None:
    """Queue Work for the Session unless it already has live Work; returns the new id, if any."""
    work_id = await conn.fetchval(Q.ensure_session_work, workspace_id, new_id("work"), environment_id, session_id)
    if work_id is not None:
        log.info("enqueued work work_id=%s session_id=%s", work_id, session_id, extra={"action": "work.enqueued"})
    return str(work_id) if work_id is not None else None


async def enqueue_teardown(conn: Connection, session_id: str) -> str | None:
    """Queue the teardown of a deleted (fenced) Session's sandbox; returns the new id, if any.

    Runs in the transaction that removes the Session's rows, so the Work item that names the
    sandbox is committed with the removal (it has no foreign key to the Session and outlives it).
    Nothing is queued when no worker ever claimed the Session's Work (no workspace can exist) or
    when one is queued already.
    """
    work_id = await conn.fetchval(Q.enqueue_teardown, session_id, new_id("work"))
    if work_id is not None:
        log.info(
            "enqueued session teardown work_id=%s session_id=%s",
            work_id,
            session_id,
            extra={"action": "work.enqueued"},
        )
    return str(work_id) if work_id is not None else None


async def ensure_if_runnable(conn: Connection, session: SessionRow) -> str | None:
    """Queue Work when the Session has built-in tool calls waiting to be executed.

    ``session`` may be a child Thread's execution row: the Session's own Work runs every Thread's
    calls (they share one sandbox), so the Work is always the Session's.
    """
    owner = session.primary_session_id or session.id
    if not await conn.fetchval(Q.has_runnable_builtin, owner):
        return None
    return await ensure_session_work(conn, session.workspace_id, session.environment_id, owner)


async def record_poller(
    conn: Connection, workspace_id: str, environment_id: str, worker_id: str, *, max_workers: int
) -> bool:
    """Remember that a worker polled; False (nothing recorded) when ``max_workers`` others are polling."""
    admitted = await conn.fetchval(Q.record_poller, environment_id, worker_id, workspace_id, max_workers)
    return admitted is not None


async def claim(
    conn: Connection,
    workspace_id: str,
    environment_id: str,
    *,
    reclaim_after_ms: int,
    worker_id: str | None,
    api_base_url: str,
) -> ClaimedWork | None:
    """Claim one item (in the caller's transaction) with a fresh session token, or ``None``."""
    await conn.execute(Q.sweep_environment, workspace_id, environment_id)
    candidate = await conn.fetchrow(Q.claim_candidate, workspace_id, environment_id, reclaim_after_ms / 1000.0)
    if candidate is None:
        return None
    token = SESSION_TOKEN_PREFIX + secrets.token_urlsafe(32)
    row = await _update(conn, Q.claim, candidate["id"], digest(token), worker_id)
    reclaimed = candidate["claimed_at"] is not None or candidate["state"] != "queued"
    if candidate["state"] != "queued":
        metrics.WORK_LEASE_EXPIRIES.inc()
    log.info(
        "claimed work work_id=%s worker_id=%s reclaimed=%s previous_state=%s",
        row.id,
        worker_id,
        reclaimed,
        candidate["state"],
        extra={"action": "work.reclaimed" if reclaimed else "work.claimed"},
    )
    return ClaimedWork(row, rules.encode_secret(token, api_base_url))


async def lock(conn: Connection, workspace_id: str, environment_id: str, work_id: str) -> LockedWork:
    """The Work row under a row lock, with the database clock as ``db_now``."""
    record = await conn.fetchrow(Q.lock_work, workspace_id, environment_id, work_id)
    if record is None:
        raise NotFoundError(f"work {work_id} not found")
    return from_record(LockedWork, record)


async def get(conn: Connection, workspace_id: str, environment_id: str, work_id: str) -> WorkRow:
    """One Work row."""
    record = await conn.fetchrow(Q.get_work, workspace_id, environment_id, work_id)
    if record is None:
        raise NotFoundError(f"work {work_id} not found")
    return _row(record)


async def acknowledge(conn: Connection, row: WorkRow) -> WorkRow:
    """``queued`` (claimed) -> ``starting``; acknowledging a ``starting`` item again returns it."""
    if not rules.needs_acknowledge(row):
        return row
    updated = await _update(conn, Q.acknowledge, row.id)
    log.info("acknowledged work work_id=%s", row.id, extra={"action": "work.acknowledged"})
    return updated


async def heartbeat(conn: Connection, row: LockedWork, expected: str, ttl_seconds: int) -> HeartbeatResult:
    """Conditionally renew the lease; 412 with ``current_state`` when another owner holds it."""
    unrenewed = rules.heartbeat_without_renewal(row, expected, row.db_now)
    if unrenewed is not None:
        return unrenewed
    ttl = rules.clamp_ttl(ttl_seconds)
    updated = await _update(conn, Q.heartbeat, row.id, ttl)
    if row.state == "starting":
        log.info("work active work_id=%s ttl_seconds=%s", row.id, ttl, extra={"action": "work.started"})
    return HeartbeatResult(rules.last_heartbeat(updated), True, updated.state, ttl)


async def stop(conn: Connection, row: WorkRow, *, force: bool) -> WorkRow:
    """Ask to stop (``stopping``) or stop at once (``stopped``); an unowned item stops at once."""
    if rules.stops_at_once(row, force=force):
        updated = await _update(conn, Q.stop_now, row.id, None, None)
        log.info("stopped work work_id=%s force=%s", row.id, force, extra={"action": "work.stopped"})
        return updated
    updated = await _update(conn, Q.request_stop, row.id)
    log.info("stop requested work_id=%s", row.id, extra={"action": "work.stop_requested"})
    return updated


async def stop_with_error(conn: Connection, row: WorkRow, error: Mapping[str, object]) -> WorkRow:
    """Stop the item recording the terminal failure reported by ``environments.work.fail``."""
    rules.stops_at_once(row, force=True)
    updated = await _update(conn, Q.stop_now, row.id, error, None)
    log.info("failed work work_id=%s", row.id, extra={"action": "work.failed"})
    return updated


async def record_result(conn: Connection, row: LockedWork, params: Mapping[str, object]) -> WorkRow:
    """Record a healthcheck result once and stop the item."""
    result = rules.healthcheck_result(row, params, row.db_now)
    updated = await _update(conn, Q.stop_now, row.id, None, result)
    log.info(
        "healthcheck reported work_id=%s status=%s", row.id, result["status"], extra={"action": "work.healthcheck"}
    )
    return updated


async def stats(conn: Connection, workspace_id: str, environment_id: str) -> QueueStats:
    """Queue depth, unacknowledged claims, oldest queued item and recent pollers."""
    record = await conn.fetchrow(Q.stats, workspace_id, environment_id)
    assert record is not None  # an aggregate always answers one row
    polling = await conn.fetchval(Q.workers_polling, environment_id)
    return QueueStats(int(record["depth"]), int(record["pending"]), record["oldest_queued_at"], int(polling))


async def list_page(
    conn: Connection, workspace_id: str, environment_id: str, *, limit: int, cursor: Cursor | None, states: list[str]
) -> Page[WorkRow]:
    """One page of Work items, newest first."""
    sql = Q.list_base
    params: list[object] = [workspace_id, environment_id]
    if states:
        params.append(states)
        sql += f" AND state = ANY(${len(params)}::text[])"
    return await fetch_page(conn, sql, params, row=_row, order="desc", limit=limit, cursor=cursor)


async def stop_for_session(conn: Connection, session_id: str) -> None:
    """Ask every live item of a Session to stop (archive, delete): its worker sees ``stopping``."""
    for record in await conn.fetch(Q.live_for_session, session_id):
        await stop(conn, _row(record), force=False)


async def lease_is_live(
    conn: Connection, workspace_id: str, work_id: str, session_id: str, token_digest: bytes
) -> bool:
    """Share-lock the Work item of a session token while its lease is live (see ``lock_live_lease``)."""
    return await conn.fetchval(Q.lock_live_lease, workspace_id, work_id, session_id, token_digest) is not None


async def depth_by_state(conn: Connection) -> dict[str, int]:
    """How many Work items are in each state other than ``stopped`` (for the queue depth gauge)."""
    return {r["state"]: r["items"] for r in await conn.fetch(Q.depth_by_state)}
