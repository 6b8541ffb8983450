"""Liveness and readiness. Readiness checks PostgreSQL only: the outbox makes NATS and Temporal soft."""

from __future__ import annotations

import asyncio
from typing import Any

from mango_server.api.context import RequestContext
from mango_server.domain.errors import OverloadedError


async def system_health(ctx: RequestContext) -> dict[str, Any]:
    return {"status": "ok"}


async def system_readiness(ctx: RequestContext) -> dict[str, Any]:
    try:
        async with asyncio.timeout(2):
            read_only = await ctx.services.pool.fetchval("SHOW transaction_read_only")
    except Exception as exc:
        raise OverloadedError("database unavailable") from exc
    if read_only == "on":
        raise OverloadedError("database is read-only")
    return {"status": "ready", "checks": {"database": "ok"}}
