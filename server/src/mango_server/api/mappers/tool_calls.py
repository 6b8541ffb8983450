"""The wire shape of a journalled tool call (``ToolCall``), as ``sessions.tool_calls.start`` answers it.

Not responsible for the journal rules (``app.tool_calls``) or the rows (``store.tool_calls``).
"""

from __future__ import annotations

from typing import cast

from mango_server.api.encoding import rfc3339, rfc3339_or_none
from mango_server.app.tool_calls import StartedCall
from mango_server.domain._generated import wire


def tool_call(call: StartedCall) -> wire.ToolCall:
    """One call, named as the request named it."""
    row = call.row
    return {
        "type": "tool_call",
        "id": call.tool_use_id,
        "session_thread_id": call.session_thread_id,
        "name": row.name,
        "state": cast(wire.ToolCallState, row.state),
        "work_id": row.work_id,
        "started_at": rfc3339(row.started_at),
        "finished_at": rfc3339_or_none(row.finished_at),
    }
