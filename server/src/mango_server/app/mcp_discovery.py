"""MCP discovery for a turn round: the pinned snapshot of each server, discovered once per Session.

Before a round's model call, :func:`offered_tools` returns the MCP tools the round offers. For
each ``mcp_toolset`` of the Session's Agent snapshot it reads the pinned discovery snapshot of
(Session, primary thread, server); a snapshot discovered for another configuration digest is
stale (the MCP configuration changed) and is discovered again. Discovery runs outside any
transaction. A failure is a recoverable ``session.error`` (``mcp_connection_failed_error``): the
server's tools are dropped for this turn, the failure is remembered for the turn (so later
rounds of the same turn neither retry nor report it again), and the next turn retries.
Not responsible for calling tools (``app.mcp_calls``) or for the egress rules (``tools.egress``).
"""

from __future__ import annotations

import logging

from mango_server.app.turn_state import Round, lock_if_current
from mango_server.domain import mcp as mcp_rules
from mango_server.domain.json import JsonObject
from mango_server.ids import derived_id
from mango_server.store import events, mcp
from mango_server.store.db import Pool
from mango_server.store.events import NewEvent
from mango_server.tools.mcp_connector import McpConnectionError, McpConnector

log = logging.getLogger(__name__)


async def offered_tools(pool: Pool, connector: McpConnector | None, prepared: Round) -> list[JsonObject]:
    """The MCP tools of this round (each with ``mcp_server_name`` and ``permission_policy``)."""
    offered: list[JsonObject] = []
    for server, toolset in mcp_rules.toolsets(prepared.snapshot):
        snapshot = await _snapshot(pool, connector, prepared, server, toolset)
        if snapshot is not None:
            tools = mcp_rules.enabled_tools(server["name"], toolset, snapshot["tools"])
            offered += [{**t, "snapshot_digest": snapshot["digest"]} for t in tools]
    return offered


async def _snapshot(
    pool: Pool, connector: McpConnector | None, prepared: Round, server: JsonObject, toolset: JsonObject
) -> JsonObject | None:
    name, digest = server["name"], mcp_rules.config_digest(server, toolset)
    async with pool.acquire() as conn:
        pinned = await mcp.get_discovery(conn, prepared.session_id, name)
    if pinned is not None and pinned.config_digest == digest:
        if pinned.failed_trigger_id is None:
            return pinned.snapshot
        if pinned.failed_trigger_id == prepared.trigger_id:
            return None  # already reported for this turn; retried on the next one
    if connector is None:
        await _failed(pool, prepared, name, digest, "MCP servers are not available on this orchestrator")
        return None
    try:
        found = await connector.discover(server["url"])
    except McpConnectionError as exc:
        await _failed(pool, prepared, name, digest, str(exc))
        return None
    snapshot: JsonObject = {
        "server_name": found.server_name,
        "server_version": found.server_version,
        "protocol_version": found.protocol_version,
        "tools": found.tools,
        "digest": found.digest(),
        "url": server["url"],
    }
    async with pool.acquire() as conn:
        await mcp.put_discovery(conn, prepared.workspace_id, prepared.session_id, name, digest, snapshot)
    log.info(
        "mcp discovered session_id=%s server=%s tools=%s",
        prepared.session_id,
        name,
        len(found.tools),
        extra={"action": "mcp.discovered"},
    )
    return snapshot


async def _failed(pool: Pool, prepared: Round, name: str, digest: str, message: str) -> None:
    """Remember the failure for this turn and report it once as a recoverable ``session.error``."""
    log.warning(
        "mcp discovery failed session_id=%s server=%s error=%s",
        prepared.session_id,
        name,
        message,
        extra={"action": "mcp.discovery_failed"},
    )
    error = {
        "type": "mcp_connection_failed_error",
        "message": f"MCP server {name!r}: {message}; its tools are unavailable for this turn"[:4096],
        "retry_status": {"type": "retrying"},
        "mcp_server_name": name,
    }
    event = NewEvent(derived_id("sevt", prepared.start_id, "mcp", name), "session.error", {"error": error})
    async with pool.acquire() as conn, conn.transaction():
        if await lock_if_current(conn, prepared) is None:
            return
        await mcp.put_discovery(
            conn, prepared.workspace_id, prepared.session_id, name, digest, {}, failed_trigger_id=prepared.trigger_id
        )
        if not await events.exists(conn, event.id):
            await events.append(conn, prepared.workspace_id, prepared.session_id, [event])
