"""The public event ledger, the Session outbox, turns, the provider transcript and pending actions.

Appends allocate sequence numbers by incrementing ``sessions.next_seq``, which takes the
Session row lock: within a Session, sequence order is commit order, so a reader that fetches
``seq > cursor`` never skips an event that commits later with a smaller number. Every caller
runs inside one transaction together with the status projection it announces.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from mango_server.domain.paging import Cursor, Order, Page
from mango_server.store.db import record_dict
from mango_server.store.pagination import created_range, fetch_page
from mango_server.store.sql_loader import Queries

Q = Queries("ledger")
_ENVELOPE = ("id", "type", "processed_at", "created_at")


@dataclass
class NewEvent:
    """An event to append; ``payload`` holds every public field except the envelope."""

    id: str
    type: str
    payload: dict[str, Any] = field(default_factory=dict)
    trigger_id: str | None = None
    processed: bool = True


def to_public(row: dict[str, Any]) -> dict[str, Any]:
    """The wire shape of a ledger row."""
    return {
        "type": row["type"],
        "id": row["id"],
        **row["payload"],
        "processed_at": row["processed_at"],
        "created_at": row["created_at"],
    }


async def append(conn: Any, workspace_id: str, session_id: str, events: list[NewEvent]) -> list[dict[str, Any]]:
    """Append ``events`` in order and return their public shapes."""
    if not events:
        return []
    first = await conn.fetchval(Q.allocate_seq, session_id, len(events))
    now = datetime.now(UTC)
    out = []
    for offset, event in enumerate(events):
        processed_at = now if event.processed else None
        await conn.execute(
            Q.insert_event,
            workspace_id,
            session_id,
            first + offset,
            event.id,
            event.type,
            event.payload,
            event.trigger_id,
            processed_at,
            now,
        )
        row = {"id": event.id, "type": event.type, "payload": event.payload, "processed_at": processed_at}
        out.append(to_public({**row, "created_at": now}))
    return out


async def exists(conn: Any, event_id: str) -> bool:
    """Whether an event id is already in the ledger (idempotent appends use deterministic ids)."""
    return bool(await conn.fetchval(Q.event_exists, event_id))


async def find(conn: Any, session_id: str, event_id: str) -> dict[str, Any] | None:
    """One ledger row of a Session."""
    row = await conn.fetchrow(Q.find_event, session_id, event_id)
    return dict(row) if row else None


async def rows_after(conn: Any, session_id: str, seq: int, limit: int = 500) -> list[dict[str, Any]]:
    """Committed rows with ``seq`` greater than the cursor, in order (SSE reads these)."""
    return [dict(r) for r in await conn.fetch(Q.events_after, session_id, seq, limit)]


async def list_page(
    conn: Any,
    workspace_id: str,
    session_id: str,
    *,
    limit: int,
    cursor: Cursor | None,
    order: Order,
    types: list[str] | None,
    created: dict[str, datetime | None],
) -> Page[dict[str, Any]]:
    """One page of history with the filters of ``sessions.events.list``."""
    sql = Q.list_base
    params: list[Any] = [workspace_id, session_id]
    if types:
        params.append(types)
        sql += f" AND type = ANY(${len(params)}::text[])"
    sql += created_range(params, created)
    return await fetch_page(
        conn, sql, params, row=record_dict, order=order, limit=limit, cursor=cursor, columns=("seq",)
    )


async def next_trigger(conn: Any, session_id: str) -> dict[str, Any] | None:
    """The oldest queued ``user.message``."""
    row = await conn.fetchrow(Q.next_trigger, session_id)
    return dict(row) if row else None


async def mark_processed(conn: Any, event_ids: list[str]) -> None:
    """Set ``processed_at`` on input events the agent has consumed."""
    await conn.execute(Q.mark_processed, event_ids, datetime.now(UTC))


async def queued_inputs(conn: Any, session_id: str) -> list[str]:
    """Ids of inputs still waiting for a turn."""
    return [r["id"] for r in await conn.fetch(Q.queued_inputs, session_id)]


async def wake(conn: Any, workspace_id: str, session_id: str, kind: str = "wake") -> None:
    """Record a coalescible wakeup for the Session workflow and poke the relay."""
    await conn.execute(Q.upsert_outbox, session_id, workspace_id, kind)
    await conn.execute(Q.notify_outbox, session_id)
