"""Agents and their immutable versions: the ``agents`` and ``agent_versions`` tables.

Every update writes a new ``agent_versions`` row; the caller holds the Agent's row lock
(:func:`lock`) while it decides the next version, so concurrent updates cannot both win.
Not responsible for the body rules (``domain.agents``), the version and archive checks
(``app.agents``) or the wire shape (``api.mappers.agents``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from mango_server.domain.agents import AgentBody
from mango_server.domain.errors import NotFoundError
from mango_server.domain.paging import Cursor, Page
from mango_server.ids import new_id
from mango_server.store.db import Connection, Record, from_record
from mango_server.store.pagination import created_range, fetch_page
from mango_server.store.sql_loader import NamedQueries


class Q(NamedQueries, file="agents"):
    insert_agent: str
    insert_version: str
    get_agent: str
    lock_agent: str
    bump_version: str
    archive_agent: str
    list_base: str
    versions_base: str


@dataclass(frozen=True, slots=True)
class AgentRow:
    """One version of an Agent with the Agent's own timestamps.

    In a version listing ``updated_at`` is when that version was written.
    """

    id: str
    current_version: int
    version: int
    body: AgentBody
    created_at: datetime
    updated_at: datetime
    archived_at: datetime | None


@dataclass(frozen=True, slots=True)
class AgentLock:
    """The Agent row as read under its row lock."""

    id: str
    current_version: int
    archived_at: datetime | None


def _row(record: Record) -> AgentRow:
    return from_record(AgentRow, record)


async def create(conn: Connection, workspace_id: str, body: Mapping[str, object]) -> AgentRow:
    """Insert an Agent at version 1."""
    agent_id = new_id("agent")
    now = datetime.now(UTC)
    await conn.execute(Q.insert_agent, workspace_id, agent_id, now)
    await conn.execute(Q.insert_version, workspace_id, agent_id, 1, body, now)
    return await get(conn, workspace_id, agent_id)


async def get(conn: Connection, workspace_id: str, agent_id: str, version: int | None = None) -> AgentRow:
    """One Agent at its current (or a given) version; another Workspace's Agent is not found."""
    record = await conn.fetchrow(Q.get_agent, workspace_id, agent_id, version)
    if record is None:
        what = f"agent {agent_id} version {version}" if version is not None else f"agent {agent_id}"
        raise NotFoundError(f"{what} not found")
    return _row(record)


async def get_body(conn: Connection, workspace_id: str, agent_id: str, version: int | None = None) -> AgentRow:
    """The stored body and version (for Session snapshots); a missing version says only the Agent."""
    record = await conn.fetchrow(Q.get_agent, workspace_id, agent_id, version)
    if record is None:
        raise NotFoundError(f"agent {agent_id} not found")
    return _row(record)


async def lock(conn: Connection, workspace_id: str, agent_id: str) -> AgentLock:
    """Lock the Agent row for an update (in the caller's transaction)."""
    record = await conn.fetchrow(Q.lock_agent, workspace_id, agent_id)
    if record is None:
        raise NotFoundError(f"agent {agent_id} not found")
    return from_record(AgentLock, record)


async def insert_version(
    conn: Connection, workspace_id: str, agent_id: str, version: int, body: Mapping[str, object]
) -> None:
    """Write ``version`` and make it the current one; the caller holds :func:`lock`."""
    now = datetime.now(UTC)
    await conn.execute(Q.insert_version, workspace_id, agent_id, version, body, now)
    await conn.execute(Q.bump_version, workspace_id, agent_id, version, now)


async def archive(conn: Connection, workspace_id: str, agent_id: str) -> None:
    """Set ``archived_at`` once; archiving twice keeps the first time."""
    await conn.execute(Q.archive_agent, workspace_id, agent_id, datetime.now(UTC))


async def list_page(
    conn: Connection,
    workspace_id: str,
    *,
    limit: int,
    cursor: Cursor | None,
    include_archived: bool,
    created_gte: datetime | None,
    created_lte: datetime | None,
) -> Page[AgentRow]:
    """One page of Agents at their current versions, newest first."""
    sql = Q.list_base
    params: list[object] = [workspace_id]
    if not include_archived:
        sql += " AND a.archived_at IS NULL"
    sql += created_range(params, {"gte": created_gte, "lte": created_lte}, "a.created_at")
    wrapped = f"SELECT * FROM ({sql}) AS t WHERE true"
    return await fetch_page(conn, wrapped, params, row=_row, order="desc", limit=limit, cursor=cursor)


async def list_versions(
    conn: Connection, workspace_id: str, agent_id: str, *, limit: int, cursor: Cursor | None
) -> Page[AgentRow]:
    """Every version of one Agent, newest first (the Agent must exist)."""
    await get(conn, workspace_id, agent_id)
    wrapped = f"SELECT * FROM ({Q.versions_base}) AS t WHERE true"
    return await fetch_page(
        conn,
        wrapped,
        [workspace_id, agent_id],
        row=_row,
        order="desc",
        limit=limit,
        cursor=cursor,
        columns=("version",),
    )
