"""The wire shape of Session events (history pages, the send echo and SSE frames), built from ledger rows.

Not responsible for which events exist or their order (``store.events``, ``app.admission``).
"""

from __future__ import annotations

from mango_server.domain.json import JsonObject
from mango_server.store.events import EventRow


def event(row: EventRow) -> JsonObject:
    """One public event: ``type`` and ``id``, the payload fields, the timestamps, then its Thread.

    ``session_thread_id`` names the Thread the event belongs to; a cross-post in the primary
    ledger (a child's pending call, a child's status) names the child it is about.
    """
    return {
        "type": row.type,
        "id": row.id,
        **row.payload,
        "processed_at": row.processed_at,
        "created_at": row.created_at,
        **({"session_thread_id": row.session_thread_id} if row.session_thread_id else {}),
    }


def sent(rows: list[EventRow]) -> JsonObject:
    """The body of ``sessions.events.send``: the admitted client events."""
    return {"data": [event(row) for row in rows]}
