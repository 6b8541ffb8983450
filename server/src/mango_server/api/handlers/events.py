"""Session event handlers: history (list) and admission (send), through ``app.events`` and ``api.mappers.events``."""

from __future__ import annotations

from typing import cast

from mango_server.api.context import RequestContext
from mango_server.api.handlers._paging import page_body, page_params
from mango_server.api.mappers import events as wire
from mango_server.app import events
from mango_server.domain._generated.wire import SessionEventList, SessionEventSendParams, SessionEventSendResult
from mango_server.domain.paging import Order


async def sessions_events_list(ctx: RequestContext) -> SessionEventList:
    session_id = ctx.path["session_id"]
    ctx.require_session_scope(session_id)
    order = cast(Order, ctx.choice_param("order", ("asc", "desc"), "asc"))
    limit, cursor = page_params(ctx, default=100, maximum=1000, order=order)
    types = ctx.list_param("types", max_items=64)
    created = {op: ctx.time_param(f"created_at[{op}]") for op in ("gt", "gte", "lt", "lte")}
    page = await events.list_page(
        ctx.services,
        ctx.principal,
        session_id,
        limit=limit,
        cursor=cursor,
        order=order,
        types=types,
        created=created,
    )
    return page_body(page, wire.event)


async def sessions_events_send(ctx: RequestContext) -> SessionEventSendResult:
    session_id = ctx.path["session_id"]
    ctx.require_session_scope(session_id)
    client_events = ctx.params(SessionEventSendParams)["events"]
    return wire.sent(await events.send(ctx.services, ctx.principal, session_id, client_events, ctx.session_token))
