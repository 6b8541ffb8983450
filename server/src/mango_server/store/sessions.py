"""The Session projection: identity, frozen Agent snapshot, status, usage and lifecycle fences.

Status changes always happen in the same transaction as the ledger events that announce them
(``mango_server.store.ledger``); this module only reads and writes the projection row.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from mango_server.domain.errors import NotFoundError
from mango_server.domain.paging import Cursor, Order, Page
from mango_server.ids import new_id
from mango_server.store.db import record_dict
from mango_server.store.pagination import created_range, fetch_page
from mango_server.store.sql_loader import Queries

Q = Queries("sessions")
EMPTY_USAGE = {
    "input_tokens": 0,
    "output_tokens": 0,
    "cache_creation_input_tokens": 0,
    "cache_read_input_tokens": 0,
}


def to_public(row: dict[str, Any]) -> dict[str, Any]:
    """The wire shape of a Session."""
    return {
        "type": "session",
        "id": row["id"],
        "title": row["title"],
        "status": row["status"],
        "stop_reason": row["stop_reason"],
        "agent": row["agent_snapshot"],
        "environment_id": row["environment_id"],
        "resources": row["resources"],
        "metadata": row["metadata"],
        "usage": {**EMPTY_USAGE, **(row["usage"] or {})},
        "stats": _stats(row),
        "created_at": row["created_at"],
        "updated_at": row["updated_at"],
        "archived_at": row["archived_at"],
    }


def _stats(row: dict[str, Any]) -> dict[str, float]:
    now = datetime.now(UTC)
    active = float(row.get("active_seconds") or 0.0)
    if row.get("running_since") is not None:
        active += max((now - row["running_since"]).total_seconds(), 0.0)
    end = row["archived_at"] or now
    return {
        "active_seconds": round(active, 3),
        "duration_seconds": round(max((end - row["created_at"]).total_seconds(), 0.0), 3),
    }


async def create(
    conn: Any,
    workspace_id: str,
    *,
    title: str | None,
    agent_id: str,
    agent_version: int,
    agent_snapshot: dict[str, Any],
    environment_id: str,
    metadata: dict[str, str],
    resources: list[dict[str, Any]],
) -> dict[str, Any]:
    """Insert an idle Session."""
    session_id = new_id("sesn")
    await conn.execute(
        Q.insert_session,
        workspace_id,
        session_id,
        title,
        agent_id,
        agent_version,
        agent_snapshot,
        environment_id,
        metadata,
        resources,
        EMPTY_USAGE,
        datetime.now(UTC),
    )
    return await get_row(conn, workspace_id, session_id)


async def get_row(conn: Any, workspace_id: str, session_id: str, *, lock: bool = False) -> dict[str, Any]:
    """The projection row; a deleted or foreign Session is not found."""
    row = await conn.fetchrow(Q.lock_session if lock else Q.get_session, workspace_id, session_id)
    if row is None:
        raise NotFoundError(f"session {session_id} not found")
    return dict(row)


async def update_fields(conn: Any, row: dict[str, Any], title: str | None, metadata: dict[str, str]) -> None:
    """Write title and metadata."""
    await conn.execute(Q.update_fields, row["workspace_id"], row["id"], title, metadata, datetime.now(UTC))


async def set_status(conn: Any, row: dict[str, Any], status: str, stop_reason: dict[str, Any] | None) -> None:
    """Write the status projection (callers append the matching event in the same transaction)."""
    timing = await conn.fetchrow(Q.set_status, row["workspace_id"], row["id"], status, stop_reason, datetime.now(UTC))
    row["status"], row["stop_reason"] = status, stop_reason
    if timing is not None:
        row["active_seconds"], row["running_since"] = timing["active_seconds"], timing["running_since"]


async def add_usage(conn: Any, row: dict[str, Any], usage: dict[str, int]) -> None:
    """Accumulate model usage into the Session total."""
    total = {**EMPTY_USAGE, **(row["usage"] or {})}
    for key in EMPTY_USAGE:
        total[key] += int(usage.get(key) or 0)
    await conn.execute(Q.add_usage, row["workspace_id"], row["id"], total, datetime.now(UTC))
    row["usage"] = total


async def archive(conn: Any, row: dict[str, Any]) -> None:
    """Archive: terminal and read-only."""
    await conn.execute(Q.archive_session, row["workspace_id"], row["id"], datetime.now(UTC))


async def mark_deleting(conn: Any, row: dict[str, Any]) -> None:
    """Set the deletion fence: from now on the Session is invisible and accepts nothing."""
    await conn.execute(Q.mark_deleting, row["workspace_id"], row["id"], datetime.now(UTC))


async def delete_fenced(conn: Any, session_id: str) -> None:
    """Remove a fenced Session and everything that cascades from it."""
    await conn.execute(Q.delete_session, session_id)


async def list_page(
    conn: Any,
    workspace_id: str,
    *,
    limit: int,
    cursor: Cursor | None,
    order: Order,
    filters: dict[str, Any],
) -> Page[dict[str, Any]]:
    """One page of Sessions with the list filters of ``sessions.list``."""
    sql = Q.list_base
    params: list[Any] = [workspace_id]

    def add(clause: str, value: Any) -> None:
        params.append(value)
        sql_parts.append(clause.replace("?", f"${len(params)}"))

    sql_parts: list[str] = []
    if not filters.get("include_archived"):
        sql_parts.append("archived_at IS NULL")
    if filters.get("agent_id"):
        add("agent_id = ?", filters["agent_id"])
    if filters.get("agent_version") is not None:
        add("agent_version = ?", filters["agent_version"])
    if filters.get("statuses"):
        add("status = ANY(?::text[])", list(filters["statuses"]))
    if filters.get("memory_store_id"):
        add("resources @> ?::jsonb", [{"memory_store_id": filters["memory_store_id"]}])
    for part in sql_parts:
        sql += f" AND {part}"
    sql += created_range(params, {op: filters.get(f"created_at_{op}") for op in ("gt", "gte", "lt", "lte")})
    return await fetch_page(conn, sql, params, row=record_dict, order=order, limit=limit, cursor=cursor)
