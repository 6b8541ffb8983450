"""Worker-run built-in calls in the operation journal: ``sessions.tool_calls.start``, and Mango's answer
to a call whose worker stopped after starting it.

A worker records ``started`` before it runs a call that can change anything (``bash``, ``write``,
``edit``), then runs it only if this request started it. :func:`start` works in one transaction
under the Session row lock (then the child Thread's row, then the call's action row): a session
token's start is fenced by its Work lease (``app.auth.assert_live_lease``), and the journal row is
inserted only if none exists, so a call is started once; a later start is a 409, except when the
call was started under another lease of the Session (that worker is gone: reclaimed, or stopped
without a result). Such a call is answered :data:`AMBIGUOUS_TEXT` for the model, with an
``agent.tool_result`` ``outcome: ambiguous`` (mirrored into the primary ledger for a child
Thread's call), its action resolved and the turn woken when its round is complete; it is never
run again. :func:`settle_previous_leases` answers every such call of a Session at the first
heartbeat of a new lease (``app.work.heartbeat``), before the new worker reads history.

Not responsible for the ``user.tool_result`` that completes a started call (``app.admission``),
for managed calls (``app.turn.managed_calls``) or for the SQL (``store.tool_calls``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from mango_server.app import ledger
from mango_server.app.auth import assert_live_lease
from mango_server.app.ledger import Tx
from mango_server.app.services import Services
from mango_server.app.threads import delegation
from mango_server.app.turn.rounds import OPEN_ACTION_STATES
from mango_server.domain._generated.events import AgentToolResultEvent, SessionStatusRunningEvent
from mango_server.domain.errors import ConflictError, InvalidRequestError, NotFoundError
from mango_server.domain.principal import Principal
from mango_server.ids import derived_id, new_id
from mango_server.store import actions, credentials, events, outbox, sessions, threads, tool_calls
from mango_server.store.actions import ActionRow
from mango_server.store.db import Connection, transaction
from mango_server.store.events import NewEvent
from mango_server.store.sessions import SessionRow
from mango_server.store.tool_calls import Starter, ToolCallRow
from mango_server.telemetry.metrics import TOOL_CALLS

log = logging.getLogger(__name__)

AMBIGUOUS_TEXT = (
    "The worker running this tool call stopped before it reported a result (its Work lease was lost or "
    "reclaimed), so the outcome is unknown: the call may or may not have taken effect. It was not run again. "
    "Check its effect before running it again."
)


@dataclass(frozen=True, slots=True)
class StartedCall:
    """A call as ``sessions.tool_calls.start`` answers it: the journal row, named as the request named it."""

    row: ToolCallRow
    tool_use_id: str
    session_thread_id: str | None


async def start(
    services: Services,
    principal: Principal,
    session_id: str,
    tool_use_id: str,
    session_thread_id: str | None,
    token: str = "",
) -> StartedCall:
    """Record that the caller starts ``tool_use_id``; it may run the call only if the answer is ``started``.

    ``token`` is the presented session token (other credentials pass ``""``).
    """
    touched: list[str] = []
    async with transaction(services.transactions) as conn:
        tx = Tx.poking(conn)
        root = await sessions.get_row(conn, principal.workspace_id, session_id, lock=True)
        await assert_live_lease(conn, principal, token)
        if root.archived_at is not None or root.status == "terminated":
            raise ConflictError(f"session {session_id} is archived or terminated; its tool calls are not started")
        target, event_id, thread = await _call_target(tx, root, tool_use_id, session_thread_id)
        action = await actions.lock(conn, target.id, event_id)
        if action is None:
            raise NotFoundError(f"tool call {tool_use_id} not found in session {session_id}")
        if action.kind != "builtin":
            raise InvalidRequestError(f"tool call {tool_use_id} ({action.name}) is not run by a worker")
        digest = credentials.digest(token) if principal.kind == "SessionToken" else None
        existing = await tool_calls.get(conn, target.id, event_id)
        if existing is None:
            row = await _start_open(conn, principal, target, action, tool_use_id, digest)
        elif existing.state == "started" and _another_lease(existing, digest):
            touched = await answer_ambiguous(tx, root, existing)
            row = await tool_calls.get(conn, target.id, event_id) or existing
        else:
            raise ConflictError(f"tool call {tool_use_id} was already started ({existing.state}); it is not run twice")
    for sid in dict.fromkeys(touched):
        await services.notifier.committed(sid, tx.news(sid))
    log.info(
        "tool call %s session_id=%s tool_use_id=%s name=%s",
        row.state,
        session_id,
        tool_use_id,
        row.name,
        extra={"action": f"tool_call.{row.state}"},
    )
    return StartedCall(row, tool_use_id, thread)


def _another_lease(call: ToolCallRow, digest: bytes | None) -> bool:
    """Whether a session token's start finds ``call`` started under another lease of the Session (whose worker
    is gone). A Workspace key's start has no lease: a call it started is never another lease's."""
    return digest is not None and call.token_digest is not None and call.token_digest != digest


async def _start_open(
    conn: Connection,
    principal: Principal,
    target: SessionRow,
    action: ActionRow,
    tool_use_id: str,
    digest: bytes | None,
) -> ToolCallRow:
    """The conditional start of a call no one started yet."""
    if action.state == "awaiting_confirmation":
        raise ConflictError(f"tool call {tool_use_id} awaits a user.tool_confirmation first")
    if action.state not in ("pending", "allowed"):
        raise ConflictError(f"tool call {tool_use_id} already has a result ({action.state}); it is not started")
    starter = Starter("worker", principal.work_id, digest)
    row = await tool_calls.start(conn, target.workspace_id, target.id, action.event_id, action.name, starter)
    if row is None:  # unreachable under the action's lock, kept as the statement's own guard
        raise ConflictError(f"tool call {tool_use_id} was already started; it is not run twice")
    TOOL_CALLS.labels("worker", "started").inc()
    return row


async def _call_target(
    tx: Tx, root: SessionRow, tool_use_id: str, session_thread_id: str | None
) -> tuple[SessionRow, str, str | None]:
    """The execution row owning the call, the call's id there and its child Thread (None for the primary's).

    A child Thread's call may be named by its cross-post in the primary ledger (what the Session
    stream shows) or, with ``session_thread_id``, by its own id.
    """
    conn = tx.conn
    child_id: str | None = None
    event_id = tool_use_id
    shown = await events.find(conn, root.id, tool_use_id)
    source = shown.payload.get("source_event_id") if shown is not None else None
    if shown is not None and isinstance(source, str) and shown.session_thread_id not in ("", root.primary_thread_id):
        child_id, event_id = shown.session_thread_id, source
    elif session_thread_id is not None and session_thread_id != root.primary_thread_id:
        child_id = (await threads.get(conn, root.workspace_id, root.id, session_thread_id)).execution_id
    if session_thread_id is not None and child_id is not None and session_thread_id != child_id:
        raise InvalidRequestError(f"tool call {tool_use_id} is not a call of thread {session_thread_id}")
    if child_id is None:
        return root, event_id, None
    child = await sessions.lock_any(conn, child_id)  # after the Session's row: the lock order
    if child is None or child.primary_session_id != root.id:
        raise NotFoundError(f"tool call {tool_use_id} not found in session {root.id}")
    return child, event_id, child_id


async def settle_previous_leases(tx: Tx, root: SessionRow, work_id: str) -> list[str]:
    """Answer ``ambiguous`` every open worker call of the Session (and its child Threads) that another lease than
    ``work_id``'s current one started; returns the execution rows it appended to (for their pokes).

    Runs under the Session row lock, in the transaction of a new lease's first heartbeat.
    """
    touched: list[str] = []
    for call in await tool_calls.stale_worker_calls(tx.conn, root.id, work_id):
        touched += await answer_ambiguous(tx, root, call)
    return touched


async def answer_ambiguous(tx: Tx, root: SessionRow, call: ToolCallRow) -> list[str]:
    """Close a started call whose worker is gone as ``ambiguous`` and give the model an error result saying so.

    ``root`` is the Session's row, locked; a child Thread's row is locked after it. Returns the
    execution rows written to.
    """
    conn = tx.conn
    target = root if call.session_id == root.id else await sessions.lock_any(conn, call.session_id)
    await tool_calls.finish(conn, call.session_id, call.event_id, "ambiguous")
    action = await actions.lock(conn, call.session_id, call.event_id)
    if target is None or action is None or action.state not in ("pending", "allowed"):
        return []
    result_id = derived_id("sevt", call.event_id, "ambiguous")
    result = AgentToolResultEvent(
        tool_use_id=call.event_id,
        content=[{"type": "text", "text": AMBIGUOUS_TEXT}],
        is_error=True,
        outcome="ambiguous",
    )
    await ledger.append(tx, target.workspace_id, target.id, [NewEvent.of(result_id, result, action.trigger_id)])
    touched = [target.id]
    if target is not root:  # the Session stream shows the child's call answered, named by its cross-post
        mirrored = {**result.payload(), "tool_use_id": delegation.crosspost_id(call.event_id)}
        copy = NewEvent(delegation.crosspost_id(result_id), result.TYPE, mirrored, session_thread_id=target.id)
        await ledger.append(tx, root.workspace_id, root.id, [copy])
        touched.append(root.id)
    await actions.resolve(conn, target.id, call.event_id, "resolved", result_id)
    after = await _resume_if_round_closed(tx, target, action)
    if target is not root:
        await delegation.announce(tx, root, target, after, new_id("sevt"))
    TOOL_CALLS.labels("worker", "ambiguous").inc()
    log.warning(
        "tool call ambiguous session_id=%s tool_use_id=%s name=%s work_id=%s",
        target.id,
        call.event_id,
        call.name,
        call.work_id,
        extra={"action": "tool_call.ambiguous"},
    )
    return touched


async def _resume_if_round_closed(tx: Tx, row: SessionRow, action: ActionRow) -> SessionRow:
    """Wake the turn once every call of the action's round is closed (as the last result would)."""
    conn = tx.conn
    calls = await actions.for_round(conn, row.id, action.trigger_id, action.round)
    if any(a.state in OPEN_ACTION_STATES for a in calls):
        return row
    if row.status != "running":
        row = await sessions.set_status(conn, row, "running", None)
        await ledger.append(tx, row.workspace_id, row.id, [NewEvent.of(new_id("sevt"), SessionStatusRunningEvent())])
    await outbox.wake(conn, row.workspace_id, row.id)
    return row
