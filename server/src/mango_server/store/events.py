"""The public event ledger of a Session (``session_events``): appends, reads by sequence, history pages.

Appends allocate sequence numbers by incrementing ``sessions.next_seq``, which takes the
Session row lock: within a Session, sequence order is commit order, so a reader that fetches
``seq > cursor`` never skips an event that commits later with a smaller number. Every caller
runs inside one transaction together with the status projection it announces. :func:`append`
is one statement that may carry two more steps of the write path: the status projection the
events announce (``status``, by the rules ``store.sessions.set_status`` applies) and the
Session's outbox wakeup (``arm``, as ``store.outbox.wake`` arms it); both rules are SQL
functions of migration 0020, written once. What an append leads to beyond its statement (the
webhook notifications of status events, the rows for the transaction's live poke) is the
caller's: ``app.ledger``, the one write path. Not responsible for the wire shape of an event
(``api.mappers.events``) or for the outbox's semantics (``store.outbox``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

from mango_server.domain._generated import wire
from mango_server.domain._generated.events import EventPayload
from mango_server.domain.json import JsonObject
from mango_server.domain.paging import Cursor, Order, Page
from mango_server.store.db import Connection, from_record
from mango_server.store.pagination import created_range, fetch_page
from mango_server.store.sql_loader import NamedQueries
from mango_server.telemetry.traces import current_traceparent


class Q(NamedQueries, file="events"):
    append_events: str
    event_exists: str
    find_event: str
    events_after: str
    list_base: str
    next_trigger: str
    mark_processed: str
    queued_inputs: str


@dataclass
class NewEvent:
    """An event to append; ``payload`` holds every public field except the envelope."""

    id: str
    type: str
    payload: JsonObject = field(default_factory=dict)
    trigger_id: str | None = None
    processed: bool = True
    #: The Thread the event belongs to when it is not the execution row's own (a cross-post).
    session_thread_id: str | None = None

    @classmethod
    def of(
        cls,
        id: str,
        event: EventPayload,
        trigger_id: str | None = None,
        *,
        processed: bool = True,
        session_thread_id: str | None = None,
    ) -> NewEvent:
        """The event ``event`` describes: its class names the type, its ``payload()`` is the stored object."""
        return cls(id, event.TYPE, event.payload(), trigger_id, processed, session_thread_id)


@dataclass(frozen=True, slots=True)
class EventRow:
    """One committed ledger row."""

    seq: int
    id: str
    type: str
    payload: JsonObject
    trigger_id: str | None
    processed_at: datetime | None
    created_at: datetime
    session_thread_id: str = ""


@dataclass(frozen=True, slots=True)
class StatusChange:
    """The status projection an append announces: ``usage``, when set, is written with it."""

    status: str
    stop_reason: wire.StopReason | None
    usage: dict[str, int] | None = None


@dataclass(frozen=True, slots=True)
class Written:
    """What one append wrote: its rows and what the statement answered about the Session."""

    rows: list[EventRow]
    #: A status event here may announce a webhook notification: the row is a Session's own and its
    #: Workspace has an enabled endpoint (otherwise no lookup per status event is needed).
    notifies: bool
    #: The status projection's clock after a ``status`` change: active seconds, running since.
    clock: tuple[float, datetime | None] | None = None


async def append(
    conn: Connection,
    workspace_id: str,
    session_id: str,
    events: list[NewEvent],
    *,
    status: StatusChange | None = None,
    arm: bool = False,
    hold: float | None = None,
) -> Written:
    """Append ``events`` in order, in one statement, and return the rows as written.

    ``status`` also writes the status projection in that statement (a Session's own row only: a
    child Thread's numbers come from its Session's row, so its status is ``sessions.set_status``'s);
    ``arm`` also arms the Session's outbox wakeup (``wake``), unless the Session's step hold is
    running; ``hold`` takes that hold for so many seconds (``orchestration.holds``).
    """
    now = datetime.now(UTC)
    processed = [now if event.processed else None for event in events]
    change = (status.status, status.stop_reason, status.usage) if status is not None else (None, None, None)
    record = await conn.fetchrow(
        Q.append_events,
        workspace_id,
        session_id,
        [event.id for event in events],
        [event.type for event in events],
        [event.payload for event in events],
        [event.trigger_id for event in events],
        processed,
        now,
        [event.session_thread_id for event in events],
        *change,
        arm,
        current_traceparent() if arm else None,
        hold,
    )
    if record is None:
        raise LookupError(f"session {session_id} does not exist")
    first, threads = int(record["first"]), list(record["thread_ids"] or [])
    rows = [
        EventRow(
            first + offset,
            event.id,
            event.type,
            event.payload,
            event.trigger_id,
            processed[offset],
            now,
            threads[offset],
        )
        for offset, event in enumerate(events)
    ]
    clock = (float(record["active_seconds"]), record["running_since"]) if status is not None else None
    return Written(rows, bool(record["notifies"]), clock)


async def exists(conn: Connection, event_id: str) -> bool:
    """Whether an event id is already in the ledger (idempotent appends use deterministic ids)."""
    return bool(await conn.fetchval(Q.event_exists, event_id))


async def find(conn: Connection, session_id: str, event_id: str) -> EventRow | None:
    """One ledger row of a Session."""
    record = await conn.fetchrow(Q.find_event, session_id, event_id)
    return from_record(EventRow, record) if record is not None else None


async def rows_after(conn: Connection, session_id: str, seq: int, limit: int = 500) -> list[EventRow]:
    """Committed rows with ``seq`` greater than the cursor, in order (SSE reads these)."""
    return [from_record(EventRow, r) for r in await conn.fetch(Q.events_after, session_id, seq, limit)]


async def list_page(
    conn: Connection,
    workspace_id: str,
    session_id: str,
    *,
    limit: int,
    cursor: Cursor | None,
    order: Order,
    types: list[str] | None,
    created: dict[str, datetime | None],
) -> Page[EventRow]:
    """One page of history with the filters of ``sessions.events.list``."""
    sql = Q.list_base
    params: list[object] = [workspace_id, session_id]
    if types:
        params.append(types)
        sql += f" AND type = ANY(${len(params)}::text[])"
    sql += created_range(params, created)
    return await fetch_page(
        conn,
        sql,
        params,
        row=lambda r: from_record(EventRow, r),
        order=order,
        limit=limit,
        cursor=cursor,
        columns=("seq",),
    )


async def next_trigger(conn: Connection, session_id: str) -> EventRow | None:
    """The oldest queued trigger: a ``user.message`` or a Thread message (``agent.thread_message_received``)."""
    record = await conn.fetchrow(Q.next_trigger, session_id)
    return from_record(EventRow, record) if record is not None else None


async def mark_processed(conn: Connection, event_ids: list[str]) -> None:
    """Set ``processed_at`` on input events the agent has consumed."""
    await conn.execute(Q.mark_processed, event_ids, datetime.now(UTC))


async def queued_inputs(conn: Connection, session_id: str) -> list[str]:
    """Ids of inputs still waiting for a turn."""
    return [str(r["id"]) for r in await conn.fetch(Q.queued_inputs, session_id)]
