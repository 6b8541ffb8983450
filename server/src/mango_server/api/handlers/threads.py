"""Thread handlers: parse the request, call ``app.threads.resources``, map with ``api.mappers.threads``."""

from __future__ import annotations

from typing import cast

from mango_server.api.context import RequestContext
from mango_server.api.handlers._paging import page_body, page_params, two_way_page_body
from mango_server.api.mappers import events as event_wire
from mango_server.api.mappers import threads as wire
from mango_server.app.threads import resources
from mango_server.domain._generated.wire import SessionEventList, SessionThread, SessionThreadList
from mango_server.domain.paging import Order


async def sessions_threads_list(ctx: RequestContext) -> SessionThreadList:
    order = cast(Order, ctx.choice_param("order", ("asc", "desc"), "asc"))
    limit, cursor = page_params(ctx, order=order)
    page = await resources.list_page(
        ctx.services,
        ctx.principal,
        ctx.path["session_id"],
        limit=limit,
        cursor=cursor,
        order=order,
        include_archived=ctx.bool_param("include_archived"),
    )
    return two_way_page_body(page, wire.thread)


async def sessions_threads_get(ctx: RequestContext) -> SessionThread:
    row = await resources.get(ctx.services, ctx.principal, ctx.path["session_id"], ctx.path["thread_id"])
    return wire.thread(row)


async def sessions_threads_archive(ctx: RequestContext) -> SessionThread:
    row = await resources.archive(ctx.services, ctx.principal, ctx.path["session_id"], ctx.path["thread_id"])
    return wire.thread(row)


async def sessions_threads_events_list(ctx: RequestContext) -> SessionEventList:
    order = cast(Order, ctx.choice_param("order", ("asc", "desc"), "asc"))
    limit, cursor = page_params(ctx, default=100, maximum=1000, order=order)
    page = await resources.list_events(
        ctx.services,
        ctx.principal,
        ctx.path["session_id"],
        ctx.path["thread_id"],
        limit=limit,
        cursor=cursor,
        order=order,
        types=ctx.list_param("types", max_items=64),
    )
    return page_body(page, event_wire.event)
