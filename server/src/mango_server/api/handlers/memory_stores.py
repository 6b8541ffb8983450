"""Memory Store handlers: stores, memories (path-addressed text) and memory versions.

Parses each request and hands it to ``app.memory_stores``, which owns the access rules (API
key vs session token, the live-lease fence of session-token writes) and the version record.
"""

from __future__ import annotations

from mango_server.api.context import RequestContext
from mango_server.api.handlers._paging import page_body, page_params
from mango_server.api.mappers import memory_stores as wire
from mango_server.app import memory_stores as memory
from mango_server.domain._generated import wire as spec
from mango_server.domain.errors import InvalidRequestError
from mango_server.domain.memory import VERSION_OPERATIONS, VersionFilters, normalize_path, normalize_prefix
from mango_server.domain.paging import Cursor, decode_cursor

VIEWS = ("basic", "full")


# ---------------------------------------------------------------- stores


async def memory_stores_create(ctx: RequestContext) -> spec.MemoryStore:
    return wire.store(await memory.create_store(ctx.services, ctx.principal, ctx.params(spec.MemoryStoreCreateParams)))


async def memory_stores_get(ctx: RequestContext) -> spec.MemoryStore:
    return wire.store(await memory.get_store(ctx.services, ctx.principal, ctx.path["memory_store_id"]))


async def memory_stores_list(ctx: RequestContext) -> spec.MemoryStoreList:
    limit, cursor = page_params(ctx)
    page = await memory.list_stores(
        ctx.services,
        ctx.principal,
        limit=limit,
        cursor=cursor,
        include_archived=ctx.bool_param("include_archived"),
        created_gte=ctx.time_param("created_at[gte]"),
        created_lte=ctx.time_param("created_at[lte]"),
    )
    return page_body(page, wire.store)


async def memory_stores_update(ctx: RequestContext) -> spec.MemoryStore:
    params = ctx.params(spec.MemoryStoreUpdateParams)
    return wire.store(await memory.update_store(ctx.services, ctx.principal, ctx.path["memory_store_id"], params))


async def memory_stores_archive(ctx: RequestContext) -> spec.MemoryStore:
    return wire.store(await memory.archive_store(ctx.services, ctx.principal, ctx.path["memory_store_id"]))


async def memory_stores_delete(ctx: RequestContext) -> spec.MemoryStoreDeleted:
    return wire.store_deleted(await memory.delete_store(ctx.services, ctx.principal, ctx.path["memory_store_id"]))


# ---------------------------------------------------------------- memories


async def memory_stores_memories_create(ctx: RequestContext) -> spec.Memory:
    params = ctx.params(spec.MemoryCreateParams)
    path = normalize_path(params["path"])
    row = await memory.create_memory(
        ctx.services,
        ctx.principal,
        ctx.session_token,
        ctx.path["memory_store_id"],
        path=path,
        content=params["content"],
    )
    return wire.memory(row)


def _listing_position(ctx: RequestContext) -> list[str] | None:
    cursor = decode_cursor(ctx.query.get("page"), "asc")
    if cursor is None:
        return None
    if len(cursor.key) != 2:
        raise InvalidRequestError("page was issued for a different listing")
    path, bound = cursor.key
    if bound not in ("gt", "ge") or not isinstance(path, str) or not isinstance(bound, str):
        raise InvalidRequestError("page was issued for a different listing")
    return [path, bound]


async def memory_stores_memories_list(ctx: RequestContext) -> spec.MemoryList:
    limit = ctx.int_param("limit", 20, 1, 100)
    assert limit is not None
    after = _listing_position(ctx)
    prefix = normalize_prefix(ctx.query.get("path_prefix"))
    depth = ctx.int_param("depth", None, 1, 64)
    full = ctx.choice_param("view", VIEWS, "basic") == "full"
    listing = await memory.list_memories(
        ctx.services,
        ctx.principal,
        ctx.path["memory_store_id"],
        prefix=prefix,
        depth=depth,
        limit=limit,
        after=after,
    )
    next_key = listing.next_key
    return {
        "data": [wire.memory_or_prefix(item, full=full) for item in listing.items],
        "next_page": Cursor("asc", "after", list(next_key)).encode() if next_key is not None else None,
    }


async def memory_stores_memories_get(ctx: RequestContext) -> spec.Memory:
    full = ctx.choice_param("view", VIEWS, "full") == "full"
    row = await memory.get_memory(ctx.services, ctx.principal, ctx.path["memory_store_id"], ctx.path["memory_id"])
    return wire.memory(row, full=full)


async def memory_stores_memories_update(ctx: RequestContext) -> spec.Memory:
    # A null path or content was refused with the body (``api.body.check_not_null``).
    params = ctx.params(spec.MemoryUpdateParams)
    if "path" not in params and "content" not in params:
        raise InvalidRequestError("send at least one of path or content")
    path = normalize_path(params["path"]) if "path" in params else None
    precondition = params.get("precondition")
    row = await memory.update_memory(
        ctx.services,
        ctx.principal,
        ctx.session_token,
        ctx.path["memory_store_id"],
        ctx.path["memory_id"],
        path=path,
        content=params.get("content"),
        expected_sha256=precondition["content_sha256"] if precondition else None,
    )
    return wire.memory(row)


async def memory_stores_memories_delete(ctx: RequestContext) -> spec.MemoryDeleted:
    expected = ctx.query.get("expected_content_sha256")
    if expected is not None and (len(expected) != 64 or any(c not in "0123456789abcdef" for c in expected)):
        raise InvalidRequestError("expected_content_sha256: must be 64 lower-case hex characters")
    memory_id = await memory.delete_memory(
        ctx.services,
        ctx.principal,
        ctx.session_token,
        ctx.path["memory_store_id"],
        ctx.path["memory_id"],
        expected_sha256=expected,
    )
    return wire.memory_deleted(memory_id)


# ---------------------------------------------------------------- versions


async def memory_stores_memory_versions_list(ctx: RequestContext) -> spec.MemoryVersionList:
    limit, cursor = page_params(ctx)
    operation = ctx.query.get("operation")
    if operation is not None and operation not in VERSION_OPERATIONS:
        raise InvalidRequestError(f"operation must be one of {', '.join(VERSION_OPERATIONS)}")
    filters = VersionFilters(
        memory_id=ctx.query.get("memory_id") or None,
        operation=operation,
        session_id=ctx.query.get("session_id") or None,
        created_at_gte=ctx.time_param("created_at[gte]"),
        created_at_lte=ctx.time_param("created_at[lte]"),
    )
    page = await memory.list_versions(
        ctx.services, ctx.principal, ctx.path["memory_store_id"], limit=limit, cursor=cursor, filters=filters
    )
    return page_body(page, wire.version)


async def memory_stores_memory_versions_get(ctx: RequestContext) -> spec.MemoryVersion:
    row = await memory.get_version(
        ctx.services, ctx.principal, ctx.path["memory_store_id"], ctx.path["memory_version_id"]
    )
    return wire.version(row)


async def memory_stores_memory_versions_redact(ctx: RequestContext) -> spec.MemoryVersion:
    row = await memory.redact_version(
        ctx.services, ctx.principal, ctx.path["memory_store_id"], ctx.path["memory_version_id"]
    )
    return wire.version(row)
