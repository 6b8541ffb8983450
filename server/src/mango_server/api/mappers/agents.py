"""The wire shape of Agents and Agent versions, built from typed rows.

Not responsible for the stored body's rules (``domain.agents``) or for reading it (``store.agents``).
"""

from __future__ import annotations

from mango_server.domain.json import JsonObject
from mango_server.store.agents import AgentRow

_BODY_FIELDS = ("name", "description", "system", "model", "tools", "mcp_servers", "skills", "context_management")


def agent(row: AgentRow) -> JsonObject:
    """One Agent at one version."""
    body = row.body
    return {
        "type": "agent",
        "id": row.id,
        "version": row.version,
        **{k: body.get(k) for k in _BODY_FIELDS},
        "metadata": body.get("metadata") or {},
        "multiagent": _roster(row),
        "created_at": row.created_at,
        "updated_at": row.updated_at,
        "archived_at": row.archived_at,
    }


def _roster(row: AgentRow) -> JsonObject | None:
    """The stored roster with ``self`` shown as this Agent at this version."""
    multiagent = row.body.get("multiagent")
    if not multiagent:
        return None
    agents = [
        {"type": "agent", "id": row.id, "version": row.version} if entry["type"] == "self" else entry
        for entry in multiagent["agents"]
    ]
    return {"type": "coordinator", "agents": agents}
