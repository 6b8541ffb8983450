"""Readiness: PostgreSQL must answer, and accept writes, within 2 s.

Only PostgreSQL is checked: the outbox makes NATS and Temporal soft dependencies. Not
responsible for liveness, which needs nothing (``api.handlers.system``).
"""

from __future__ import annotations

import asyncio

from mango_server.app.services import Services
from mango_server.domain.errors import OverloadedError
from mango_server.store import system

_TIMEOUT_SECONDS = 2


async def check_readiness(services: Services) -> None:
    """Return when the database is usable; 503 otherwise."""
    try:
        async with asyncio.timeout(_TIMEOUT_SECONDS), services.pool.acquire() as conn:
            read_only = await system.is_read_only(conn)
    except Exception as exc:
        raise OverloadedError("database unavailable") from exc
    if read_only:
        raise OverloadedError("database is read-only")
