"""Memory Store handlers: stores, memories (path-addressed text) and memory versions.

A Workspace API key reaches every store of its Workspace. A session token reaches only the
stores frozen on its Session (others answer 404), writes only ``read_write`` attachments (403
otherwise), and every write re-checks the token's live Work lease inside the write's own
transaction (``_assert_live_lease``), so a reclaimed or expired worker cannot write.
"""

from __future__ import annotations

from typing import Any

from mango_server.api.auth import bearer_token
from mango_server.api.context import RequestContext
from mango_server.api.handlers._paging import page_body, page_params
from mango_server.domain.errors import AuthenticationError, InvalidRequestError, NotFoundError, PermissionDeniedError
from mango_server.domain.memory import normalize_path, normalize_prefix
from mango_server.domain.paging import Cursor, decode_cursor
from mango_server.store import credentials
from mango_server.store import memory_stores as ms
from mango_server.store.db import transaction

VIEWS = ("basic", "full")


def _actor(ctx: RequestContext) -> dict[str, Any]:
    principal = ctx.principal
    if principal.kind == "SessionToken":
        return {"type": "session_actor", "session_id": principal.session_id}
    return {"type": "api_actor", "api_key_id": principal.key_id}


async def _assert_live_lease(conn: Any, ctx: RequestContext) -> None:
    """Fence a session-token write: its Work item must still hold a live lease under this token.

    Runs inside the write's transaction and share-locks the Work row, so a reclaim (which rotates
    the token digest) either committed before, and the write is refused, or waits for the write.
    """
    principal = ctx.principal
    if principal.kind != "SessionToken":
        return
    token_digest = credentials.digest(bearer_token(ctx.request.headers.get("authorization")))
    if (
        not principal.work_id
        or not principal.session_id
        or not await ms.lease_is_live(
            conn, principal.workspace_id, principal.work_id, principal.session_id, token_digest
        )
    ):
        raise AuthenticationError("the Work lease of this session token is no longer live")


async def _scope(ctx: RequestContext, conn: Any, store_id: str, *, write: bool) -> None:
    """Session tokens: the store must be attached to the token's Session, ``read_write`` to write."""
    principal = ctx.principal
    if principal.kind != "SessionToken":
        return
    found = await ms.attachment(conn, principal.workspace_id, principal.session_id or "", store_id)
    if found is None:
        raise NotFoundError(f"memory store {store_id} not found")
    if write and found.get("access") != "read_write":
        raise PermissionDeniedError(f"memory store {store_id} is attached read_only to this Session")


async def _writable(ctx: RequestContext, conn: Any) -> dict[str, Any]:
    """Lease fence, attachment scope, then the share-locked, non-archived store."""
    store_id = ctx.path["memory_store_id"]
    await _assert_live_lease(conn, ctx)
    await _scope(ctx, conn, store_id, write=True)
    return await ms.writable_store(conn, ctx.workspace_id, store_id)


async def _readable(ctx: RequestContext, conn: Any) -> dict[str, Any]:
    store_id = ctx.path["memory_store_id"]
    await _scope(ctx, conn, store_id, write=False)
    return await ms.get_store(conn, ctx.workspace_id, store_id)


# ---------------------------------------------------------------- stores


async def memory_stores_create(ctx: RequestContext) -> dict[str, Any]:
    async with transaction(ctx.services.pool) as conn:
        return ms.store_to_public(await ms.create_store(conn, ctx.workspace_id, ctx.body))


async def memory_stores_get(ctx: RequestContext) -> dict[str, Any]:
    async with ctx.services.pool.acquire() as conn:
        return ms.store_to_public(await _readable(ctx, conn))


async def memory_stores_list(ctx: RequestContext) -> dict[str, Any]:
    limit, cursor = page_params(ctx)
    async with ctx.services.pool.acquire() as conn:
        page = await ms.list_stores(
            conn,
            ctx.workspace_id,
            limit=limit,
            cursor=cursor,
            include_archived=ctx.bool_param("include_archived"),
            created_gte=ctx.time_param("created_at[gte]"),
            created_lte=ctx.time_param("created_at[lte]"),
        )
    return page_body(page, ms.store_to_public)


async def memory_stores_update(ctx: RequestContext) -> dict[str, Any]:
    async with transaction(ctx.services.pool) as conn:
        row = await ms.update_store(conn, ctx.workspace_id, ctx.path["memory_store_id"], ctx.body)
        return ms.store_to_public(row)


async def memory_stores_archive(ctx: RequestContext) -> dict[str, Any]:
    async with transaction(ctx.services.pool) as conn:
        return ms.store_to_public(await ms.archive_store(conn, ctx.workspace_id, ctx.path["memory_store_id"]))


async def memory_stores_delete(ctx: RequestContext) -> dict[str, Any]:
    async with transaction(ctx.services.pool) as conn:
        return await ms.delete_store(conn, ctx.workspace_id, ctx.path["memory_store_id"])


# ---------------------------------------------------------------- memories


async def memory_stores_memories_create(ctx: RequestContext) -> dict[str, Any]:
    path = normalize_path(ctx.body["path"])
    async with transaction(ctx.services.pool) as conn:
        store = await _writable(ctx, conn)
        row = await ms.create_memory(conn, store, path, ctx.body["content"], _actor(ctx))
    return ms.memory_to_public(row)


async def memory_stores_memories_list(ctx: RequestContext) -> dict[str, Any]:
    limit = ctx.int_param("limit", 20, 1, 100)
    assert limit is not None
    cursor = decode_cursor(ctx.query.get("page"), "asc")
    after: list[Any] | None = None
    if cursor is not None:
        if len(cursor.key) != 2 or cursor.key[1] not in ("gt", "ge") or not isinstance(cursor.key[0], str):
            raise InvalidRequestError("page was issued for a different listing")
        after = cursor.key
    prefix = normalize_prefix(ctx.query.get("path_prefix"))
    depth = ctx.int_param("depth", None, 1, 64)
    full = ctx.choice_param("view", VIEWS, "basic") == "full"
    async with ctx.services.pool.acquire() as conn:
        store = await _readable(ctx, conn)
        items, key = await ms.list_memories(conn, store["id"], prefix=prefix, depth=depth, limit=limit, after=after)
    data = [i if i.get("type") == "memory_prefix" else ms.memory_to_public(i, full=full) for i in items]
    next_page = Cursor("asc", "after", key).encode() if key is not None else None
    return {"data": data, "next_page": next_page}


async def memory_stores_memories_get(ctx: RequestContext) -> dict[str, Any]:
    full = ctx.choice_param("view", VIEWS, "full") == "full"
    async with ctx.services.pool.acquire() as conn:
        store = await _readable(ctx, conn)
        row = await ms.get_memory(conn, ctx.workspace_id, store["id"], ctx.path["memory_id"])
    return ms.memory_to_public(row, full=full)


async def memory_stores_memories_update(ctx: RequestContext) -> dict[str, Any]:
    body = ctx.body
    for key in ("path", "content"):
        if key in body and body[key] is None:
            raise InvalidRequestError(f"{key}: must be a string when present")
    if "path" not in body and "content" not in body:
        raise InvalidRequestError("send at least one of path or content")
    path = normalize_path(body["path"]) if "path" in body else None
    expected = (body.get("precondition") or {}).get("content_sha256")
    async with transaction(ctx.services.pool) as conn:
        store = await _writable(ctx, conn)
        row = await ms.update_memory(
            conn,
            store,
            ctx.path["memory_id"],
            path=path,
            content=body.get("content"),
            expected_sha256=expected,
            actor=_actor(ctx),
        )
    return ms.memory_to_public(row)


async def memory_stores_memories_delete(ctx: RequestContext) -> dict[str, Any]:
    expected = ctx.query.get("expected_content_sha256")
    if expected is not None and (len(expected) != 64 or any(c not in "0123456789abcdef" for c in expected)):
        raise InvalidRequestError("expected_content_sha256: must be 64 lower-case hex characters")
    async with transaction(ctx.services.pool) as conn:
        store = await _writable(ctx, conn)
        return await ms.delete_memory(conn, store, ctx.path["memory_id"], expected_sha256=expected, actor=_actor(ctx))


# ---------------------------------------------------------------- versions


async def memory_stores_memory_versions_list(ctx: RequestContext) -> dict[str, Any]:
    limit, cursor = page_params(ctx)
    operation = ctx.query.get("operation")
    if operation is not None and operation not in ms.VERSION_OPERATIONS:
        raise InvalidRequestError(f"operation must be one of {', '.join(ms.VERSION_OPERATIONS)}")
    filters = {
        "memory_id": ctx.query.get("memory_id") or None,
        "operation": operation,
        "session_id": ctx.query.get("session_id") or None,
        "created_at_gte": ctx.time_param("created_at[gte]"),
        "created_at_lte": ctx.time_param("created_at[lte]"),
    }
    async with ctx.services.pool.acquire() as conn:
        store = await _readable(ctx, conn)
        page = await ms.list_versions(conn, ctx.workspace_id, store["id"], limit=limit, cursor=cursor, filters=filters)
    return page_body(page, ms.version_to_public)


async def memory_stores_memory_versions_get(ctx: RequestContext) -> dict[str, Any]:
    async with ctx.services.pool.acquire() as conn:
        store = await _readable(ctx, conn)
        row = await ms.get_version(conn, ctx.workspace_id, store["id"], ctx.path["memory_version_id"])
    return ms.version_to_public(row)


async def memory_stores_memory_versions_redact(ctx: RequestContext) -> dict[str, Any]:
    async with transaction(ctx.services.pool) as conn:
        store = await ms.get_store(conn, ctx.workspace_id, ctx.path["memory_store_id"], lock="share")
        row = await ms.redact_version(conn, ctx.workspace_id, store["id"], ctx.path["memory_version_id"])
    return ms.version_to_public(row)
