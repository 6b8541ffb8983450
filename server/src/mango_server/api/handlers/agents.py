"""Agent handlers: thin; rules live in ``domain.agents``, storage in ``store.agents``."""

from __future__ import annotations

from typing import Any

from mango_server.api.context import RequestContext
from mango_server.api.handlers._paging import page_body, page_params
from mango_server.domain.agents import build_agent_body
from mango_server.store import agents, skills
from mango_server.store.db import transaction


async def agents_create(ctx: RequestContext) -> dict[str, Any]:
    body = build_agent_body(ctx.body)
    async with transaction(ctx.services.pool) as conn:
        body["skills"] = await skills.resolve_refs(conn, ctx.workspace_id, body["skills"])
        return await agents.create(conn, ctx.workspace_id, body)


async def agents_get(ctx: RequestContext) -> dict[str, Any]:
    version = ctx.int_param("version", None, 1, 2**31 - 1)
    async with ctx.services.pool.acquire() as conn:
        return await agents.get(conn, ctx.workspace_id, ctx.path["agent_id"], version)


async def agents_list(ctx: RequestContext) -> dict[str, Any]:
    limit, cursor = page_params(ctx)
    async with ctx.services.pool.acquire() as conn:
        page = await agents.list_page(
            conn,
            ctx.workspace_id,
            limit=limit,
            cursor=cursor,
            include_archived=ctx.bool_param("include_archived"),
            created_gte=ctx.time_param("created_at[gte]"),
            created_lte=ctx.time_param("created_at[lte]"),
        )
    return page_body(page, agents.to_public)


async def agents_update(ctx: RequestContext) -> dict[str, Any]:
    agent_id = ctx.path["agent_id"]
    params = dict(ctx.body)
    expected = params.pop("version", None)
    async with transaction(ctx.services.pool) as conn:
        current = await agents.get_body(conn, ctx.workspace_id, agent_id)
        body = build_agent_body(params, base=current["body"])
        if "skills" in params:  # unrelated updates keep the existing pins
            body["skills"] = await skills.resolve_refs(conn, ctx.workspace_id, body["skills"])
        if body == current["body"] and expected in (None, current["current_version"]):
            return await agents.get(conn, ctx.workspace_id, agent_id)
        return await agents.add_version(conn, ctx.workspace_id, agent_id, body, expected)


async def agents_archive(ctx: RequestContext) -> dict[str, Any]:
    async with transaction(ctx.services.pool) as conn:
        return await agents.archive(conn, ctx.workspace_id, ctx.path["agent_id"])


async def agents_versions_list(ctx: RequestContext) -> dict[str, Any]:
    limit, cursor = page_params(ctx)
    async with ctx.services.pool.acquire() as conn:
        page = await agents.list_versions(conn, ctx.workspace_id, ctx.path["agent_id"], limit=limit, cursor=cursor)
    return page_body(page, lambda r: agents.to_public(r, created_at=r["agent_created_at"]))
