"""Memory Stores, their memories and the version record of every memory change.

Every mutation of a memory writes its ``memory_versions`` row in the caller's transaction.
Writers take the store row ``FOR SHARE`` (archive takes it ``FOR UPDATE``), so a write never
lands in a store archived concurrently. Access control (API key vs session token) is the
handlers' job; this module receives the actor to record.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from mango_server.domain.errors import ConflictError, InvalidRequestError, NotFoundError
from mango_server.domain.memory import MemoryPathConflictError, MemoryPreconditionFailedError, digest, fold
from mango_server.domain.paging import Cursor, Page
from mango_server.ids import new_id
from mango_server.store.db import record_dict
from mango_server.store.pagination import created_range, fetch_page
from mango_server.store.sql_loader import Queries

Q = Queries("memory")
VERSION_OPERATIONS = ("created", "modified", "deleted")
_LIST_BATCH = 200


def store_to_public(row: dict[str, Any]) -> dict[str, Any]:
    """The wire shape of a Memory Store."""
    return {
        "type": "memory_store",
        **{k: row[k] for k in ("id", "name", "description", "metadata")},
        "created_at": row["created_at"],
        "updated_at": row["updated_at"],
        "archived_at": row["archived_at"],
    }


def memory_to_public(row: dict[str, Any], *, full: bool = True) -> dict[str, Any]:
    """The wire shape of a memory; view ``basic`` leaves ``content`` null."""
    return {
        "type": "memory",
        "id": row["id"],
        "memory_store_id": row["memory_store_id"],
        "path": row["path"],
        "content": row["content"] if full else None,
        "content_sha256": row["content_sha256"],
        "content_size_bytes": row["content_size_bytes"],
        "memory_version_id": row["memory_version_id"],
        "created_at": row["created_at"],
        "updated_at": row["updated_at"],
    }


def version_to_public(row: dict[str, Any]) -> dict[str, Any]:
    """The wire shape of a memory version."""
    keys = (
        "id",
        "memory_id",
        "memory_store_id",
        "operation",
        "path",
        "content",
        "content_sha256",
        "content_size_bytes",
        "created_by",
        "redacted_at",
        "created_at",
    )
    return {"type": "memory_version", **{k: row[k] for k in keys}}


# ---------------------------------------------------------------- stores


async def create_store(conn: Any, workspace_id: str, params: dict[str, Any]) -> dict[str, Any]:
    """Insert an empty store."""
    row = await conn.fetchrow(
        Q.insert_store,
        workspace_id,
        new_id("memstore"),
        params["name"],
        params.get("description"),
        params.get("metadata") or {},
        datetime.now(UTC),
    )
    return dict(row)


async def get_store(conn: Any, workspace_id: str, store_id: str, *, lock: str | None = None) -> dict[str, Any]:
    """One store of the Workspace; ``lock`` is ``share`` (writers) or ``update`` (archive, delete)."""
    query = {None: Q.get_store, "share": Q.share_store, "update": Q.lock_store}[lock]
    row = await conn.fetchrow(query, workspace_id, store_id)
    if row is None:
        raise NotFoundError(f"memory store {store_id} not found")
    return {**dict(row), "workspace_id": workspace_id}


async def writable_store(conn: Any, workspace_id: str, store_id: str) -> dict[str, Any]:
    """The store, share-locked for a memory write; an archived store is read-only (409)."""
    store = await get_store(conn, workspace_id, store_id, lock="share")
    if store["archived_at"] is not None:
        raise ConflictError(f"memory store {store_id} is archived and read-only")
    return store


async def update_store(conn: Any, workspace_id: str, store_id: str, params: dict[str, Any]) -> dict[str, Any]:
    """Replace the fields present in ``params``; archived stores answer 409."""
    row = await get_store(conn, workspace_id, store_id, lock="update")
    if row["archived_at"] is not None:
        raise ConflictError(f"memory store {store_id} is archived and read-only")
    if "name" in params and params["name"] is None:
        raise InvalidRequestError("name: must be a non-empty string")
    metadata = params["metadata"] if params.get("metadata") is not None else row["metadata"]
    updated = await conn.fetchrow(
        Q.update_store,
        workspace_id,
        store_id,
        params.get("name", row["name"]),
        params.get("description", row["description"]),
        metadata,
        datetime.now(UTC),
    )
    return dict(updated)


async def archive_store(conn: Any, workspace_id: str, store_id: str) -> dict[str, Any]:
    """Archive (terminal, idempotent): read-only, and new Sessions cannot attach it."""
    row = await conn.fetchrow(Q.archive_store, workspace_id, store_id, datetime.now(UTC))
    if row is None:
        raise NotFoundError(f"memory store {store_id} not found")
    return dict(row)


async def delete_store(conn: Any, workspace_id: str, store_id: str) -> dict[str, Any]:
    """Delete the store with its memories and versions unless a live Session attaches it."""
    await get_store(conn, workspace_id, store_id, lock="update")
    if await conn.fetchval(Q.count_attaching_sessions, workspace_id, [{"memory_store_id": store_id}]):
        raise ConflictError(f"memory store {store_id} is attached to a Session that is not terminated")
    await conn.execute(Q.delete_store, workspace_id, store_id)
    return {"type": "memory_store_deleted", "id": store_id}


async def list_stores(
    conn: Any,
    workspace_id: str,
    *,
    limit: int,
    cursor: Cursor | None,
    include_archived: bool,
    created_gte: datetime | None,
    created_lte: datetime | None,
) -> Page[dict[str, Any]]:
    """One page of stores, newest first."""
    sql = Q.list_stores_base
    params: list[Any] = [workspace_id]
    if not include_archived:
        sql += " AND archived_at IS NULL"
    sql += created_range(params, {"gte": created_gte, "lte": created_lte})
    return await fetch_page(conn, sql, params, row=record_dict, order="desc", limit=limit, cursor=cursor)


# ---------------------------------------------------------------- memories


async def _record(
    conn: Any,
    store: dict[str, Any],
    memory_id: str,
    operation: str,
    actor: dict[str, Any],
    now: datetime,
    row: dict[str, Any] | None,
    version_id: str | None = None,
) -> str:
    """Append one version (the memory's state after the change; ``row`` None for a deletion)."""
    version_id = version_id or new_id("memver")
    workspace_id = store["workspace_id"]
    values = (
        (row["path"], row["content"], row["content_sha256"], row["content_size_bytes"])
        if row
        else (None, None, None, None)
    )
    await conn.execute(
        Q.insert_version, workspace_id, store["id"], version_id, memory_id, operation, *values, actor, now
    )
    return version_id


async def create_memory(
    conn: Any, store: dict[str, Any], path: str, content: str, actor: dict[str, Any]
) -> dict[str, Any]:
    """Create a memory at a free path (409 ``memory_path_conflict_error`` otherwise) and its version."""
    sha, size = digest(content)
    memory_id, version_id, now = new_id("mem"), new_id("memver"), datetime.now(UTC)
    row = await conn.fetchrow(
        Q.insert_memory, store["workspace_id"], store["id"], memory_id, path, content, sha, size, version_id, now
    )
    if row is None:
        await _path_conflict(conn, store["id"], path)
    created = dict(row)
    await _record(conn, store, memory_id, "created", actor, now, created, version_id)
    return created


async def _path_conflict(conn: Any, store_id: str, path: str, own_id: str | None = None) -> None:
    existing = await conn.fetchrow(Q.memory_at_path, store_id, path)
    if existing is not None and existing["id"] != own_id:
        raise MemoryPathConflictError(
            f"path {path!r} is already used by memory {existing['id']}",
            details={"conflicting_memory_id": existing["id"], "conflicting_path": existing["path"]},
        )
    if own_id is None:
        raise ConflictError(f"path {path!r} was taken concurrently; retry")


async def get_memory(
    conn: Any, workspace_id: str, store_id: str, memory_id: str, *, lock: bool = False
) -> dict[str, Any]:
    """One live memory of the store."""
    row = await conn.fetchrow(Q.lock_memory if lock else Q.get_memory, workspace_id, store_id, memory_id)
    if row is None:
        raise NotFoundError(f"memory {memory_id} not found in memory store {store_id}")
    return dict(row)


def _check_sha(row: dict[str, Any], expected: str | None) -> None:
    if expected is not None and row["content_sha256"] != expected:
        raise MemoryPreconditionFailedError(
            f"memory {row['id']} content changed: its content_sha256 is {row['content_sha256']}, not {expected}",
            details={"memory_id": row["id"], "current_content_sha256": row["content_sha256"]},
        )


async def update_memory(
    conn: Any,
    store: dict[str, Any],
    memory_id: str,
    *,
    path: str | None,
    content: str | None,
    expected_sha256: str | None,
    actor: dict[str, Any],
) -> dict[str, Any]:
    """Change content and/or path; records a ``modified`` version when anything changed."""
    row = await get_memory(conn, store["workspace_id"], store["id"], memory_id, lock=True)
    _check_sha(row, expected_sha256)
    new_path = path if path is not None else row["path"]
    new_content = content if content is not None else row["content"]
    sha, size = digest(new_content)
    if new_path == row["path"] and sha == row["content_sha256"]:
        return row
    if new_path != row["path"]:
        await _path_conflict(conn, store["id"], new_path, own_id=memory_id)
    now, version_id = datetime.now(UTC), new_id("memver")
    updated = dict(
        await conn.fetchrow(Q.update_memory, store["id"], memory_id, new_path, new_content, sha, size, version_id, now)
    )
    await _record(conn, store, memory_id, "modified", actor, now, updated, version_id)
    return updated


async def delete_memory(
    conn: Any, store: dict[str, Any], memory_id: str, *, expected_sha256: str | None, actor: dict[str, Any]
) -> dict[str, Any]:
    """Delete a live memory; records a ``deleted`` version."""
    row = await get_memory(conn, store["workspace_id"], store["id"], memory_id, lock=True)
    _check_sha(row, expected_sha256)
    await conn.execute(Q.delete_memory, store["id"], memory_id)
    await _record(conn, store, memory_id, "deleted", actor, datetime.now(UTC), None)
    return {"type": "memory_deleted", "id": memory_id}


async def list_memories(
    conn: Any, store_id: str, *, prefix: str, depth: int | None, limit: int, after: list[Any] | None
) -> tuple[list[dict[str, Any]], list[Any] | None]:
    """Items ordered by path, deeper paths folded into ``memory_prefix`` items; returns (items, next key).

    The key is ``[bound, op]``: the next page starts at paths ``> bound`` (``gt``) or ``>= bound``
    (``ge``, used to skip past a folded prefix).
    """
    bound, op = (after[0], after[1]) if after else ("", "ge")
    items: list[dict[str, Any]] = []
    while True:
        rows = await conn.fetch(Q.list_memories, store_id, prefix, bound, op, _LIST_BATCH)
        for record in rows:
            row = dict(record)
            folded = fold(row["path"], prefix, depth)
            if (
                folded is not None
                and items
                and items[-1].get("type") == "memory_prefix"
                and items[-1]["path"] == folded
            ):
                bound, op = folded[:-1] + "0", "ge"
                continue
            if len(items) == limit:
                return items, [bound, op]
            if folded is not None:
                items.append({"type": "memory_prefix", "path": folded})
                bound, op = folded[:-1] + "0", "ge"  # '0' sorts right after '/': skips the whole folder
            else:
                items.append(row)
                bound, op = row["path"], "gt"
        if len(rows) < _LIST_BATCH:
            return items, None


# ---------------------------------------------------------------- versions


async def get_version(
    conn: Any, workspace_id: str, store_id: str, version_id: str, *, lock: bool = False
) -> dict[str, Any]:
    """One version of the store."""
    row = await conn.fetchrow(Q.lock_version if lock else Q.get_version, workspace_id, store_id, version_id)
    if row is None:
        raise NotFoundError(f"memory version {version_id} not found in memory store {store_id}")
    return dict(row)


async def redact_version(conn: Any, workspace_id: str, store_id: str, version_id: str) -> dict[str, Any]:
    """Clear a version's path and content (idempotent); the current version of a memory answers 409."""
    row = await get_version(conn, workspace_id, store_id, version_id, lock=True)
    if row["redacted_at"] is not None:
        return row
    if await conn.fetchval(Q.version_is_current, store_id, version_id):
        raise ConflictError(
            f"memory version {version_id} holds its memory's current content; change or delete the memory first"
        )
    return dict(await conn.fetchrow(Q.redact_version, store_id, version_id, datetime.now(UTC)))


async def list_versions(
    conn: Any, workspace_id: str, store_id: str, *, limit: int, cursor: Cursor | None, filters: dict[str, Any]
) -> Page[dict[str, Any]]:
    """One page of versions, newest first."""
    sql = Q.list_versions_base
    params: list[Any] = [workspace_id, store_id]
    clauses = {
        "memory_id": "memory_id = ?",
        "operation": "operation = ?",
        "session_id": "created_by->>'session_id' = ?",
        "created_at_gte": "created_at >= ?",
        "created_at_lte": "created_at <= ?",
    }
    for key, clause in clauses.items():
        if filters.get(key) is not None:
            params.append(filters[key])
            sql += " AND " + clause.replace("?", f"${len(params)}")
    return await fetch_page(conn, sql, params, row=record_dict, order="desc", limit=limit, cursor=cursor)


# ---------------------------------------------------------------- session-token scope


async def attachment(conn: Any, workspace_id: str, session_id: str, store_id: str) -> dict[str, Any] | None:
    """The Session's frozen attachment of the store, if it has one."""
    resources = await conn.fetchval(Q.session_resources, workspace_id, session_id)
    for resource in resources or []:
        if resource.get("type") == "memory_store" and resource.get("memory_store_id") == store_id:
            return dict(resource)
    return None


async def lease_is_live(conn: Any, workspace_id: str, work_id: str, session_id: str, token_digest: bytes) -> bool:
    """Share-lock the Work item of a session token while its lease is live (see ``lock_live_lease``)."""
    return await conn.fetchval(Q.lock_live_lease, workspace_id, work_id, session_id, token_digest) is not None
