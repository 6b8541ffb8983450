"""JSON encoding of handler results and SSE frames (timestamps as RFC 3339 with ``Z``).

Mappers format a row's timestamps with ``rfc3339`` (the wire TypedDicts type a ``date-time`` as
its text); the encoder writes any ``datetime`` left in a body the same way.
"""

from __future__ import annotations

import json
from datetime import datetime


def rfc3339(value: datetime) -> str:
    """A timestamp as the wire writes it: ISO 8601 with ``Z`` for UTC."""
    return value.isoformat().replace("+00:00", "Z")


def rfc3339_or_none(value: datetime | None) -> str | None:
    """``rfc3339`` of a nullable timestamp."""
    return None if value is None else rfc3339(value)


def _default(value: object) -> str:
    if isinstance(value, datetime):
        return rfc3339(value)
    raise TypeError(f"cannot encode {type(value).__name__}")


def dumps(data: object) -> str:
    """Compact JSON."""
    return json.dumps(data, default=_default, separators=(",", ":"))


def sse_frame(event: str, data: object, event_id: str | None = None) -> bytes:
    """One server-sent event; ``id`` is set only for persisted events (resumable)."""
    head = f"id: {event_id}\n" if event_id else ""
    return f"{head}event: {event}\ndata: {dumps(data)}\n\n".encode()
