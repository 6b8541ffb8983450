"""Memory Stores, their memories and the version record of every memory change: rows and queries.

Writers take the store row ``FOR SHARE`` (archive takes it ``FOR UPDATE``), so a write never
lands in a store archived concurrently. Not responsible for access control, preconditions or
the version-per-change rule (``app.memory_stores``) or the wire shape (``api.mappers``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from mango_server.domain._generated import wire
from mango_server.domain.errors import NotFoundError
from mango_server.domain.memory import VersionFilters
from mango_server.domain.paging import Cursor, Page
from mango_server.store.db import Connection, from_record
from mango_server.store.pagination import created_range, fetch_page
from mango_server.store.sql_loader import NamedQueries

StoreLock = Literal["share", "update"]
ListOp = Literal["gt", "ge"]


class Q(NamedQueries, file="memory_stores"):
    insert_store: str
    get_store: str
    lock_store: str
    share_store: str
    update_store: str
    archive_store: str
    count_attaching_sessions: str
    delete_store: str
    list_stores_base: str
    session_resources: str
    insert_memory: str
    memory_at_path: str
    get_memory: str
    lock_memory: str
    update_memory: str
    delete_memory: str
    list_memories: str
    insert_version: str
    get_version: str
    lock_version: str
    version_is_current: str
    redact_version: str
    list_versions_base: str


@dataclass(frozen=True, slots=True)
class MemoryStoreRow:
    """A Memory Store; ``metadata`` is the caller's opaque string map."""

    workspace_id: str
    id: str
    name: str
    description: str | None
    metadata: dict[str, str]
    created_at: datetime
    updated_at: datetime
    archived_at: datetime | None


@dataclass(frozen=True, slots=True)
class MemoryRow:
    """A live memory: path-addressed text and the version that produced its current state."""

    workspace_id: str
    memory_store_id: str
    id: str
    path: str
    content: str
    content_sha256: str
    content_size_bytes: int
    memory_version_id: str
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class MemoryVersionRow:
    """One recorded change of a memory (path and content cleared once redacted or deleted)."""

    workspace_id: str
    memory_store_id: str
    id: str
    memory_id: str
    operation: str
    path: str | None
    content: str | None
    content_sha256: str | None
    content_size_bytes: int | None
    created_by: wire.MemoryActor | None
    redacted_at: datetime | None
    created_at: datetime


@dataclass(frozen=True, slots=True)
class PathHolder:
    """The memory occupying a path."""

    id: str
    path: str


@dataclass(frozen=True, slots=True)
class MemoryAttachment:
    """A Session's frozen attachment of a Memory Store."""

    memory_store_id: str
    access: str


@dataclass(frozen=True, slots=True)
class NewMemoryState:
    """Path and content of a memory after a change, with the content's digest and size."""

    path: str
    content: str
    content_sha256: str
    content_size_bytes: int


# ---------------------------------------------------------------- stores


async def insert_store(
    conn: Connection,
    workspace_id: str,
    store_id: str,
    *,
    name: str,
    description: str | None,
    metadata: Mapping[str, str],
    now: datetime,
) -> MemoryStoreRow:
    """Insert an empty store."""
    row = await conn.fetchrow(Q.insert_store, workspace_id, store_id, name, description, metadata, now)
    assert row is not None
    return from_record(MemoryStoreRow, row)


async def get_store(
    conn: Connection, workspace_id: str, store_id: str, *, lock: StoreLock | None = None
) -> MemoryStoreRow:
    """One store of the Workspace; ``lock`` is ``share`` (writers) or ``update`` (archive, delete)."""
    query = {None: Q.get_store, "share": Q.share_store, "update": Q.lock_store}[lock]
    row = await conn.fetchrow(query, workspace_id, store_id)
    if row is None:
        raise NotFoundError(f"memory store {store_id} not found")
    return from_record(MemoryStoreRow, row)


async def update_store(
    conn: Connection,
    workspace_id: str,
    store_id: str,
    *,
    name: str,
    description: str | None,
    metadata: Mapping[str, str],
    now: datetime,
) -> MemoryStoreRow:
    """Replace the store's fields."""
    row = await conn.fetchrow(Q.update_store, workspace_id, store_id, name, description, metadata, now)
    assert row is not None
    return from_record(MemoryStoreRow, row)


async def archive_store(conn: Connection, workspace_id: str, store_id: str, now: datetime) -> MemoryStoreRow:
    """Archive (idempotent: a second archive keeps the first time)."""
    row = await conn.fetchrow(Q.archive_store, workspace_id, store_id, now)
    if row is None:
        raise NotFoundError(f"memory store {store_id} not found")
    return from_record(MemoryStoreRow, row)


async def count_attaching_sessions(conn: Connection, workspace_id: str, store_id: str) -> int:
    """Live (not terminated, archived or deleting) Sessions that attach the store."""
    return int(await conn.fetchval(Q.count_attaching_sessions, workspace_id, [{"memory_store_id": store_id}]) or 0)


async def delete_store(conn: Connection, workspace_id: str, store_id: str) -> None:
    """Delete the store with its memories and versions."""
    await conn.execute(Q.delete_store, workspace_id, store_id)


async def list_stores(
    conn: Connection,
    workspace_id: str,
    *,
    limit: int,
    cursor: Cursor | None,
    include_archived: bool,
    created_gte: datetime | None,
    created_lte: datetime | None,
) -> Page[MemoryStoreRow]:
    """One page of stores, newest first."""
    sql = Q.list_stores_base
    params: list[object] = [workspace_id]
    if not include_archived:
        sql += " AND archived_at IS NULL"
    sql += created_range(params, {"gte": created_gte, "lte": created_lte})
    return await fetch_page(
        conn, sql, params, row=lambda r: from_record(MemoryStoreRow, r), order="desc", limit=limit, cursor=cursor
    )


# ---------------------------------------------------------------- memories


async def insert_memory(
    conn: Connection, store: MemoryStoreRow, memory_id: str, state: NewMemoryState, version_id: str, now: datetime
) -> MemoryRow | None:
    """Insert a memory; None when its path is already taken."""
    row = await conn.fetchrow(
        Q.insert_memory,
        store.workspace_id,
        store.id,
        memory_id,
        state.path,
        state.content,
        state.content_sha256,
        state.content_size_bytes,
        version_id,
        now,
    )
    return from_record(MemoryRow, row) if row is not None else None


async def memory_at_path(conn: Connection, store_id: str, path: str) -> PathHolder | None:
    """The memory at ``path``, if any."""
    row = await conn.fetchrow(Q.memory_at_path, store_id, path)
    return from_record(PathHolder, row) if row is not None else None


async def get_memory(
    conn: Connection, workspace_id: str, store_id: str, memory_id: str, *, lock: bool = False
) -> MemoryRow:
    """One live memory of the store (``lock``: for update)."""
    row = await conn.fetchrow(Q.lock_memory if lock else Q.get_memory, workspace_id, store_id, memory_id)
    if row is None:
        raise NotFoundError(f"memory {memory_id} not found in memory store {store_id}")
    return from_record(MemoryRow, row)


async def update_memory(
    conn: Connection, store_id: str, memory_id: str, state: NewMemoryState, version_id: str, now: datetime
) -> MemoryRow:
    """Replace a memory's path and content."""
    row = await conn.fetchrow(
        Q.update_memory,
        store_id,
        memory_id,
        state.path,
        state.content,
        state.content_sha256,
        state.content_size_bytes,
        version_id,
        now,
    )
    assert row is not None
    return from_record(MemoryRow, row)


async def delete_memory(conn: Connection, store_id: str, memory_id: str) -> None:
    """Remove a live memory (its versions stay)."""
    await conn.execute(Q.delete_memory, store_id, memory_id)


async def memories_from(
    conn: Connection, store_id: str, prefix: str, bound: str, op: ListOp, limit: int
) -> list[MemoryRow]:
    """Memories under ``prefix`` with paths ``> bound`` (``gt``) or ``>= bound`` (``ge``), by path."""
    return [from_record(MemoryRow, r) for r in await conn.fetch(Q.list_memories, store_id, prefix, bound, op, limit)]


# ---------------------------------------------------------------- versions


async def insert_version(
    conn: Connection,
    store: MemoryStoreRow,
    version_id: str,
    memory_id: str,
    operation: str,
    state: NewMemoryState | None,
    actor: Mapping[str, object],
    now: datetime,
) -> None:
    """Append one version (the memory's state after the change; ``state`` None for a deletion)."""
    values = (state.path, state.content, state.content_sha256, state.content_size_bytes) if state else (None,) * 4
    await conn.execute(
        Q.insert_version, store.workspace_id, store.id, version_id, memory_id, operation, *values, actor, now
    )


async def get_version(
    conn: Connection, workspace_id: str, store_id: str, version_id: str, *, lock: bool = False
) -> MemoryVersionRow:
    """One version of the store (``lock``: for update)."""
    row = await conn.fetchrow(Q.lock_version if lock else Q.get_version, workspace_id, store_id, version_id)
    if row is None:
        raise NotFoundError(f"memory version {version_id} not found in memory store {store_id}")
    return from_record(MemoryVersionRow, row)


async def version_is_current(conn: Connection, store_id: str, version_id: str) -> bool:
    """Whether a live memory's current state is this version."""
    return bool(await conn.fetchval(Q.version_is_current, store_id, version_id))


async def redact_version(conn: Connection, store_id: str, version_id: str, now: datetime) -> MemoryVersionRow:
    """Clear a version's path and content."""
    row = await conn.fetchrow(Q.redact_version, store_id, version_id, now)
    assert row is not None
    return from_record(MemoryVersionRow, row)


_VERSION_FILTERS = {
    "memory_id": "memory_id = ?",
    "operation": "operation = ?",
    "session_id": "created_by->>'session_id' = ?",
    "created_at_gte": "created_at >= ?",
    "created_at_lte": "created_at <= ?",
}


async def list_versions(
    conn: Connection, workspace_id: str, store_id: str, *, limit: int, cursor: Cursor | None, filters: VersionFilters
) -> Page[MemoryVersionRow]:
    """One page of versions, newest first."""
    sql = Q.list_versions_base
    params: list[object] = [workspace_id, store_id]
    for name, clause in _VERSION_FILTERS.items():
        value = getattr(filters, name)
        if value is not None:
            params.append(value)
            sql += " AND " + clause.replace("?", f"${len(params)}")
    return await fetch_page(
        conn, sql, params, row=lambda r: from_record(MemoryVersionRow, r), order="desc", limit=limit, cursor=cursor
    )


# ---------------------------------------------------------------- session-token scope


async def attachment(conn: Connection, workspace_id: str, session_id: str, store_id: str) -> MemoryAttachment | None:
    """The Session's frozen attachment of the store, if it has one."""
    resources = await conn.fetchval(Q.session_resources, workspace_id, session_id)
    for resource in resources or []:
        if resource.get("type") == "memory_store" and resource.get("memory_store_id") == store_id:
            return MemoryAttachment(memory_store_id=store_id, access=str(resource.get("access")))
    return None
