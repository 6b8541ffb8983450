"""Liveness and readiness. Readiness checks PostgreSQL only (``app.system``)."""

from __future__ import annotations

from mango_server.api.context import RequestContext
from mango_server.api.mappers import system as wire
from mango_server.app import system
from mango_server.domain.json import JsonObject


async def system_health(ctx: RequestContext) -> JsonObject:
    return wire.health()


async def system_readiness(ctx: RequestContext) -> JsonObject:
    await system.check_readiness(ctx.services)
    return wire.readiness()
