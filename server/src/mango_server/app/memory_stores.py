"""Memory Store use cases: stores, memories (path-addressed text) and memory versions.

A Workspace API key reaches every store of its Workspace. A session token reaches only the
stores frozen on its Session (others answer 404), writes only ``read_write`` attachments (403
otherwise), and every write re-checks the token's live Work lease inside the write's own
transaction (``app.auth.assert_live_lease``), so a reclaimed or expired worker cannot write. Every
change of a memory records its ``memory_versions`` row in the same transaction. Not
responsible for request parsing or wire shapes (``api``) or SQL (``store.memory_stores``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from mango_server.app.auth import assert_live_lease
from mango_server.app.services import Services
from mango_server.domain._generated import wire
from mango_server.domain.errors import (
    ConflictError,
    InvalidRequestError,
    NotFoundError,
    PermissionDeniedError,
)
from mango_server.domain.memory import (
    MemoryPathConflictError,
    MemoryPreconditionFailedError,
    MemoryPrefix,
    VersionFilters,
    digest,
    fold,
)
from mango_server.domain.paging import Cursor, Page
from mango_server.domain.principal import Principal
from mango_server.ids import new_id
from mango_server.store import memory_stores as ms
from mango_server.store.db import Connection, transaction
from mango_server.store.memory_stores import (
    ListOp,
    MemoryRow,
    MemoryStoreRow,
    MemoryVersionRow,
    NewMemoryState,
)

_LIST_BATCH = 200


@dataclass(frozen=True, slots=True)
class MemoryListing:
    """One page of a memory listing: memories and folded prefixes by path, and the next position."""

    items: list[MemoryRow | MemoryPrefix]
    next_key: list[str] | None


def _actor(principal: Principal) -> dict[str, object]:
    if principal.kind == "SessionToken":
        return {"type": "session_actor", "session_id": principal.session_id}
    return {"type": "api_actor", "api_key_id": principal.key_id}


async def _scope(conn: Connection, principal: Principal, store_id: str, *, write: bool) -> None:
    """Session tokens: the store must be attached to the token's Session, ``read_write`` to write."""
    if principal.kind != "SessionToken":
        return
    found = await ms.attachment(conn, principal.workspace_id, principal.session_id or "", store_id)
    if found is None:
        raise NotFoundError(f"memory store {store_id} not found")
    if write and found.access != "read_write":
        raise PermissionDeniedError(f"memory store {store_id} is attached read_only to this Session")


def _require_live(store: MemoryStoreRow) -> None:
    if store.archived_at is not None:
        raise ConflictError(f"memory store {store.id} is archived and read-only")


async def _writable(conn: Connection, principal: Principal, token: str, store_id: str) -> MemoryStoreRow:
    """Lease fence, attachment scope, then the share-locked, non-archived store."""
    await assert_live_lease(conn, principal, token)
    await _scope(conn, principal, store_id, write=True)
    store = await ms.get_store(conn, principal.workspace_id, store_id, lock="share")
    _require_live(store)
    return store


async def _readable(conn: Connection, principal: Principal, store_id: str) -> MemoryStoreRow:
    await _scope(conn, principal, store_id, write=False)
    return await ms.get_store(conn, principal.workspace_id, store_id)


# ---------------------------------------------------------------- stores


async def create_store(
    services: Services, principal: Principal, params: wire.MemoryStoreCreateParams
) -> MemoryStoreRow:
    """An empty store."""
    async with transaction(services.pool) as conn:
        return await ms.insert_store(
            conn,
            principal.workspace_id,
            new_id("memstore"),
            name=params["name"],
            description=params.get("description"),
            metadata=params.get("metadata") or {},
            now=datetime.now(UTC),
        )


async def get_store(services: Services, principal: Principal, store_id: str) -> MemoryStoreRow:
    """One store the principal reaches."""
    async with services.pool.acquire() as conn:
        return await _readable(conn, principal, store_id)


async def list_stores(
    services: Services,
    principal: Principal,
    *,
    limit: int,
    cursor: Cursor | None,
    include_archived: bool,
    created_gte: datetime | None,
    created_lte: datetime | None,
) -> Page[MemoryStoreRow]:
    """One page of the Workspace's stores, newest first."""
    async with services.pool.acquire() as conn:
        return await ms.list_stores(
            conn,
            principal.workspace_id,
            limit=limit,
            cursor=cursor,
            include_archived=include_archived,
            created_gte=created_gte,
            created_lte=created_lte,
        )


async def update_store(
    services: Services, principal: Principal, store_id: str, params: wire.MemoryStoreUpdateParams
) -> MemoryStoreRow:
    """Replace the fields present in ``params`` (metadata as a whole); archived stores answer 409."""
    async with transaction(services.pool) as conn:
        row = await ms.get_store(conn, principal.workspace_id, store_id, lock="update")
        _require_live(row)
        if "name" in params and params["name"] is None:
            raise InvalidRequestError("name: must be a non-empty string")
        return await ms.update_store(
            conn,
            principal.workspace_id,
            store_id,
            name=params.get("name", row.name),
            description=params.get("description", row.description),
            metadata=params["metadata"] if params.get("metadata") is not None else row.metadata,
            now=datetime.now(UTC),
        )


async def archive_store(services: Services, principal: Principal, store_id: str) -> MemoryStoreRow:
    """Archive (terminal, idempotent): read-only, and new Sessions cannot attach it."""
    async with transaction(services.pool) as conn:
        return await ms.archive_store(conn, principal.workspace_id, store_id, datetime.now(UTC))


async def delete_store(services: Services, principal: Principal, store_id: str) -> str:
    """Delete the store with its memories and versions unless a live Session attaches it; returns its id."""
    async with transaction(services.pool) as conn:
        await ms.get_store(conn, principal.workspace_id, store_id, lock="update")
        if await ms.count_attaching_sessions(conn, principal.workspace_id, store_id):
            raise ConflictError(f"memory store {store_id} is attached to a Session that is not terminated")
        await ms.delete_store(conn, principal.workspace_id, store_id)
    return store_id


# ---------------------------------------------------------------- memories


async def _path_conflict(conn: Connection, store_id: str, path: str, own_id: str | None = None) -> None:
    existing = await ms.memory_at_path(conn, store_id, path)
    if existing is not None and existing.id != own_id:
        raise MemoryPathConflictError(
            f"path {path!r} is already used by memory {existing.id}",
            details={"conflicting_memory_id": existing.id, "conflicting_path": existing.path},
        )
    if own_id is None:
        raise ConflictError(f"path {path!r} was taken concurrently; retry")


def _check_sha(row: MemoryRow, expected: str | None) -> None:
    if expected is not None and row.content_sha256 != expected:
        raise MemoryPreconditionFailedError(
            f"memory {row.id} content changed: its content_sha256 is {row.content_sha256}, not {expected}",
            details={"memory_id": row.id, "current_content_sha256": row.content_sha256},
        )


def _state(path: str, content: str) -> NewMemoryState:
    sha, size = digest(content)
    return NewMemoryState(path=path, content=content, content_sha256=sha, content_size_bytes=size)


async def create_memory(
    services: Services, principal: Principal, token: str, store_id: str, *, path: str, content: str
) -> MemoryRow:
    """A memory at a free ``path`` (409 ``memory_path_conflict_error`` otherwise), with its version."""
    async with transaction(services.pool) as conn:
        store = await _writable(conn, principal, token, store_id)
        state = _state(path, content)
        memory_id, version_id, now = new_id("mem"), new_id("memver"), datetime.now(UTC)
        row = await ms.insert_memory(conn, store, memory_id, state, version_id, now)
        if row is None:
            await _path_conflict(conn, store.id, path)
        assert row is not None
        await ms.insert_version(conn, store, version_id, memory_id, "created", state, _actor(principal), now)
        return row


async def list_memories(
    services: Services,
    principal: Principal,
    store_id: str,
    *,
    prefix: str,
    depth: int | None,
    limit: int,
    after: list[str] | None,
) -> MemoryListing:
    """Memories ordered by path, deeper paths folded into :class:`MemoryPrefix` items.

    A position is ``[bound, op]``: the next page starts at paths ``> bound`` (``gt``) or
    ``>= bound`` (``ge``, used to skip past a folded prefix).
    """
    bound, op = (after[0], after[1]) if after else ("", "ge")
    items: list[MemoryRow | MemoryPrefix] = []
    async with services.pool.acquire() as conn:
        store = await _readable(conn, principal, store_id)
        while True:
            rows = await ms.memories_from(conn, store.id, prefix, bound, _op(op), _LIST_BATCH)
            for row in rows:
                folded = fold(row.path, prefix, depth)
                if folded is not None and items and isinstance(items[-1], MemoryPrefix) and items[-1].path == folded:
                    bound, op = folded[:-1] + "0", "ge"
                    continue
                if len(items) == limit:
                    return MemoryListing(items, [bound, op])
                if folded is not None:
                    items.append(MemoryPrefix(folded))
                    bound, op = folded[:-1] + "0", "ge"  # '0' sorts right after '/': skips the whole folder
                else:
                    items.append(row)
                    bound, op = row.path, "gt"
            if len(rows) < _LIST_BATCH:
                return MemoryListing(items, None)


def _op(raw: str) -> ListOp:
    return "gt" if raw == "gt" else "ge"


async def get_memory(services: Services, principal: Principal, store_id: str, memory_id: str) -> MemoryRow:
    """One live memory of a store the principal reaches."""
    async with services.pool.acquire() as conn:
        store = await _readable(conn, principal, store_id)
        return await ms.get_memory(conn, principal.workspace_id, store.id, memory_id)


async def update_memory(
    services: Services,
    principal: Principal,
    token: str,
    store_id: str,
    memory_id: str,
    *,
    path: str | None,
    content: str | None,
    expected_sha256: str | None,
) -> MemoryRow:
    """Change content and/or path; records a ``modified`` version when anything changed."""
    async with transaction(services.pool) as conn:
        store = await _writable(conn, principal, token, store_id)
        row = await ms.get_memory(conn, store.workspace_id, store.id, memory_id, lock=True)
        _check_sha(row, expected_sha256)
        state = _state(path if path is not None else row.path, content if content is not None else row.content)
        if state.path == row.path and state.content_sha256 == row.content_sha256:
            return row
        if state.path != row.path:
            await _path_conflict(conn, store.id, state.path, own_id=memory_id)
        now, version_id = datetime.now(UTC), new_id("memver")
        updated = await ms.update_memory(conn, store.id, memory_id, state, version_id, now)
        await ms.insert_version(conn, store, version_id, memory_id, "modified", state, _actor(principal), now)
        return updated


async def delete_memory(
    services: Services, principal: Principal, token: str, store_id: str, memory_id: str, *, expected_sha256: str | None
) -> str:
    """Delete a live memory, recording a ``deleted`` version; returns its id."""
    async with transaction(services.pool) as conn:
        store = await _writable(conn, principal, token, store_id)
        row = await ms.get_memory(conn, store.workspace_id, store.id, memory_id, lock=True)
        _check_sha(row, expected_sha256)
        await ms.delete_memory(conn, store.id, memory_id)
        await ms.insert_version(
            conn, store, new_id("memver"), memory_id, "deleted", None, _actor(principal), datetime.now(UTC)
        )
    return memory_id


# ---------------------------------------------------------------- versions


async def list_versions(
    services: Services,
    principal: Principal,
    store_id: str,
    *,
    limit: int,
    cursor: Cursor | None,
    filters: VersionFilters,
) -> Page[MemoryVersionRow]:
    """One page of a store's memory versions, newest first."""
    async with services.pool.acquire() as conn:
        store = await _readable(conn, principal, store_id)
        return await ms.list_versions(
            conn, principal.workspace_id, store.id, limit=limit, cursor=cursor, filters=filters
        )


async def get_version(services: Services, principal: Principal, store_id: str, version_id: str) -> MemoryVersionRow:
    """One memory version of a store the principal reaches."""
    async with services.pool.acquire() as conn:
        store = await _readable(conn, principal, store_id)
        return await ms.get_version(conn, principal.workspace_id, store.id, version_id)


async def redact_version(services: Services, principal: Principal, store_id: str, version_id: str) -> MemoryVersionRow:
    """Clear a version's path and content (idempotent); the current version of a memory answers 409."""
    async with transaction(services.pool) as conn:
        store = await ms.get_store(conn, principal.workspace_id, store_id, lock="share")
        row = await ms.get_version(conn, principal.workspace_id, store.id, version_id, lock=True)
        if row.redacted_at is not None:
            return row
        if await ms.version_is_current(conn, store.id, version_id):
            raise ConflictError(
                f"memory version {version_id} holds its memory's current content; change or delete the memory first"
            )
        return await ms.redact_version(conn, store.id, version_id, datetime.now(UTC))
