"""Environments: where a Session's tools run. Mango only has ``self_hosted`` Environments."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from mango_server.domain.errors import ConflictError, NotFoundError
from mango_server.domain.paging import Cursor, Page
from mango_server.ids import new_id
from mango_server.store.db import record_dict
from mango_server.store.pagination import fetch_page
from mango_server.store.sql_loader import Queries

Q = Queries("environments")
DEFAULT_CONFIG = {"type": "self_hosted"}


def to_public(row: dict[str, Any]) -> dict[str, Any]:
    """The wire shape of an Environment."""
    return {"type": "environment", **row}


async def create(conn: Any, workspace_id: str, params: dict[str, Any]) -> dict[str, Any]:
    """Insert an Environment; its name is unique within the Workspace (409 otherwise)."""
    row = await conn.fetchrow(
        Q.insert_environment,
        workspace_id,
        new_id("env"),
        params["name"],
        params.get("description"),
        params.get("config") or DEFAULT_CONFIG,
        params.get("metadata") or {},
        datetime.now(UTC),
    )
    return to_public(dict(row))


async def get(conn: Any, workspace_id: str, environment_id: str) -> dict[str, Any]:
    """One Environment of the Workspace."""
    row = await conn.fetchrow(Q.get_environment, workspace_id, environment_id)
    if row is None:
        raise NotFoundError(f"environment {environment_id} not found")
    return to_public(dict(row))


async def update(conn: Any, workspace_id: str, environment_id: str, params: dict[str, Any]) -> dict[str, Any]:
    """Change name, description, config or metadata (a null metadata value deletes the key)."""
    row = await conn.fetchrow(Q.lock_environment, workspace_id, environment_id)
    if row is None:
        raise NotFoundError(f"environment {environment_id} not found")
    if row["archived_at"] is not None:
        raise ConflictError(f"environment {environment_id} is archived and read-only")
    metadata = dict(row["metadata"])
    for key, value in (params.get("metadata") or {}).items():
        if value is None:
            metadata.pop(key, None)
        else:
            metadata[key] = value
    updated = await conn.fetchrow(
        Q.update_environment,
        workspace_id,
        environment_id,
        params.get("name", row["name"]),
        params.get("description", row["description"]),
        params.get("config") or row["config"],
        metadata,
        datetime.now(UTC),
    )
    return to_public(dict(updated))


async def archive(conn: Any, workspace_id: str, environment_id: str) -> dict[str, Any]:
    """Archive: new Sessions can no longer use it."""
    row = await conn.fetchrow(Q.archive_environment, workspace_id, environment_id, datetime.now(UTC))
    if row is None:
        raise NotFoundError(f"environment {environment_id} not found")
    return to_public(dict(row))


async def delete(conn: Any, workspace_id: str, environment_id: str) -> dict[str, Any]:
    """Delete an Environment that no Session uses."""
    row = await conn.fetchrow(Q.lock_environment, workspace_id, environment_id)
    if row is None:
        raise NotFoundError(f"environment {environment_id} not found")
    if await conn.fetchval(Q.count_live_sessions, workspace_id, environment_id):
        raise ConflictError(f"environment {environment_id} still has Sessions; delete them first")
    await conn.execute(Q.delete_environment, workspace_id, environment_id)
    return {"type": "environment_deleted", "id": environment_id}


async def list_page(
    conn: Any, workspace_id: str, *, limit: int, cursor: Cursor | None, include_archived: bool
) -> Page[dict[str, Any]]:
    """One page of Environments, newest first."""
    sql = Q.list_base + ("" if include_archived else " AND archived_at IS NULL")
    return await fetch_page(conn, sql, [workspace_id], row=record_dict, order="desc", limit=limit, cursor=cursor)
