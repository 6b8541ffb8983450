"""The wire shape of Agents and Agent versions, built from typed rows.

Not responsible for the stored body's rules (``domain.agents``) or for reading it (``store.agents``).
"""

from __future__ import annotations

from mango_server.api.encoding import rfc3339, rfc3339_or_none
from mango_server.domain._generated.wire import Agent, Multiagent, RosterEntry
from mango_server.store.agents import AgentRow


def agent(row: AgentRow) -> Agent:
    """One Agent at one version."""
    body = row.body
    return {
        "type": "agent",
        "id": row.id,
        "version": row.version,
        "name": body["name"],
        "description": body.get("description"),
        "system": body.get("system"),
        "model": body["model"],
        "tools": body["tools"],
        "mcp_servers": body["mcp_servers"],
        "skills": body["skills"],
        "context_management": body.get("context_management"),
        "metadata": body.get("metadata") or {},
        "multiagent": _roster(row),
        "warnings": list(body.get("warnings") or []),
        "created_at": rfc3339(row.created_at),
        "updated_at": rfc3339(row.updated_at),
        "archived_at": rfc3339_or_none(row.archived_at),
    }


def _roster(row: AgentRow) -> Multiagent | None:
    """The stored roster with ``self`` shown as this Agent at this version."""
    multiagent = row.body.get("multiagent")
    if not multiagent:
        return None
    agents: list[RosterEntry] = [
        {"type": "agent", "id": row.id, "version": row.version} if entry["type"] == "self" else entry
        for entry in multiagent["agents"]
    ]
    return {"type": "coordinator", "agents": agents}
