"""Webhook endpoint handlers: parse the request, call ``app.webhooks``, map with ``api.mappers.webhooks``."""

from __future__ import annotations

from mango_server.api.context import RequestContext
from mango_server.api.handlers._paging import page_body, page_params
from mango_server.api.mappers import webhooks as wire
from mango_server.app import webhooks
from mango_server.domain._generated.wire import (
    Webhook,
    WebhookCreateParams,
    WebhookDeleted,
    WebhookList,
    WebhookUpdateParams,
    WebhookWithSecret,
)


async def webhooks_create(ctx: RequestContext) -> WebhookWithSecret:
    return wire.with_secret(await webhooks.create(ctx.services, ctx.principal, ctx.params(WebhookCreateParams)))


async def webhooks_get(ctx: RequestContext) -> Webhook:
    return wire.webhook(await webhooks.get(ctx.services, ctx.principal, ctx.path["webhook_id"]))


async def webhooks_list(ctx: RequestContext) -> WebhookList:
    limit, cursor = page_params(ctx)
    page = await webhooks.list_page(ctx.services, ctx.principal, limit=limit, cursor=cursor)
    return page_body(page, wire.webhook)


async def webhooks_update(ctx: RequestContext) -> Webhook:
    params = ctx.params(WebhookUpdateParams)
    return wire.webhook(await webhooks.update(ctx.services, ctx.principal, ctx.path["webhook_id"], params))


async def webhooks_rotate_secret(ctx: RequestContext) -> WebhookWithSecret:
    return wire.with_secret(await webhooks.rotate_secret(ctx.services, ctx.principal, ctx.path["webhook_id"]))


async def webhooks_delete(ctx: RequestContext) -> WebhookDeleted:
    return wire.webhook_deleted(await webhooks.delete(ctx.services, ctx.principal, ctx.path["webhook_id"]))
