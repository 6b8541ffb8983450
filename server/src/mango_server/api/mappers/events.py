"""The wire shape of Session events (history pages, the send echo and SSE frames), built from ledger rows.

Not responsible for which events exist or their order (``store.events``, ``app.admission``).
"""

from __future__ import annotations

from typing import cast

from mango_server.api.encoding import rfc3339, rfc3339_or_none
from mango_server.domain._generated.wire import SessionEvent, SessionEventSendResult
from mango_server.store.events import EventRow


def event(row: EventRow) -> SessionEvent:
    """One public event: ``type`` and ``id``, the payload fields, the timestamps, then its Thread.

    ``session_thread_id`` names the Thread the event belongs to; a cross-post in the primary
    ledger (a child's pending call, a child's status) names the child it is about. The ledger
    stores each event's payload as the JSON of its type's schema (``domain._generated.events``).
    """
    public = {
        "type": row.type,
        "id": row.id,
        **row.payload,
        "processed_at": rfc3339_or_none(row.processed_at),
        "created_at": rfc3339(row.created_at),
        **({"session_thread_id": row.session_thread_id} if row.session_thread_id else {}),
    }
    return cast(SessionEvent, public)


def sent(rows: list[EventRow]) -> SessionEventSendResult:
    """The body of ``sessions.events.send``: the admitted client events."""
    return {"data": [event(row) for row in rows]}
