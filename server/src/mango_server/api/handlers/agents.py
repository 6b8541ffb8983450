"""Agent handlers: parse the request, call ``app.agents``, map the result with ``api.mappers.agents``."""

from __future__ import annotations

from mango_server.api.context import RequestContext
from mango_server.api.handlers._paging import page_body, page_params
from mango_server.api.mappers import agents as wire
from mango_server.app import agents
from mango_server.app.agents import AgentFilter
from mango_server.domain._generated.wire import Agent, AgentCreateParams, AgentList, AgentUpdateParams


async def agents_create(ctx: RequestContext) -> Agent:
    return wire.agent(await agents.create(ctx.services, ctx.principal, ctx.params(AgentCreateParams)))


async def agents_get(ctx: RequestContext) -> Agent:
    version = ctx.int_param("version", None, 1, 2**31 - 1)
    return wire.agent(await agents.get(ctx.services, ctx.principal, ctx.path["agent_id"], version))


async def agents_list(ctx: RequestContext) -> AgentList:
    limit, cursor = page_params(ctx)
    where = AgentFilter(
        include_archived=ctx.bool_param("include_archived"),
        created_gte=ctx.time_param("created_at[gte]"),
        created_lte=ctx.time_param("created_at[lte]"),
    )
    page = await agents.list_page(ctx.services, ctx.principal, limit=limit, cursor=cursor, where=where)
    return page_body(page, wire.agent)


async def agents_update(ctx: RequestContext) -> Agent:
    params = ctx.params(AgentUpdateParams)
    return wire.agent(await agents.update(ctx.services, ctx.principal, ctx.path["agent_id"], params))


async def agents_archive(ctx: RequestContext) -> Agent:
    return wire.agent(await agents.archive(ctx.services, ctx.principal, ctx.path["agent_id"]))


async def agents_versions_list(ctx: RequestContext) -> AgentList:
    limit, cursor = page_params(ctx)
    page = await agents.list_versions(ctx.services, ctx.principal, ctx.path["agent_id"], limit=limit, cursor=cursor)
    return page_body(page, wire.agent)
