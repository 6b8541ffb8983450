"""The wire shape of Session events (history pages, the send echo and SSE frames), built from ledger rows.

Not responsible for which events exist or their order (``store.events``, ``app.admission``).
"""

from __future__ import annotations

from mango_server.domain.json import JsonObject
from mango_server.store.events import EventRow


def event(row: EventRow) -> JsonObject:
    """One public event: ``type`` and ``id``, the payload fields, then the timestamps."""
    return {
        "type": row.type,
        "id": row.id,
        **row.payload,
        "processed_at": row.processed_at,
        "created_at": row.created_at,
        "session_thread_id": row.session_thread_id or None,
    }


def sent(rows: list[EventRow]) -> JsonObject:
    """The body of ``sessions.events.send``: the admitted client events."""
    return {"data": [event(row) for row in rows]}
