"""Environment Work use cases: Poll, Ack, heartbeat, Stop, Fail, healthchecks, reads and stats.

Credential scopes (the route table says which kinds each operation accepts): an Environment
key reaches only its own Environment's queue (another Environment answers 404); a session
token reaches only its own Work item (another item answers 404); a Workspace key reaches every
Environment of its Workspace. Poll long-polls by re-querying every ~100 ms up to ``block_ms``,
one short transaction per attempt. Every transaction of a Poll, an Ack or a healthcheck result made
with an Environment key share-locks the key's row first and fails (401) once it is revoked, so a
revocation (which updates that row) waits for the ones in flight: after it returns, none succeeds.

A Session item's ``environment_variable`` secrets are read by its worker's supervisor (for the
egress proxy) only while the item is leased (``domain.work.check_secrets_lease``).

Fail and Stop touch the Session. A worker that cannot prepare a Session's inputs (a Skill
archive, a Memory Store) reports a terminal failure: in one transaction the Work item is
stopped with its ``error``, the Session's active turn is closed (queued inputs are flushed,
open tool calls cancelled), a ``session.error`` (``session_input_failed_error``,
``retry_status`` ``terminal``) and ``session.status_terminated`` are appended and the Session
status becomes ``terminated`` with the ``worker_failed`` stop reason (naming the item); every
open child Thread of a multi-agent Session ends the same way (its own ``session.error`` and
``session.status_terminated``, ``session.thread_status_terminated`` on the primary ledger). A
Stop that leaves built-in calls unexecuted re-queues Work for them in the same transaction. Lock
order is the Session row, then the Work row (the same order as enqueueing from a turn).

Not responsible for: authentication, the lease rules (``domain.work``), SQL (``store.work``) or
the transient failures a worker retries by itself.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass

from mango_server.app import ledger, tool_calls
from mango_server.app.ledger import Tx
from mango_server.app.services import Services
from mango_server.app.threads import delegation
from mango_server.app.turn.rounds import finish_turn, is_open
from mango_server.domain._generated import wire
from mango_server.domain._generated.events import SessionErrorEvent, SessionStatusTerminatedEvent
from mango_server.domain.errors import AuthenticationError, ConflictError, RateLimitedError
from mango_server.domain.paging import Cursor, Page
from mango_server.domain.principal import Principal
from mango_server.domain.vaults import EnvironmentSecret
from mango_server.domain.work import HeartbeatResult, check_secrets_lease, environment_in_scope, work_in_scope
from mango_server.ids import new_id
from mango_server.store import actions, credentials, environments, events, mcp, outbox, sessions, turns, vaults, work
from mango_server.store import tool_calls as tool_call_rows
from mango_server.store.db import Connection, transaction
from mango_server.store.events import NewEvent
from mango_server.store.sessions import SessionRow
from mango_server.store.work import ClaimedWork, QueueStats, WorkRow

log = logging.getLogger(__name__)
INPUT_FAILED = "session_input_failed_error"
_POLL_INTERVAL = 0.1
# A worker counts against MANGO_WORK_POLL_MAX_WORKERS until it has not polled for this long (see work.sql).
_POLLER_WINDOW_SECONDS = 30.0


@dataclass(frozen=True)
class PollRequest:
    """What a Poll asks for: how long to wait, when to reclaim an unacknowledged claim, who polls."""

    block_ms: int
    reclaim_after_ms: int
    worker_id: str | None


@dataclass(frozen=True)
class WorkRef:
    """One Work item addressed by a caller: scope-checked on construction by :func:`ref`."""

    workspace_id: str
    environment_id: str
    work_id: str
    environment_key_id: str | None = None  # the Environment key of the request, held by its transaction


def ref(principal: Principal, environment_id: str, work_id: str) -> WorkRef:
    """The item a request names, within what the credential may reach (404 otherwise)."""
    return WorkRef(
        principal.workspace_id,
        environment_in_scope(principal, environment_id),
        work_in_scope(principal, work_id),
        principal.key_id if principal.kind == "EnvironmentKey" else None,
    )


async def _hold_key(conn: Connection, key_id: str | None) -> None:
    """Share-lock the request's Environment key for this transaction (Workspace keys and session tokens pass).

    Authentication read the key before the transaction; a revocation that committed since is seen
    here, and one still running waits for this transaction: after it returns, no Poll, Ack or
    healthcheck result with the key succeeds.
    """
    if key_id is not None and not await credentials.hold_environment_key(conn, key_id):
        raise AuthenticationError("invalid or revoked credential")


async def _check_environment(services: Services, principal: Principal, environment_id: str) -> None:
    environment_in_scope(principal, environment_id)
    async with services.pool.acquire() as conn:
        await environments.get(conn, principal.workspace_id, environment_id)


async def poll(
    services: Services, principal: Principal, environment_id: str, request: PollRequest
) -> ClaimedWork | None:
    """Claim the next item, waiting up to ``block_ms``; ``None`` when nothing came."""
    await _check_environment(services, principal, environment_id)
    deadline = time.monotonic() + request.block_ms / 1000
    workspace_id = principal.workspace_id
    await _admit_poller(services, principal, environment_id, request.worker_id or f"key:{principal.key_id}")
    key_id = principal.key_id if principal.kind == "EnvironmentKey" else None
    while True:
        async with transaction(services.pool) as conn:
            await _hold_key(conn, key_id)  # every attempt: a long poll must not outlive a revocation
            item = await work.claim(
                conn,
                workspace_id,
                environment_id,
                reclaim_after_ms=request.reclaim_after_ms,
                worker_id=request.worker_id,
                api_base_url=services.settings.base_url,
            )
        if item is not None:
            return item
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return None
        await asyncio.sleep(min(_POLL_INTERVAL, remaining))


async def _admit_poller(services: Services, principal: Principal, environment_id: str, worker_id: str) -> None:
    # Distinct worker ids are bounded per Environment: each costs a row and a poll loop here.
    limit = services.settings.work_poll_max_workers
    async with services.pool.acquire() as conn:
        admitted = await work.record_poller(conn, principal.workspace_id, environment_id, worker_id, max_workers=limit)
    if not admitted:
        log.warning(
            "poll refused environment_id=%s max_workers=%s",
            environment_id,
            limit,
            extra={"action": "work.poll_refused"},
        )
        raise RateLimitedError(
            f"environment {environment_id} already has {limit} distinct workers polling; "
            "reuse a worker_id or retry once one has been quiet for 30 seconds",
            retry_after_seconds=_POLLER_WINDOW_SECONDS,
        )


async def acknowledge(services: Services, item: WorkRef) -> WorkRow:
    """Ack a claimed item: ``queued`` -> ``starting``."""
    async with transaction(services.pool) as conn:
        await _hold_key(conn, item.environment_key_id)
        row = await work.lock(conn, item.workspace_id, item.environment_id, item.work_id)
        return await work.acknowledge(conn, row)


async def heartbeat(services: Services, item: WorkRef, expected: str, ttl_seconds: int) -> HeartbeatResult:
    """Renew the lease if ``expected`` still names the last heartbeat.

    The first heartbeat of a lease (the item is ``starting``) also answers ``ambiguous`` every worker call of
    the Session that an earlier lease started and never answered (``app.tool_calls``): its worker is gone, and
    the new one must find it answered before it reads history. The Session row is locked first (the lock order).
    """
    settled: list[str] = []
    async with transaction(services.pool) as conn:
        tx = Tx.poking(conn)
        found = await work.get(conn, item.workspace_id, item.environment_id, item.work_id)
        first = found.kind == "session" and found.state == "starting" and found.session_id is not None
        session = await sessions.lock_any(conn, found.session_id) if first and found.session_id else None
        row = await work.lock(conn, item.workspace_id, item.environment_id, item.work_id)
        result = await work.heartbeat(conn, row, expected, ttl_seconds)
        if session is not None and row.state == "starting" and result.lease_extended:
            settled = await tool_calls.settle_previous_leases(tx, session, row.id)
    for session_id in dict.fromkeys(settled):
        await services.notifier.committed(session_id, tx.news(session_id))
    return result


async def stop(services: Services, item: WorkRef, *, force: bool) -> WorkRow:
    """Stop (or ask the owner to stop) an item, re-queueing Work for calls it leaves unexecuted."""
    async with transaction(services.pool) as conn:
        return await stop_in(conn, item.workspace_id, item.environment_id, item.work_id, force=force)


async def fail(services: Services, item: WorkRef, error: wire.WorkError) -> WorkRow:
    """Stop the item with ``error`` and terminate its Session, child Threads included, for good."""
    async with transaction(services.pool) as conn:
        row, terminated = await fail_in(Tx(conn), item.workspace_id, item.environment_id, item.work_id, error)
    if terminated:
        log.info(
            "session terminated by work failure session_id=%s work_id=%s threads=%d",
            terminated[0],
            item.work_id,
            len(terminated) - 1,
            extra={"action": "work.session_terminated"},
        )
    for session_id in terminated:
        await services.notifier.committed(session_id)
    return row


async def get(services: Services, item: WorkRef) -> WorkRow:
    """One Work item."""
    async with services.pool.acquire() as conn:
        return await work.get(conn, item.workspace_id, item.environment_id, item.work_id)


async def list_page(
    services: Services,
    principal: Principal,
    environment_id: str,
    *,
    limit: int,
    cursor: Cursor | None,
    states: list[str],
) -> Page[WorkRow]:
    """One page of an Environment's Work items, newest first."""
    await _check_environment(services, principal, environment_id)
    async with services.pool.acquire() as conn:
        return await work.list_page(
            conn, principal.workspace_id, environment_id, limit=limit, cursor=cursor, states=states
        )


async def stats(services: Services, principal: Principal, environment_id: str) -> QueueStats:
    """The Environment's queue statistics."""
    await _check_environment(services, principal, environment_id)
    async with services.pool.acquire() as conn:
        return await work.stats(conn, principal.workspace_id, environment_id)


async def create_healthcheck(
    services: Services, principal: Principal, environment_id: str, metadata: Mapping[str, str | None]
) -> WorkRow:
    """Queue a healthcheck item on an Environment that is not archived."""
    environment_in_scope(principal, environment_id)
    kept = {k: v for k, v in metadata.items() if v is not None}
    async with transaction(services.pool) as conn:
        environment = await environments.get(conn, principal.workspace_id, environment_id)
        if environment.archived_at is not None:
            raise ConflictError(f"environment {environment_id} is archived; it accepts no new Work")
        return await work.enqueue_healthcheck(conn, principal.workspace_id, environment_id, kept)


async def report_healthcheck(services: Services, item: WorkRef, params: wire.HealthcheckResultParams) -> WorkRow:
    """Record a healthcheck's result and stop the item."""
    async with transaction(services.pool) as conn:
        await _hold_key(conn, item.environment_key_id)
        row = await work.lock(conn, item.workspace_id, item.environment_id, item.work_id)
        return await work.record_result(conn, row, params)


async def secrets(services: Services, item: WorkRef) -> list[EnvironmentSecret]:
    """The ``environment_variable`` secrets of a Session item's Session, read under the item's live lease.

    The caller is the worker's supervisor (its Environment key; the route refuses session tokens,
    which tool containers hold). The values are returned, never logged: the record names counts only.
    """
    async with transaction(services.pool) as conn:
        await _hold_key(conn, item.environment_key_id)
        row = await work.lock(conn, item.workspace_id, item.environment_id, item.work_id)
        session_id = check_secrets_lease(row, row.db_now)
        found = await vaults.environment_secrets(conn, services.keyring, session_id)
    log.info(
        "work secrets read work_id=%s session_id=%s count=%d",
        item.work_id,
        session_id,
        len(found),
        extra={"action": "work.secrets_read"},
    )
    return found


async def fail_in(
    tx: Tx, workspace_id: str, environment_id: str, work_id: str, error: wire.WorkError
) -> tuple[WorkRow, list[str]]:
    """:func:`fail` in the caller's transaction; returns the row and the ids of the terminated Session and
    child Threads (none when the Session was already over)."""
    conn = tx.conn
    row = await work.get(conn, workspace_id, environment_id, work_id)
    session = await sessions.lock_any(conn, row.session_id) if row.session_id is not None else None
    locked = await work.lock(conn, workspace_id, environment_id, work_id)
    stored = {"type": INPUT_FAILED, "message": error["message"]}
    updated = await work.stop_with_error(conn, locked, stored)
    if session is None or session.deleting_at is not None or session.status == "terminated":
        return updated, []
    # The stop reason names the failed item on the Session and on each child Thread it ends.
    stop: wire.WorkerFailedStopReason = {
        "type": "worker_failed",
        "work_id": work_id,
        "environment_id": environment_id,
        "message": error["message"][:1000],
    }
    await terminate_session(tx, session, stop)
    return updated, [session.id, *await _terminate_children(tx, session, stop)]


async def _terminate_children(tx: Tx, session: SessionRow, stop: wire.WorkerFailedStopReason) -> list[str]:
    """Fail-closed: the child Threads of a Session whose inputs failed end with it (none keeps running on a
    workspace that was never fully prepared); returns their execution ids."""
    conn = tx.conn
    touched: list[str] = []
    for thread in await delegation.children(conn, session):
        if thread.archived_at is not None:
            continue
        child = await sessions.lock_any(conn, thread.execution_id)  # after the Session's row: the lock order
        if child is None or not is_open(child) or child.status == "terminated":
            continue
        after = await terminate_session(tx, child, stop)
        await delegation.announce(tx, session, child, after, new_id("sevt"))  # session.thread_status_terminated
        touched.append(child.id)
    return touched


async def stop_in(conn: Connection, workspace_id: str, environment_id: str, work_id: str, *, force: bool) -> WorkRow:
    """:func:`stop` in the caller's transaction.

    The Session row is locked first, so a turn creating calls and this stop serialize: calls are
    either seen here and re-queued, or see the stopped item and queue new Work themselves.
    """
    row = await work.get(conn, workspace_id, environment_id, work_id)
    session = await sessions.lock_any(conn, row.session_id) if row.session_id is not None else None
    updated = await work.stop(conn, await work.lock(conn, workspace_id, environment_id, work_id), force=force)
    if updated.state == "stopped" and is_open(session) and session is not None and session.status != "terminated":
        await work.ensure_if_runnable(conn, session)
    return updated


async def terminate_session(tx: Tx, session: SessionRow, stop: wire.WorkerFailedStopReason) -> SessionRow:
    """End the active turn and the Session for good, announcing it with its events; ``stop`` stays its
    ``stop_reason``, so a read of the terminated Session names the failed Work item."""
    message = stop["message"]
    conn = tx.conn
    sid, ws = session.id, session.workspace_id
    turn = await turns.active(conn, sid)
    if turn is not None:
        await finish_turn(conn, sid, turn.trigger_id)
    else:
        await events.mark_processed(conn, await events.queued_inputs(conn, sid))
    await actions.cancel_open(conn, sid)
    await mcp.settle_interrupted(conn, sid)
    await tool_call_rows.settle_interrupted(conn, sid)
    trigger = turn.trigger_id if turn is not None else None
    error: wire.SessionError = {"type": INPUT_FAILED, "message": message, "retry_status": {"type": "terminal"}}
    announced = [
        NewEvent.of(new_id("sevt"), SessionErrorEvent(error=error), trigger),
        NewEvent.of(new_id("sevt"), SessionStatusTerminatedEvent(stop_reason=stop)),
    ]
    await ledger.append(tx, ws, sid, announced)
    terminated = await sessions.set_status(conn, session, "terminated", stop)
    await outbox.wake(conn, ws, sid, "terminate")
    return terminated
