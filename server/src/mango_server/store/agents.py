"""Agents and their immutable versions.

Every update writes a new ``agent_versions`` row under the Agent's row lock; the optional
expected version is checked under that lock, so concurrent updates cannot both win.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from mango_server.domain.errors import ConflictError, NotFoundError
from mango_server.domain.paging import Cursor, Page
from mango_server.ids import new_id
from mango_server.store.db import record_dict
from mango_server.store.pagination import created_range, fetch_page
from mango_server.store.sql_loader import Queries

Q = Queries("agents")


def to_public(row: dict[str, Any], created_at: datetime | None = None) -> dict[str, Any]:
    """The wire shape of one Agent version."""
    body = row["body"]
    return {
        "type": "agent",
        "id": row["id"],
        "version": row["version"],
        **{k: body.get(k) for k in ("name", "description", "system", "model", "tools", "mcp_servers", "skills")},
        "metadata": body.get("metadata") or {},
        "created_at": created_at or row["created_at"],
        "updated_at": row["updated_at"],
        "archived_at": row["archived_at"],
    }


async def create(conn: Any, workspace_id: str, body: dict[str, Any]) -> dict[str, Any]:
    """Insert an Agent at version 1."""
    agent_id = new_id("agent")
    now = datetime.now(UTC)
    await conn.execute(Q.insert_agent, workspace_id, agent_id, now)
    await conn.execute(Q.insert_version, workspace_id, agent_id, 1, body, now)
    return await get(conn, workspace_id, agent_id)


async def get(conn: Any, workspace_id: str, agent_id: str, version: int | None = None) -> dict[str, Any]:
    """One Agent at its current (or a given) version; another Workspace's Agent is not found."""
    row = await conn.fetchrow(Q.get_agent, workspace_id, agent_id, version)
    if row is None:
        what = f"agent {agent_id} version {version}" if version is not None else f"agent {agent_id}"
        raise NotFoundError(f"{what} not found")
    return to_public(dict(row))


async def get_body(conn: Any, workspace_id: str, agent_id: str, version: int | None = None) -> dict[str, Any]:
    """The stored body and version number (for Session snapshots)."""
    row = await conn.fetchrow(Q.get_agent, workspace_id, agent_id, version)
    if row is None:
        raise NotFoundError(f"agent {agent_id} not found")
    return dict(row)


async def lock(conn: Any, workspace_id: str, agent_id: str) -> dict[str, Any]:
    """Lock the Agent row for an update."""
    row = await conn.fetchrow(Q.lock_agent, workspace_id, agent_id)
    if row is None:
        raise NotFoundError(f"agent {agent_id} not found")
    return dict(row)


async def add_version(
    conn: Any, workspace_id: str, agent_id: str, body: dict[str, Any], expected: int | None
) -> dict[str, Any]:
    """Write the next immutable version; ``expected`` must equal the current version if given."""
    current = await lock(conn, workspace_id, agent_id)
    if current["archived_at"] is not None:
        raise ConflictError(f"agent {agent_id} is archived and read-only")
    if expected is not None and expected != current["current_version"]:
        raise ConflictError(
            f"agent {agent_id} is at version {current['current_version']}, not {expected}; reload and retry",
            details={"current_version": current["current_version"]},
        )
    version = current["current_version"] + 1
    now = datetime.now(UTC)
    await conn.execute(Q.insert_version, workspace_id, agent_id, version, body, now)
    await conn.execute(Q.bump_version, workspace_id, agent_id, version, now)
    return await get(conn, workspace_id, agent_id)


async def archive(conn: Any, workspace_id: str, agent_id: str) -> dict[str, Any]:
    """Archive (terminal, read-only); archiving twice is harmless."""
    await lock(conn, workspace_id, agent_id)
    await conn.execute(Q.archive_agent, workspace_id, agent_id, datetime.now(UTC))
    return await get(conn, workspace_id, agent_id)


async def list_page(
    conn: Any,
    workspace_id: str,
    *,
    limit: int,
    cursor: Cursor | None,
    include_archived: bool,
    created_gte: datetime | None,
    created_lte: datetime | None,
) -> Page[dict[str, Any]]:
    """One page of Agents, newest first."""
    sql = Q.list_base
    params: list[Any] = [workspace_id]
    if not include_archived:
        sql += " AND a.archived_at IS NULL"
    sql += created_range(params, {"gte": created_gte, "lte": created_lte}, "a.created_at")
    wrapped = f"SELECT * FROM ({sql}) AS t WHERE true"
    return await fetch_page(conn, wrapped, params, row=record_dict, order="desc", limit=limit, cursor=cursor)


async def list_versions(
    conn: Any, workspace_id: str, agent_id: str, *, limit: int, cursor: Cursor | None
) -> Page[dict[str, Any]]:
    """Every version of one Agent, newest first."""
    await get(conn, workspace_id, agent_id)
    wrapped = f"SELECT * FROM ({Q.versions_base}) AS t WHERE true"
    return await fetch_page(
        conn,
        wrapped,
        [workspace_id, agent_id],
        row=record_dict,
        order="desc",
        limit=limit,
        cursor=cursor,
        columns=("version",),
    )
