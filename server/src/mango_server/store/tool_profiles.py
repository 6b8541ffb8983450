"""The tool profile pinned per Session (``session_tool_profiles``): native or platform-managed ``web_fetch``.

The first round of a Session pins the choice; later rounds read it back, so a Session never
switches executors midway (a changed model endpoint or policy affects new Sessions only). Not
responsible for making the choice (``domain.tools.web_fetch_mode``).
"""

from __future__ import annotations

from mango_server.store.db import Connection
from mango_server.store.sql_loader import NamedQueries


class Q(NamedQueries, file="tool_profiles"):
    pin_web_fetch: str
    get_web_fetch: str


async def pin_web_fetch(conn: Connection, workspace_id: str, session_id: str, mode: str) -> str:
    """Pin ``mode`` unless the Session already pinned one; returns the pinned mode."""
    await conn.execute(Q.pin_web_fetch, workspace_id, session_id, mode)
    pinned = await conn.fetchval(Q.get_web_fetch, session_id)
    return str(pinned)
