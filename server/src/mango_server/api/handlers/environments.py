"""Environment handlers."""

from __future__ import annotations

from typing import Any

from mango_server.api.context import RequestContext
from mango_server.api.handlers._paging import page_body, page_params
from mango_server.store import environments
from mango_server.store.db import transaction


async def environments_create(ctx: RequestContext) -> dict[str, Any]:
    async with transaction(ctx.services.pool) as conn:
        return await environments.create(conn, ctx.workspace_id, ctx.body)


async def environments_get(ctx: RequestContext) -> dict[str, Any]:
    async with ctx.services.pool.acquire() as conn:
        return await environments.get(conn, ctx.workspace_id, ctx.path["environment_id"])


async def environments_list(ctx: RequestContext) -> dict[str, Any]:
    limit, cursor = page_params(ctx)
    async with ctx.services.pool.acquire() as conn:
        page = await environments.list_page(
            conn, ctx.workspace_id, limit=limit, cursor=cursor, include_archived=ctx.bool_param("include_archived")
        )
    return page_body(page, environments.to_public)


async def environments_update(ctx: RequestContext) -> dict[str, Any]:
    async with transaction(ctx.services.pool) as conn:
        return await environments.update(conn, ctx.workspace_id, ctx.path["environment_id"], ctx.body)


async def environments_archive(ctx: RequestContext) -> dict[str, Any]:
    async with transaction(ctx.services.pool) as conn:
        return await environments.archive(conn, ctx.workspace_id, ctx.path["environment_id"])


async def environments_delete(ctx: RequestContext) -> dict[str, Any]:
    async with transaction(ctx.services.pool) as conn:
        return await environments.delete(conn, ctx.workspace_id, ctx.path["environment_id"])
