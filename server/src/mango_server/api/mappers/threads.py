"""The wire shape of Session Threads, built from Thread rows (status and usage of the execution row).

Not responsible for Thread rules (``app.threads.delegation``) or reading rows (``store.threads``).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import cast

from mango_server.api.encoding import rfc3339, rfc3339_or_none
from mango_server.domain._generated import wire
from mango_server.domain.prices import public_usage
from mango_server.store.threads import McpHealth, ThreadRow

# The fields of an Agent snapshot a Thread runs, as the contract shows it (`SessionThreadAgent`);
# the stored snapshot may keep more for the runtime, which the wire does not show.
_MEMBER_FIELDS = (
    "type", "id", "version", "name", "description", "system", "model", "tools", "mcp_servers", "skills",
    "context_management",
)  # fmt: skip


def member(snapshot: Mapping[str, object]) -> wire.ThreadAgent:
    """The wire view of a Thread's Agent snapshot (a roster member); the Advisor is shown as stored."""
    if snapshot.get("type") != "agent":
        return cast(wire.RosterAdvisor, snapshot)
    return cast(wire.SessionThreadAgent, {k: snapshot[k] for k in _MEMBER_FIELDS if k in snapshot})


def thread(row: ThreadRow) -> wire.SessionThread:
    """One Thread."""
    return {
        "type": "session_thread",
        "id": row.id,
        "session_id": row.session_id,
        "parent_thread_id": row.parent_thread_id,
        "agent_name": row.agent_name,
        "status": cast(wire.SessionStatus, row.status),
        "stop_reason": row.stop_reason,
        "agent": member(row.agent),
        "usage": public_usage(row.usage),
        "stats": _stats(row),
        "created_at": rfc3339(row.created_at),
        "updated_at": rfc3339(row.updated_at),
        "archived_at": rfc3339_or_none(row.archived_at),
        "mcp_servers": [_health(h) for h in row.mcp_health],
    }


def _health(health: McpHealth) -> wire.McpServerHealth:
    """One MCP server's health: its last successful discovery and its last error."""
    error: wire.McpServerError | None = None
    if health["error"] is not None and health["error_at"] is not None:
        error = {"message": health["error"][:4096], "at": _epoch(health["error_at"])}
    discovered = health["discovered"]
    return {
        "mcp_server_name": health["server"],
        "last_discovered_at": None if discovered is None else _epoch(discovered),
        "last_error": error,
    }


def _epoch(seconds: float) -> str:
    return rfc3339(datetime.fromtimestamp(seconds, UTC))


def _stats(row: ThreadRow) -> wire.SessionStats:
    now = datetime.now(UTC)
    active = float(row.active_seconds or 0.0)
    if row.running_since is not None:
        active += max((now - row.running_since).total_seconds(), 0.0)
    end = row.archived_at or now
    return {
        "active_seconds": round(active, 3),
        "duration_seconds": round(max((end - row.created_at).total_seconds(), 0.0), 3),
    }
