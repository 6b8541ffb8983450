"""MCP discovery for a turn round: the pinned snapshot of each server, discovered once per Session.

Before a round is prepared, :func:`discover` returns the MCP tools the round offers, so that
admission (``app.turn.context_admission``) counts their schemas with every other tool declaration. For each
``mcp_toolset`` of the Session's Agent snapshot it reads the pinned discovery snapshot of
(Session, primary thread, server); a snapshot discovered for another configuration digest is
stale (the MCP configuration changed) and is discovered again. Discovery runs outside any
transaction (network I/O). A failure is a recoverable ``session.error``
(``mcp_connection_failed_error``) that :func:`record_failures` writes inside the prepare
transaction of the round it affects: the server's tools are dropped for this turn, the failure
is remembered for the turn (so later rounds of the same turn neither retry nor report it
again), and the next turn retries.
Not responsible for calling tools (``app.turn.mcp_calls``) or for the egress rules (``tools.egress``).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field

from mango_server.app import ledger
from mango_server.app.ledger import Tx
from mango_server.domain import mcp as mcp_rules
from mango_server.domain._generated import wire
from mango_server.domain._generated.events import SessionErrorEvent
from mango_server.domain.mcp import DiscoverySnapshot, RoundTool
from mango_server.ids import derived_id
from mango_server.store import events, mcp, sessions, turns
from mango_server.store.db import Pool
from mango_server.store.events import NewEvent
from mango_server.tools.mcp_connector import McpConnectionError, McpConnector

__all__ = ["Failure", "Offer", "discover", "record_failures"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Failure:
    """A server whose discovery failed for the turn being prepared."""

    server_name: str
    config_digest: str
    message: str


@dataclass(frozen=True)
class Offer:
    """What discovery found for the next round: the offered tools and the failures to report."""

    tools: list[RoundTool] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)


@dataclass(frozen=True)
class _Target:
    workspace_id: str
    session_id: str
    trigger_id: str
    snapshot: Mapping[str, object]


async def discover(pool: Pool, connector: McpConnector | None, session_id: str) -> Offer:
    """The MCP tools of the Session's next round (each with ``mcp_server_name`` and ``permission_policy``)."""
    target = await _target(pool, session_id)
    if target is None:
        return Offer()
    offered: list[RoundTool] = []
    failures: list[Failure] = []
    for server, toolset in mcp_rules.toolsets(target.snapshot):
        found = await _snapshot(pool, connector, target, server, toolset)
        if isinstance(found, Failure):
            failures.append(found)
        elif found is not None:
            tools = mcp_rules.enabled_tools(server["name"], toolset, found["tools"])
            offered += [{**t, "snapshot_digest": found["digest"]} for t in tools]
    return Offer(offered, failures)


async def _target(pool: Pool, session_id: str) -> _Target | None:
    """The Session and the trigger of the turn the next round belongs to (``None``: nothing to run)."""
    async with pool.acquire() as conn:
        session = await sessions.lock_any(conn, session_id)  # autocommit: the lock ends with the read
        if session is None or not mcp_rules.toolsets(session.agent_snapshot):
            return None
        turn = await turns.active(conn, session_id)
        trigger_id = turn.trigger_id if turn is not None else None
        if trigger_id is None:
            trigger = await events.next_trigger(conn, session_id)
            trigger_id = trigger.id if trigger is not None else None
    if trigger_id is None:
        return None
    return _Target(session.workspace_id, session_id, trigger_id, session.agent_snapshot)


async def _snapshot(
    pool: Pool, connector: McpConnector | None, target: _Target, server: wire.McpServer, toolset: wire.McpToolset
) -> DiscoverySnapshot | Failure | None:
    name, digest = server["name"], mcp_rules.config_digest(server, toolset)
    async with pool.acquire() as conn:
        pinned = await mcp.get_discovery(conn, target.session_id, name)
    if pinned is not None and pinned.config_digest == digest:
        if pinned.failed_trigger_id is None:
            return pinned.snapshot
        if pinned.failed_trigger_id == target.trigger_id:
            return None  # already reported for this turn; retried on the next one
    if connector is None:
        return Failure(name, digest, "MCP servers are not available on this orchestrator")
    try:
        found = await connector.discover(server["url"])
    except McpConnectionError as exc:
        log.warning(
            "mcp discovery failed session_id=%s server=%s error=%s",
            target.session_id,
            name,
            exc,
            extra={"action": "mcp.discovery_failed"},
        )
        return Failure(name, digest, str(exc))
    snapshot: DiscoverySnapshot = {
        "server_name": found.server_name,
        "server_version": found.server_version,
        "protocol_version": found.protocol_version,
        "tools": found.tools,
        "digest": found.digest(),
        "url": server["url"],
    }
    async with pool.acquire() as conn:
        await mcp.put_discovery(conn, target.workspace_id, target.session_id, name, digest, snapshot)
    log.info(
        "mcp discovered session_id=%s server=%s tools=%s",
        target.session_id,
        name,
        len(found.tools),
        extra={"action": "mcp.discovered"},
    )
    return snapshot


async def record_failures(
    tx: Tx, workspace_id: str, session_id: str, trigger_id: str, start_id: str, failures: list[Failure]
) -> None:
    """Remember each failure for this turn and report it once as a recoverable ``session.error``.

    Runs in the prepare transaction, under the Session row lock, for the turn actually claimed.
    """
    conn = tx.conn
    for failure in failures:
        name = failure.server_name
        error: wire.SessionError = {
            "type": "mcp_connection_failed_error",
            "message": f"MCP server {name!r}: {failure.message}; its tools are unavailable for this turn"[:4096],
            "retry_status": {"type": "retrying"},
            "mcp_server_name": name,
        }
        await mcp.put_discovery(
            conn, workspace_id, session_id, name, failure.config_digest, {}, failed_trigger_id=trigger_id
        )
        event = NewEvent.of(derived_id("sevt", start_id, "mcp", name), SessionErrorEvent(error=error))
        if not await events.exists(conn, event.id):
            await ledger.append(tx, workspace_id, session_id, [event])
