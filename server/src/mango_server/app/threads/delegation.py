"""Session Threads: the primary Thread, coordinator delegation, child reports and Thread lifecycle.

A child Thread runs on its own execution row (``store.threads``), so the turn engine, the outbox,
the Session workflow and the transcript serve it unchanged; this module adds what connects
Threads, always inside the transaction of the change that causes it:

- a coordinator round that called ``delegate`` / ``send_to_agent`` (answered as platform tools:
  ``plan`` decides their results before the commit) creates the child Thread and delivers the
  message into the child's ledger (``agent.thread_message_received``, a turn trigger), with
  ``agent.thread_message_sent`` and ``session.thread_*`` in the primary ledger, and wakes the child;
- a child round that ends its turn appends the report to the primary ledger (a trigger of a
  later coordinator turn) and wakes the coordinator in the same transaction (``after_child_round``);
  a child that stops with ``requires_action`` cross-posts the events it waits on to the primary
  ledger, with the child's ``session_thread_id``, and so does a child whose round waits on
  built-in calls: the Session's Work (one sandbox for every Thread) serves them from the primary
  stream, and its results are routed back by that Thread id (``app.threads.routing``);
- lifecycle: archive (a pending wake becomes ``terminate``), Session archive and delete reach
  every child.

Every change that appends runs in its caller's transaction, an ``app.ledger.Tx`` (whose rows may
go to the caller's poke). Lock order is always the Session's row before a child's
(``store.sessions.lock_any``). Not responsible for client event admission (``app.admission``;
routing is ``app.threads.routing``), the wire shape (``api.mappers.threads``) or running turns
(``app.turn.engine``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from mango_server.app import ledger
from mango_server.app.ledger import Tx
from mango_server.app.turn.rounds import Round
from mango_server.domain import roster
from mango_server.domain._generated import wire
from mango_server.domain._generated.events import (
    AgentThreadMessageReceivedEvent,
    AgentThreadMessageSentEvent,
    EventPayload,
    SessionDeletedEvent,
    SessionStatusRunningEvent,
    SessionStatusTerminatedEvent,
    SessionThreadCreatedEvent,
    SessionThreadStatusIdleEvent,
    SessionThreadStatusRescheduledEvent,
    SessionThreadStatusRunningEvent,
    SessionThreadStatusTerminatedEvent,
)
from mango_server.domain.errors import ConflictError
from mango_server.ids import derived_id, new_id
from mango_server.model import ModelResponse, tool_uses
from mango_server.store import actions, events, mcp, outbox, sessions, threads, turns, work
from mango_server.store.db import Connection, Pool
from mango_server.store.events import NewEvent
from mango_server.store.sessions import SessionRow
from mango_server.store.threads import ThreadRow


@dataclass(frozen=True)
class Delivery:
    """One coordinator call to carry out in the commit: a new Thread (``delegate``) or a follow-up."""

    call_id: str
    thread_id: str
    agent: Mapping[str, object]  # the roster snapshot (wire form) of the receiving Thread
    message: str
    create: bool


@dataclass
class Plan:
    """The results of a round's coordinator calls and the deliveries they commit."""

    results: dict[str, tuple[str, bool]] = field(default_factory=dict)
    deliveries: list[Delivery] = field(default_factory=list)


async def create_primary(conn: Connection, row: SessionRow) -> None:
    """The primary Thread of a new Session."""
    assert row.primary_thread_id is not None
    await threads.insert_primary(conn, row.workspace_id, row.id, row.primary_thread_id, row.agent_snapshot)


async def plan(pool: Pool, prepared: Round, response: ModelResponse) -> Plan:
    """Decide the coordinator calls of a response before the commit (reads only; deterministic Thread ids).

    Only the coordinator creates or messages children, one round at a time, so what these reads
    see cannot change before the round commits.
    """
    out = Plan()
    start_id, session_id = prepared.start_id, prepared.session_id
    members = {roster.member_name(a): a for a in prepared.snapshot.roster}
    calls = [c for c in tool_uses(response) if c.name in roster.COORDINATOR_TOOLS]
    if not calls or not members:
        return out
    async with pool.acquire() as conn:
        rows = {t.id: t for t in await threads.all_of(conn, prepared.workspace_id, session_id)}
        live = await threads.count_live_children(conn, session_id)
    for call in calls:
        parsed = roster.delegation_input(call.name, call.input)
        if isinstance(parsed, str):
            out.results[call.id] = (parsed, True)
            continue
        target, message = parsed
        if call.name == roster.DELEGATE_TOOL:
            agent = members.get(target)
            if agent is None:
                out.results[call.id] = (f"delegate: {target!r} is not on the roster ({', '.join(members)})", True)
                continue
            if live >= roster.MAX_LIVE_THREADS:
                text = f"delegate: {roster.MAX_LIVE_THREADS} Threads are already running; wait for a report first"
                out.results[call.id] = (text, True)
                continue
            live += 1
            thread_id = derived_id("sthr", start_id, call.id)
            out.deliveries.append(Delivery(call.id, thread_id, agent, message, create=True))
            text = (
                f"Delegated to {target} in Thread {thread_id}. Its report will arrive as a message from that "
                f"Thread; follow up with send_to_agent and session_thread_id {thread_id}."
            )
            out.results[call.id] = (text, False)
            continue
        thread = rows.get(target)
        if thread is None or thread.parent_thread_id is None:
            out.results[call.id] = (f"send_to_agent: {target!r} is not a child Thread of this Session", True)
            continue
        if thread.archived_at is not None:
            out.results[call.id] = (f"send_to_agent: Thread {target} is archived", True)
            continue
        out.deliveries.append(Delivery(call.id, thread.id, thread.agent, message, create=False))
        out.results[call.id] = (
            f"Sent to {thread.agent_name} in Thread {thread.id}; its reply arrives as a message.",
            False,
        )
    return out


async def apply(tx: Tx, session: SessionRow, start_id: str, planned: Plan) -> list[str]:
    """Commit the planned deliveries in the coordinator's round transaction; returns the child rows touched."""
    conn = tx.conn
    touched: list[str] = []
    ws, sid = session.workspace_id, session.id
    primary = session.primary_thread_id or sid
    sender = str(session.agent_snapshot.get("name") or "coordinator")
    for d in planned.deliveries:
        base = derived_id("sevt", start_id, "thread", d.call_id)
        if await events.exists(conn, base):
            continue  # already committed by an earlier attempt of this round
        name = roster.member_name(d.agent)
        out: list[NewEvent] = []
        if d.create:
            await threads.insert_child(conn, ws, sid, primary, d.thread_id, roster.runnable(d.agent), d.agent)
            created = SessionThreadCreatedEvent(agent_name=name)
            out.append(NewEvent.of(derived_id("sevt", base, "created"), created, session_thread_id=d.thread_id))
        sent = AgentThreadMessageSentEvent(
            to_session_thread_id=d.thread_id, to_agent_name=name, content=[_text(d.message)]
        )
        out.append(NewEvent.of(base, sent))
        await ledger.append(tx, ws, sid, out)
        await deliver(tx, ws, d.thread_id, sender, primary, d.message, base, announce_to=session)
        touched.append(d.thread_id)
    return touched


async def deliver(
    tx: Tx,
    ws: str,
    target_id: str,
    sender: str,
    sender_thread_id: str,
    text: str,
    base: str,
    *,
    announce_to: SessionRow | None,
) -> None:
    """Queue a Thread message as the target's next trigger, set it running and wake it.

    ``announce_to``: the Session row whose ledger announces the target's status change (the
    primary ledger, when the target is a child).
    """
    conn = tx.conn
    target = await sessions.lock_any(conn, target_id)
    if target is None or target.archived_at is not None or target.deleting_at is not None:
        return
    header = f"Message from {sender} (Thread {sender_thread_id}):"
    payload = AgentThreadMessageReceivedEvent(
        from_session_thread_id=sender_thread_id, from_agent_name=sender, content=[_text(header), _text(text)]
    )
    received = NewEvent.of(derived_id("sevt", base, "received"), payload, processed=False)
    await ledger.append(tx, ws, target_id, [received])
    turn = await turns.active(conn, target_id)
    if target.status != "running" and (turn is None or turn.state == "running"):
        before = target
        target = await sessions.set_status(conn, target, "running", None)
        await ledger.append(
            tx, ws, target_id, [NewEvent.of(derived_id("sevt", base, "running"), SessionStatusRunningEvent())]
        )
        if announce_to is not None:
            await announce(tx, announce_to, before, target, derived_id("sevt", base, "thread_running"))
    await outbox.wake(conn, ws, target_id)


async def announce_child(tx: Tx, before: SessionRow, after: SessionRow, event_id: str) -> None:
    """:func:`announce` a status change of ``after`` in its Session's ledger when it is a child Thread."""
    if after.primary_session_id is None:
        return
    root = await sessions.lock_any(tx.conn, after.primary_session_id)
    if root is not None and root.deleting_at is None:
        await announce(tx, root, before, after, event_id)


async def after_child_retry(tx: Tx, before: SessionRow, start_id: str) -> None:
    """A child round that failed and will be retried: ``session.thread_status_rescheduled`` in the primary ledger."""
    after = await sessions.lock_any(tx.conn, before.id)
    if after is not None:
        await announce_child(tx, before, after, derived_id("sevt", start_id, "thread"))


async def announce(tx: Tx, session: SessionRow, before: SessionRow, after: SessionRow, event_id: str) -> None:
    """A child's status change, as ``session.thread_status_*`` in the primary ledger (nothing when unchanged)."""
    if (before.status, before.stop_reason) == (after.status, after.stop_reason):
        return
    payload = _thread_status(after)
    if payload is None:
        return
    new = NewEvent.of(event_id, payload, session_thread_id=after.id)
    if not await events.exists(tx.conn, event_id):
        await ledger.append(tx, session.workspace_id, session.id, [new])


def _thread_status(after: SessionRow) -> EventPayload | None:
    """The ``session.thread_status_*`` event announcing a child's status (None for a status not announced)."""
    name = roster.member_name(after.agent_snapshot)
    match after.status:
        case "running":
            return SessionThreadStatusRunningEvent(agent_name=name)
        case "rescheduling":
            return SessionThreadStatusRescheduledEvent(agent_name=name)
        case "idle":
            stop = _primary_stop(after.stop_reason or {"type": "end_turn"})
            return SessionThreadStatusIdleEvent(agent_name=name, stop_reason=stop)
        case "terminated":
            return SessionThreadStatusTerminatedEvent(agent_name=name)
    return None


def _primary_stop(stop: wire.StopReason) -> wire.StopReason:
    """A child's stop reason as the primary ledger shows it: pending ids name the cross-posts."""
    if stop["type"] != "requires_action":
        return stop
    return {"type": "requires_action", "event_ids": [crosspost_id(e) for e in stop["event_ids"]]}


def crosspost_id(event_id: str) -> str:
    """The id of a child event's copy in the primary ledger (deterministic, so retries write it once)."""
    return derived_id("sevt", event_id, "crosspost")


async def after_child_round(
    tx: Tx, session_id: str, trigger_id: str, start_id: str, response: ModelResponse | None
) -> None:
    """In a child round's transaction: report a finished turn, or cross-post what the child waits on.

    A turn is finished once it is no longer the child's active turn (it ended, or a queued message
    already started the next one): every finished turn reports once.
    """
    conn = tx.conn
    child = await sessions.lock_any(conn, session_id)
    if child is None or child.primary_session_id is None:
        return
    root = await sessions.lock_any(conn, child.primary_session_id)
    if root is None or root.deleting_at is not None:
        return
    base = derived_id("sevt", start_id, "child")
    if await events.exists(conn, base):
        return
    stop = child.stop_reason if child.status == "idle" else None
    active = await turns.active(conn, child.id)
    if active is not None and active.trigger_id == trigger_id:
        owed = list(stop["event_ids"]) if stop is not None and stop["type"] == "requires_action" else []
        calls = await actions.for_round(conn, child.id, trigger_id, active.round)
        for_worker = [a.event_id for a in calls if a.kind == "builtin" and a.state in ("pending", "allowed")]
        await _cross_post(tx, root, child, [*owed, *(e for e in for_worker if e not in owed)])
        if owed:  # the turn waits for answers only a client can give
            await announce(tx, root, replace(child, status="running"), child, base)
        return
    text = _report_text(response, stop["type"] if stop is not None else "end_turn")
    name = roster.member_name(child.agent_snapshot)
    await ledger.append(tx, child.workspace_id, child.id, [_report_sent(base, root, text)])
    await announce(tx, root, replace(child, status="running"), child, derived_id("sevt", base, "idle"))
    await deliver(tx, root.workspace_id, root.id, name, child.id, text, base, announce_to=None)


async def report_interrupted(tx: Tx, root: SessionRow, child: SessionRow, base: str) -> None:
    """A child whose turn an interrupt cut short tells the coordinator, so it does not wait for a report."""
    text = "(the user interrupted this Thread before it finished its turn)"
    await ledger.append(tx, child.workspace_id, child.id, [_report_sent(base, root, text)])
    name = roster.member_name(child.agent_snapshot)
    await deliver(tx, root.workspace_id, root.id, name, child.id, text, base, announce_to=None)


async def _cross_post(tx: Tx, root: SessionRow, child: SessionRow, event_ids: list[str]) -> None:
    copies: list[NewEvent] = []
    for event_id in event_ids:
        original = await events.find(tx.conn, child.id, event_id)
        if original is None or await events.exists(tx.conn, crosspost_id(event_id)):
            continue
        payload = {**original.payload, "source_event_id": event_id}
        copies.append(
            NewEvent(crosspost_id(event_id), original.type, payload, original.trigger_id, session_thread_id=child.id)
        )
    await ledger.append(tx, root.workspace_id, root.id, copies)


def _report_sent(event_id: str, root: SessionRow, text: str) -> NewEvent:
    """A child's report as its own ledger records it: a message to the coordinator's Thread."""
    to = root.primary_thread_id or root.id
    name = root.agent_snapshot.get("name")
    return NewEvent.of(
        event_id, AgentThreadMessageSentEvent(to_session_thread_id=to, to_agent_name=name, content=[_text(text)])
    )


def _report_text(response: ModelResponse | None, stop: str) -> str:
    texts = [
        str(b["text"]) for b in (response.content if response else []) if b.get("type") == "text" and b.get("text")
    ]
    if texts:
        return "\n".join(texts)
    if stop == "retries_exhausted":
        return "(the Thread's turn ended after repeated model errors, without a report)"
    if stop == "context_overflow":
        return "(the Thread's turn ended because its context no longer fits the model's window, without a report)"
    return "(the Thread ended its turn without a report)"


def _text(text: str) -> wire.TextBlock:
    return {"type": "text", "text": text}


# ------------------------------------------------------------------ lifecycle


async def archive_child(tx: Tx, session: SessionRow, thread: ThreadRow) -> list[str]:
    """Archive a child Thread: terminal, its pending wake upgraded to ``terminate`` atomically."""
    conn = tx.conn
    if thread.parent_thread_id is None:
        raise ConflictError(f"thread {thread.id} is the primary Thread; archive the Session instead")
    if thread.archived_at is not None:
        return []
    child = await sessions.lock_any(conn, thread.execution_id)
    if child is None:
        return []
    await sessions.archive(conn, child)
    await threads.archive(conn, thread.id)
    ws = session.workspace_id
    await ledger.append(tx, ws, child.id, [NewEvent.of(new_id("sevt"), SessionStatusTerminatedEvent())])
    name = roster.member_name(child.agent_snapshot)
    terminated = NewEvent.of(
        new_id("sevt"), SessionThreadStatusTerminatedEvent(agent_name=name), session_thread_id=child.id
    )
    await ledger.append(tx, ws, session.id, [terminated])
    await outbox.wake(conn, ws, child.id, "terminate")
    await work.stop_for_session(conn, child.id)
    return [child.id]


async def paused_for_budget(conn: Connection, session: SessionRow) -> list[str]:
    """The execution rows (the Session's and its live children's) whose turn waits on a raised budget."""
    rows = [session]
    for thread in await children(conn, session):
        child = await sessions.lock_any(conn, thread.execution_id) if thread.archived_at is None else None
        rows += [child] if child is not None else []
    return [r.id for r in rows if r.stop_reason is not None and r.stop_reason["type"] == "budget_reached"]


async def children(conn: Connection, session: SessionRow) -> list[ThreadRow]:
    """The child Threads of a Session (archived included)."""
    return [t for t in await threads.all_of(conn, session.workspace_id, session.id) if t.parent_thread_id is not None]


async def archive_all(tx: Tx, session: SessionRow) -> list[str]:
    """Archive every child Thread (the Session is being archived) and the primary Thread record."""
    touched: list[str] = []
    for thread in await children(tx.conn, session):
        touched += await archive_child(tx, session, thread)
    if session.primary_thread_id:
        await threads.archive(tx.conn, session.primary_thread_id)
    return touched


async def stop_all_for_delete(tx: Tx, session: SessionRow) -> list[str]:
    """Deletion: every child's stream ends (``session.deleted``), its MCP journal settles, its workflow is
    told to stop and its Work stops."""
    conn = tx.conn
    touched: list[str] = []
    for thread in await children(conn, session):
        await ledger.append(
            tx, session.workspace_id, thread.execution_id, [NewEvent.of(new_id("sevt"), SessionDeletedEvent())]
        )
        await mcp.settle_interrupted(conn, thread.execution_id)  # what became of its in-flight calls
        await outbox.wake(conn, session.workspace_id, thread.execution_id, "terminate")
        await work.stop_for_session(conn, thread.execution_id)
        touched.append(thread.execution_id)
    return touched
