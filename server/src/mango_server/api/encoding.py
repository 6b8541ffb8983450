"""JSON encoding of handler results and SSE frames (timestamps as RFC 3339 with ``Z``)."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any


def _default(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat().replace("+00:00", "Z")
    raise TypeError(f"cannot encode {type(value).__name__}")


def dumps(data: Any) -> str:
    """Compact JSON."""
    return json.dumps(data, default=_default, separators=(",", ":"))


def sse_frame(event: str, data: Any, event_id: str | None = None) -> bytes:
    """One server-sent event; ``id`` is set only for persisted events (resumable)."""
    head = f"id: {event_id}\n" if event_id else ""
    return f"{head}event: {event}\ndata: {dumps(data)}\n\n".encode()
