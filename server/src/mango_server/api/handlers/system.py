"""Liveness and readiness. Readiness checks PostgreSQL only (``app.system``)."""

from __future__ import annotations

from mango_server.api.context import RequestContext
from mango_server.api.mappers import system as wire
from mango_server.app import system
from mango_server.domain._generated.wire import Health, Readiness


async def system_health(ctx: RequestContext) -> Health:
    return wire.health()


async def system_readiness(ctx: RequestContext) -> Readiness:
    await system.check_readiness(ctx.services)
    return wire.readiness()
