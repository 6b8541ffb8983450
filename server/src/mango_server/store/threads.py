"""Session Threads (``session_threads``) and the execution rows that run child Threads.

A Thread's status, stop reason, usage and timing are those of its execution row in ``sessions``
(the Session's own row for the primary Thread), read through one join, so they cannot drift.
Not responsible for delegation rules (``app.threads.delegation``) or the wire shape (``api.mappers.threads``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TypedDict

from mango_server.domain._generated import wire
from mango_server.domain.errors import NotFoundError
from mango_server.domain.json import JsonObject, json_count
from mango_server.domain.paging import Cursor, Order, Page
from mango_server.domain.prices import EMPTY_TOTALS
from mango_server.store.db import Connection, from_record
from mango_server.store.pagination import fetch_page
from mango_server.store.sql_loader import NamedQueries


class Q(NamedQueries, file="threads"):
    insert_thread: str
    insert_child_row: str
    thread_base: str
    archive_thread: str
    count_live_children: str
    any_child_running: str
    children_usage: str


class McpHealth(TypedDict):
    """One MCP server's health on a Thread (``mcp_discoveries``): times as epoch seconds or None."""

    server: str
    discovered: float | None
    error: str | None
    error_at: float | None


@dataclass(frozen=True, slots=True)
class ThreadRow:
    """One Thread with the projection of its execution row."""

    workspace_id: str
    id: str
    session_id: str
    parent_thread_id: str | None
    execution_id: str
    agent_name: str
    agent: JsonObject
    created_at: datetime
    updated_at: datetime
    archived_at: datetime | None
    status: str
    stop_reason: wire.StopReason | None
    usage: dict[str, int]
    active_seconds: float
    running_since: datetime | None
    mcp_health: list[McpHealth]


async def insert_primary(
    conn: Connection, workspace_id: str, session_id: str, thread_id: str, agent: Mapping[str, object]
) -> None:
    """The primary Thread of a new Session (it runs on the Session's own row)."""
    snapshot = {k: v for k, v in agent.items() if k != "multiagent"}
    await conn.execute(
        Q.insert_thread,
        workspace_id,
        thread_id,
        session_id,
        None,
        session_id,
        str(agent.get("name") or ""),
        snapshot,
        datetime.now(UTC),
    )


async def insert_child(
    conn: Connection,
    workspace_id: str,
    session_id: str,
    parent_thread_id: str,
    thread_id: str,
    snapshot: Mapping[str, object],
    agent: Mapping[str, object],
) -> None:
    """A child Thread (``agent``: its wire snapshot) and its execution row running ``snapshot``
    (id = the Thread id), idle until its first message."""
    now = datetime.now(UTC)
    agent_id = str(agent.get("id") or "advisor")
    version = json_count(agent.get("version"))
    await conn.execute(Q.insert_child_row, session_id, thread_id, agent_id, version, snapshot, EMPTY_TOTALS, now)
    await conn.execute(
        Q.insert_thread,
        workspace_id,
        thread_id,
        session_id,
        parent_thread_id,
        thread_id,
        str(snapshot.get("name") or ""),
        agent,
        now,
    )


async def get(conn: Connection, workspace_id: str, session_id: str, thread_id: str) -> ThreadRow:
    """One Thread of a Session; another Session's (or Workspace's) Thread is not found."""
    record = await conn.fetchrow(Q.thread_base + " AND t.id = $3", workspace_id, session_id, thread_id)
    if record is None:
        raise NotFoundError(f"thread {thread_id} not found in session {session_id}")
    return from_record(ThreadRow, record)


async def all_of(conn: Connection, workspace_id: str, session_id: str) -> list[ThreadRow]:
    """Every Thread of a Session, oldest first (the primary first)."""
    records = await conn.fetch(Q.thread_base + " ORDER BY t.created_at, t.id", workspace_id, session_id)
    return [from_record(ThreadRow, r) for r in records]


async def list_page(
    conn: Connection,
    workspace_id: str,
    session_id: str,
    *,
    limit: int,
    cursor: Cursor | None,
    order: Order,
    include_archived: bool,
) -> Page[ThreadRow]:
    """One page of a Session's Threads."""
    sql = "SELECT * FROM (" + Q.thread_base + ") AS threads WHERE true"
    params: list[object] = [workspace_id, session_id]
    if not include_archived:
        sql += " AND archived_at IS NULL"
    return await fetch_page(
        conn, sql, params, row=lambda r: from_record(ThreadRow, r), order=order, limit=limit, cursor=cursor
    )


async def archive(conn: Connection, thread_id: str) -> None:
    """Mark a Thread archived (its execution row is archived by the caller)."""
    await conn.execute(Q.archive_thread, thread_id, datetime.now(UTC))


async def count_live_children(conn: Connection, session_id: str) -> int:
    """Child Threads of a Session that are running now."""
    return int(await conn.fetchval(Q.count_live_children, session_id))


async def sessions_with_running_children(conn: Connection, session_ids: list[str]) -> set[str]:
    """Which of ``session_ids`` have a running child Thread (Session status aggregates Threads)."""
    return {str(r["id"]) for r in await conn.fetch(Q.any_child_running, session_ids)}


async def children_usage(conn: Connection, session_ids: list[str]) -> dict[str, list[dict[str, int]]]:
    """The usage totals of each listed Session's child Threads."""
    out: dict[str, list[dict[str, int]]] = {}
    for record in await conn.fetch(Q.children_usage, session_ids):
        out.setdefault(str(record["session_id"]), []).append(dict(record["usage"] or {}))
    return out
