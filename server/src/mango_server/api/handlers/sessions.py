"""Session handlers: parse the request, call ``app.sessions``, map the result with ``api.mappers.sessions``."""

from __future__ import annotations

from typing import cast

from mango_server.api.context import RequestContext
from mango_server.api.handlers._paging import page_params, two_way_page_body
from mango_server.api.mappers import sessions as wire
from mango_server.app import sessions, stalls
from mango_server.app.sessions import STATUSES, SessionFilters
from mango_server.domain._generated.wire import (
    Session,
    SessionCreateParams,
    SessionDeleted,
    SessionList,
    SessionUpdateParams,
)
from mango_server.domain.paging import Order


async def sessions_create(ctx: RequestContext) -> Session:
    return wire.session(await sessions.create(ctx.services, ctx.principal, ctx.params(SessionCreateParams)))


async def sessions_get(ctx: RequestContext) -> Session:
    session_id = ctx.path["session_id"]
    ctx.require_session_scope(session_id)
    return await _with_stalls(ctx, await sessions.get(ctx.services, ctx.principal, session_id))


async def sessions_list(ctx: RequestContext) -> SessionList:
    order = cast(Order, ctx.choice_param("order", ("asc", "desc"), "desc"))
    limit, cursor = page_params(ctx, order=order)
    filters = SessionFilters(
        include_archived=ctx.bool_param("include_archived"),
        agent_id=ctx.query.get("agent_id"),
        agent_version=ctx.int_param("agent_version", None, 1, 2**31 - 1),
        statuses=ctx.list_param("statuses", STATUSES),
        memory_store_id=ctx.query.get("memory_store_id"),
        created={op: ctx.time_param(f"created_at[{op}]") for op in ("gt", "gte", "lt", "lte")},
    )
    page = await sessions.list_page(
        ctx.services, ctx.principal, limit=limit, cursor=cursor, order=order, filters=filters
    )
    found = await stalls.of(ctx.services, [row.id for row in page.rows])
    return two_way_page_body(page, lambda row: wire.session(row, found.get(row.id, [])))


async def sessions_update(ctx: RequestContext) -> Session:
    params = ctx.params(SessionUpdateParams)
    return await _with_stalls(ctx, await sessions.update(ctx.services, ctx.principal, ctx.path["session_id"], params))


async def sessions_archive(ctx: RequestContext) -> Session:
    return await _with_stalls(ctx, await sessions.archive(ctx.services, ctx.principal, ctx.path["session_id"]))


async def _with_stalls(ctx: RequestContext, row: sessions.SessionRow) -> Session:
    """One Session as the wire shows it, with what it waits on (``app.stalls``)."""
    return wire.session(row, (await stalls.of(ctx.services, [row.id])).get(row.id, []))


async def sessions_delete(ctx: RequestContext) -> SessionDeleted:
    return wire.deleted(await sessions.delete(ctx.services, ctx.principal, ctx.path["session_id"]))
