"""Runs the api role: pool, NATS, the ASGI app under uvicorn, graceful shutdown."""

from __future__ import annotations

import logging

import uvicorn

from mango_server.api.app import build_app
from mango_server.api.context import Services
from mango_server.live import NatsNotifier
from mango_server.settings import Settings
from mango_server.store.db import create_pool

log = logging.getLogger(__name__)


async def serve(settings: Settings) -> None:
    """Serve HTTP until cancelled or signalled."""
    pool = await create_pool(settings.database_url)
    notifier = await NatsNotifier.connect(settings.nats_url)
    app = build_app(Services(settings=settings, pool=pool, notifier=notifier))
    config = uvicorn.Config(
        app, host=settings.api_host, port=settings.api_port, log_level="warning", access_log=False, lifespan="on"
    )
    log.info("api listening url=%s", settings.base_url, extra={"action": "api.start"})
    try:
        await uvicorn.Server(config).serve()
    finally:
        await notifier.close()
        await pool.close()
