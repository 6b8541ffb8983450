"""The public event ledger of a Session (``session_events``): appends, reads by sequence, history pages.

Appends allocate sequence numbers by incrementing ``sessions.next_seq``, which takes the
Session row lock: within a Session, sequence order is commit order, so a reader that fetches
``seq > cursor`` never skips an event that commits later with a smaller number. Every caller
runs inside one transaction together with the status projection it announces; a status event
also queues the webhook notifications it announces (``store.webhooks.enqueue_ledger_event``) in
that transaction. :func:`collecting` records the rows one transaction appends, encoded the moment
they are written, so the writer can hand them to live readers with its poke after the commit
(:func:`news`, :func:`rows_from_news`). An append may arm the Session's outbox wakeup in its own
statement (``wake=True``: what ``store.outbox.wake`` does, one round trip fewer). Not responsible
for the wire shape of an event (``api.mappers.events``) or for the outbox's semantics
(``store.outbox``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from mango_server.domain._generated.events import EventPayload
from mango_server.domain.json import JsonObject
from mango_server.domain.paging import Cursor, Order, Page
from mango_server.store import outbox, sessions, webhooks
from mango_server.store.db import Connection, Record, from_record
from mango_server.store.pagination import created_range, fetch_page
from mango_server.store.sessions import SessionRow
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


#: Above this size a poke announces only its head, and its readers read the rows from PostgreSQL.
MAX_NEWS_BYTES = 64 * 1024


class Appended:
    """The rows appended on one connection inside one transaction, by the execution row they belong to.

    Only the rows of that transaction count: an append on another connection is another
    transaction, which may roll back on its own.
    """

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self._encoded: dict[str, list[str]] = {}
        self._heads: dict[str, int] = {}

    def add(self, session_id: str, rows: list[EventRow]) -> None:
        # Encoded now, as written: a payload dict the caller changes later is not what was committed.
        self._encoded.setdefault(session_id, []).extend(json.dumps(_live_fields(row)) for row in rows)
        self._heads[session_id] = rows[-1].seq

    def news(self, session_id: str) -> bytes | None:
        """The poke for ``session_id`` once the transaction committed: its last sequence and its rows.

        None when this transaction appended nothing to it. Rows too large for one message are left
        out (the head alone tells a reader that is already past it not to read).
        """
        head = self._heads.get(session_id)
        if head is None:
            return None
        news = f'{{"head":{head},"rows":[{",".join(self._encoded[session_id])}]}}'.encode()
        return news if len(news) <= MAX_NEWS_BYTES else f'{{"head":{head}}}'.encode()


_COLLECTOR: ContextVar[Appended | None] = ContextVar("mango_appended_events", default=None)


@contextmanager
def collecting(conn: Connection) -> Iterator[Appended]:
    """Record what the transaction open on ``conn`` appends, for its poke after the commit.

    Use it inside the transaction's block, and send :meth:`Appended.news` only once the
    transaction has committed: the rows are live only then.
    """
    appended = Appended(conn)
    token = _COLLECTOR.set(appended)
    try:
        yield appended
    finally:
        _COLLECTOR.reset(token)


def _live_fields(row: EventRow) -> dict[str, Any]:
    return {
        "seq": row.seq,
        "id": row.id,
        "type": row.type,
        "payload": row.payload,
        "trigger_id": row.trigger_id,
        "processed_at": row.processed_at.isoformat() if row.processed_at else None,
        "created_at": row.created_at.isoformat(),
        "session_thread_id": row.session_thread_id,
    }


def rows_from_news(rows: list[JsonObject]) -> list[EventRow]:
    """The ledger rows a poke carried (as :meth:`Appended.news` encoded them)."""
    return [
        EventRow(
            r["seq"],
            r["id"],
            r["type"],
            r["payload"],
            r["trigger_id"],
            datetime.fromisoformat(r["processed_at"]) if r["processed_at"] else None,
            datetime.fromisoformat(r["created_at"]),
            r["session_thread_id"],
        )
        for r in rows
    ]


async def append(
    conn: Connection, workspace_id: str, session_id: str, events: list[NewEvent], *, wake: bool = False
) -> list[EventRow]:
    """Append ``events`` in order and return the rows as written; ``wake`` also arms the Session's wakeup."""
    if not events:
        if wake:
            await outbox.wake(conn, workspace_id, session_id)
        return []
    rows, _ = await _append(conn, workspace_id, session_id, events, None, wake)
    return rows


async def append_with_status(
    conn: Connection,
    row: SessionRow,
    events: list[NewEvent],
    status: str,
    stop_reason: JsonObject | None,
    *,
    with_usage: bool = False,
    wake: bool = False,
) -> tuple[list[EventRow], SessionRow]:
    """Append ``events`` and write the status projection they announce (``sessions.set_status``).

    A Session's own row does both in one statement; a child Thread's row (whose numbers come from
    its Session's row) takes two. ``wake`` also arms the Session's wakeup. Returns the rows and
    the updated Session row.
    """
    if row.primary_session_id is not None or not events:
        updated = await sessions.set_status(conn, row, status, stop_reason, with_usage=with_usage)
        return await append(conn, row.workspace_id, row.id, events, wake=wake), updated
    change = (status, stop_reason, row.usage if with_usage else None)
    rows, record = await _append(conn, row.workspace_id, row.id, events, change, wake)
    timing = {"active_seconds": record["active_seconds"], "running_since": record["running_since"]}
    return rows, replace(row, status=status, stop_reason=stop_reason, **timing)


async def _append(
    conn: Connection,
    workspace_id: str,
    session_id: str,
    events: list[NewEvent],
    change: tuple[str, JsonObject | None, JsonObject | None] | None,
    wake: bool,
) -> tuple[list[EventRow], Record]:
    now = datetime.now(UTC)
    processed = [now if event.processed else None for event in events]
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
        *(change or (None, None, None)),
        wake,
        current_traceparent() if wake else None,
    )
    if record is None:
        raise LookupError(f"session {session_id} does not exist")
    first, threads = int(record["first"]), list(record["thread_ids"])
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
    collector = _COLLECTOR.get()
    if collector is not None and collector.conn is conn:
        collector.add(session_id, rows)
    if record["notifies"]:
        # A Session's status events are announced to subscribed webhooks in this same transaction
        # (a child Thread's own ledger announces nothing: its Session's aggregate status does; a
        # Workspace without an enabled endpoint has no one to announce to, and the append's own
        # statement said so, sparing a lookup per status event).
        for row in rows:
            await webhooks.enqueue_ledger_event(conn, workspace_id, session_id, row.id, row.type, row.payload, now)
    return rows, record


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
    params: list[Any] = [workspace_id, session_id]
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
