"""Routing client events to Threads: which execution row admits each event of a request.

``user.tool_confirmation``, ``user.tool_result`` and ``user.custom_tool_result`` go to the
Thread their ``session_thread_id`` names (the primary Thread when absent); a child's pending
call may be named by its own event id or by the id of its cross-post in the primary ledger.
Each answer a child admits is mirrored into the primary ledger, naming the call by its
cross-post id, so a reader of the Session stream alone (the Session's Work serving a child's
built-in calls, a client relaying approvals) sees every call it was shown answered.
``user.interrupt`` with a ``session_thread_id`` stops that Thread (a turn it cuts short, or a
delegation it had not started yet, is reported to the coordinator, which goes on without it);
without one it stops the primary Thread and every non-archived child, and nothing reports. A
``session_thread_id`` that is not a Thread of the Session is a 400. Runs in the caller's
transaction (its ``app.ledger.Tx``), under the Session row lock; each child row is locked after
it. Not responsible for what admitting an event means (``app.admission``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from mango_server.app import ledger
from mango_server.app.admission import Admission
from mango_server.app.documents import Snapshots
from mango_server.app.ledger import Tx
from mango_server.app.threads import delegation as thread_rules
from mango_server.domain._generated import wire
from mango_server.domain.errors import ConflictError, InvalidRequestError
from mango_server.domain.model_catalogue import ModelCatalogue
from mango_server.domain.principal import PrincipalKind
from mango_server.ids import new_id
from mango_server.store import events, sessions, threads, turns
from mango_server.store.db import Connection
from mango_server.store.events import EventRow, NewEvent
from mango_server.store.sessions import SessionRow
from mango_server.store.threads import ThreadRow


class Routed:
    """The outcome of one routed request: the admitted rows and the child rows it touched."""

    def __init__(self) -> None:
        self.accepted: list[EventRow] = []
        self.touched: list[str] = []


async def admit(
    tx: Tx,
    session: SessionRow,
    principal_kind: PrincipalKind,
    documents: Snapshots,
    client_events: Sequence[wire.SessionEventInput],
    at_lock: turns.ActiveAtLock | None = None,
    models: ModelCatalogue | None = None,
) -> Routed:
    """Admit ``client_events`` in order, each by the execution row of its Thread.

    ``models``: the catalogue that says which model accepts images and PDFs (``app.admission``).

    ``at_lock``: the Session's active turn as read when ``session`` was locked; the first batch of
    primary events starts from it (later ones follow admissions that may have changed it).
    """
    conn = tx.conn
    routed = Routed()
    by_id: dict[str, ThreadRow] | None = None
    primary = session.primary_thread_id
    batch: list[wire.SessionEventInput] = []
    positions: list[int] = []  # the request index of each event in ``batch`` (document snapshots use it)
    for index, event in enumerate(client_events):
        named = _named_thread(event)
        if event["type"] == "user.interrupt" and named is None:
            by_id = by_id if by_id is not None else await _threads(conn, session)
            targets = [t for t in by_id.values() if t.parent_thread_id is not None and t.archived_at is None]
        elif named is None or named == primary:
            batch.append(_primary_event(event))
            positions.append(index)
            continue
        else:
            by_id = by_id if by_id is not None else await _threads(conn, session)
            thread = by_id.get(named)
            if thread is None:
                raise InvalidRequestError(
                    f"events[{index}].session_thread_id: {named!r} is not a Thread of session {session.id}"
                )
            if thread.archived_at is not None:
                raise ConflictError(f"events[{index}]: thread {named} is archived and accepts no events")
            targets = [thread]
        if batch:
            await _admit_primary(tx, session, principal_kind, _at(documents, positions), batch, routed, at_lock, models)
            session = await sessions.get_row(conn, session.workspace_id, session.id)  # as the batch left it
            batch, positions = [], []
        at_lock = None  # a child's admission may change what the primary Thread's next batch sees
        if event["type"] == "user.interrupt" and named is None:
            batch.append(_primary_event(event))  # the primary Thread is interrupted with its children
            positions.append(index)
        for thread in targets:
            await _admit_child(
                tx, session, thread, principal_kind, event, routed,
                targeted=named is not None, documents=_at(documents, [index]), models=models,
            )  # fmt: skip
    if batch:
        await _admit_primary(tx, session, principal_kind, _at(documents, positions), batch, routed, at_lock, models)
    return routed


def _at(documents: Snapshots, positions: list[int]) -> Snapshots:
    """The snapshots of a batch, keyed by each event's index within the batch."""
    where = {request_index: batch_index for batch_index, request_index in enumerate(positions)}
    return {(where[i], block): snap for (i, block), snap in documents.items() if i in where}


async def _threads(conn: Connection, session: SessionRow) -> dict[str, ThreadRow]:
    return {t.id: t for t in await threads.all_of(conn, session.workspace_id, session.id)}


def _named_thread(event: wire.SessionEventInput) -> str | None:
    """The Thread an event names (``user.message`` and ``user.define_outcome`` name none)."""
    named = event.get("session_thread_id")
    return named if isinstance(named, str) else None


def _primary_event(event: wire.SessionEventInput) -> wire.SessionEventInput:
    """The event without its ``session_thread_id`` (an optional key: what is left is the same event type)."""
    return cast(wire.SessionEventInput, {k: v for k, v in event.items() if k != "session_thread_id"})


def _id_field(event: wire.SessionEventInput) -> str | None:
    """The field naming the tool call an answer resolves (None for an event that answers no call)."""
    if event["type"] == "user.tool_confirmation" or event["type"] == "user.tool_result":
        return "tool_use_id"
    if event["type"] == "user.custom_tool_result":
        return "custom_tool_use_id"
    return None


async def _with_original_id(
    conn: Connection, session: SessionRow, child: SessionRow, event: wire.SessionEventInput
) -> wire.SessionEventInput:
    """The answer as the child admits it: naming its call by the child's own id (:func:`_original_id`)."""
    if event["type"] == "user.tool_confirmation" or event["type"] == "user.tool_result":
        event["tool_use_id"] = await _original_id(conn, session, child, event["tool_use_id"])
    elif event["type"] == "user.custom_tool_result":
        event["custom_tool_use_id"] = await _original_id(conn, session, child, event["custom_tool_use_id"])
    return event


async def _admit_primary(
    tx: Tx,
    session: SessionRow,
    principal_kind: PrincipalKind,
    documents: Snapshots,
    batch: list[wire.SessionEventInput],
    routed: Routed,
    at_lock: turns.ActiveAtLock | None,
    models: ModelCatalogue | None,
) -> None:
    routed.accepted += await Admission(tx, session, principal_kind, documents, at_lock, models).admit(batch)


async def _admit_child(
    tx: Tx,
    session: SessionRow,
    thread: ThreadRow,
    principal_kind: PrincipalKind,
    event: wire.SessionEventInput,
    routed: Routed,
    *,
    targeted: bool,
    documents: Snapshots,
    models: ModelCatalogue | None,
) -> None:
    conn = tx.conn
    child = await sessions.lock_any(conn, thread.execution_id)
    if child is None:
        return
    local = await _with_original_id(conn, session, child, _primary_event(event))
    field = _id_field(event)
    admission = Admission(tx, child, principal_kind, documents, models=models)
    rows = await admission.admit([local])
    routed.accepted += rows
    routed.touched.append(child.id)
    if field is not None:
        await _mirror(tx, session, child, field, [r for r in rows if r.type == event["type"]])
    after = await sessions.lock_any(conn, child.id)
    if after is not None:
        await thread_rules.announce(tx, session, child, after, new_id("sevt"))
    # A stopped turn, or a delegation the child had not claimed yet: either way the coordinator waits
    # for a report it would not otherwise get (a global interrupt stops the coordinator too).
    if admission.interrupted_work and targeted and after is not None:
        await thread_rules.report_interrupted(tx, session, after, new_id("sevt"))


async def _original_id(conn: Connection, session: SessionRow, child: SessionRow, event_id: str) -> str:
    """A child's pending event id, whether the client named it directly or by its primary-ledger cross-post."""
    copy = await events.find(conn, session.id, event_id)
    if copy is not None and copy.session_thread_id == child.id and isinstance(copy.payload.get("source_event_id"), str):
        return str(copy.payload["source_event_id"])
    return _owed_id(child, event_id)


def _owed_id(child: SessionRow, event_id: str) -> str:
    """The child's pending id in its ``requires_action`` that ``event_id`` names (cross-posts without a source)."""
    stop = child.stop_reason
    for pending in stop["event_ids"] if stop is not None and stop["type"] == "requires_action" else []:
        if thread_rules.crosspost_id(pending) == event_id:
            return pending
    return event_id


async def _mirror(tx: Tx, session: SessionRow, child: SessionRow, field: str, rows: list[EventRow]) -> None:
    """Copy a child's admitted answers into the primary ledger, naming each call by its cross-post."""
    copies = [
        NewEvent(
            thread_rules.crosspost_id(row.id),
            row.type,
            {**row.payload, field: thread_rules.crosspost_id(str(row.payload[field]))},
            session_thread_id=child.id,
        )
        for row in rows
    ]
    await ledger.append(tx, session.workspace_id, session.id, copies)
