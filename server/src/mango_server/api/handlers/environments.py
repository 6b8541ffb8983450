"""Environment handlers: parse the request, call ``app.environments``, map with ``api.mappers.environments``."""

from __future__ import annotations

from mango_server.api.context import RequestContext
from mango_server.api.handlers._paging import page_body, page_params
from mango_server.api.mappers import environments as wire
from mango_server.app import environments
from mango_server.domain._generated.wire import (
    Environment,
    EnvironmentCreateParams,
    EnvironmentDeleted,
    EnvironmentList,
    EnvironmentUpdateParams,
)


async def environments_create(ctx: RequestContext) -> Environment:
    return wire.environment(await environments.create(ctx.services, ctx.principal, ctx.params(EnvironmentCreateParams)))


async def environments_get(ctx: RequestContext) -> Environment:
    return wire.environment(await environments.get(ctx.services, ctx.principal, ctx.path["environment_id"]))


async def environments_list(ctx: RequestContext) -> EnvironmentList:
    limit, cursor = page_params(ctx)
    include_archived = ctx.bool_param("include_archived")
    page = await environments.list_page(
        ctx.services, ctx.principal, limit=limit, cursor=cursor, include_archived=include_archived
    )
    return page_body(page, wire.environment)


async def environments_update(ctx: RequestContext) -> Environment:
    params = ctx.params(EnvironmentUpdateParams)
    row = await environments.update(ctx.services, ctx.principal, ctx.path["environment_id"], params)
    return wire.environment(row)


async def environments_archive(ctx: RequestContext) -> Environment:
    return wire.environment(await environments.archive(ctx.services, ctx.principal, ctx.path["environment_id"]))


async def environments_delete(ctx: RequestContext) -> EnvironmentDeleted:
    deleted = await environments.delete(ctx.services, ctx.principal, ctx.path["environment_id"])
    return wire.environment_deleted(deleted)
