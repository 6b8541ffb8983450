"""Runs the api role: pool, NATS, the SSE fan-out, object storage, the ASGI app under uvicorn,
the periodic object-storage recovery pass and expired idempotency key purge, and a bounded
graceful shutdown.

Shutdown (SIGINT or SIGTERM): uvicorn stops accepting, the fan-out ends every open event
stream at once (clients resume with ``Last-Event-ID``), in-flight requests get up to
``MANGO_API_SHUTDOWN_SECONDS`` to finish and are cancelled after that, so the process exits
within a bounded time however many streams were open."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket

import uvicorn

from mango_server import event_loop
from mango_server.api.app import build_app
from mango_server.api.context import Services
from mango_server.app import idempotency
from mango_server.app.blobs import BlobWrites, process_owner
from mango_server.app.skills import recovery_pass
from mango_server.app.streams import SharedStreamSlots, live_leases, session_heads
from mango_server.blob import S3BlobStore
from mango_server.domain.model_catalogue import ModelCatalogue
from mango_server.keyring import configured
from mango_server.live import NatsNotifier
from mango_server.live.fanout import SessionFanout
from mango_server.model import load_catalogue
from mango_server.settings import Settings
from mango_server.store.db import Pool, connect, create_pool

log = logging.getLogger(__name__)


async def _purge_keys_forever(pool: Pool, interval: float) -> None:
    while True:
        try:
            await idempotency.purge_expired(pool)
        except Exception:
            log.warning("idempotency key purge failed", exc_info=True, extra={"action": "api.idempotency_purge_error"})
        await asyncio.sleep(interval)


async def _recover_forever(writes: BlobWrites, interval: float) -> None:
    while True:
        try:
            await recovery_pass(writes)
        except Exception:
            log.warning("object storage recovery pass failed", exc_info=True, extra={"action": "blob.recovery_error"})
        await asyncio.sleep(interval)


class _Server(uvicorn.Server):
    """uvicorn, ending the open event streams first when it shuts down."""

    def __init__(self, config: uvicorn.Config, fanout: SessionFanout) -> None:
        super().__init__(config)
        self.fanout = fanout

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.fanout.end_all()
        await super().shutdown(sockets)


async def serve(settings: Settings, catalogue: ModelCatalogue | None = None) -> None:
    """Serve HTTP until cancelled or signalled; ``catalogue``: the models offered (default: ``load_catalogue``)."""
    catalogue = catalogue or load_catalogue(settings)
    pool = await create_pool(
        settings.database_url,
        acquire_timeout=settings.db_acquire_timeout_seconds,
        statement_timeout_ms=settings.db_statement_timeout_ms,
    )
    notifier = await NatsNotifier.connect(settings.nats_url)
    writes: BlobWrites | None = None
    recovery: asyncio.Task[None] | None = None
    if settings.s3_endpoint_url or settings.s3_access_key_id:
        store = S3BlobStore.from_settings(settings)
        writes = BlobWrites(pool, store, process_owner("api"), settings.upload_lease_seconds)
        recovery = asyncio.create_task(_recover_forever(writes, settings.upload_recovery_seconds))
    else:
        log.warning("MANGO_S3_ENDPOINT_URL is not set: Files and Skills answer 503", extra={"action": "api.no_s3"})
    fanout = SessionFanout(notifier, lambda ids: session_heads(pool, ids), lambda keys: live_leases(pool, keys))
    await fanout.start()
    slots = SharedStreamSlots(
        settings.sse_max_streams_per_key,
        lambda: connect(settings.database_url, statement_timeout_ms=settings.db_statement_timeout_ms),
    )
    keyring = configured(settings.keyring_file)
    if keyring is None:
        log.warning("no keyring (MANGO_KEYRING_FILE): webhooks.create answers 503", extra={"action": "api.no_keyring"})
    services = Services(
        settings=settings,
        pool=pool,
        notifier=notifier,
        blobs=writes,
        fanout=fanout,
        keyring=keyring,
        catalogue=catalogue,
    )
    services.stream_slots = slots
    app = build_app(services)
    event_loop.settle_heap()
    # Idle keep-alive connections outlive the SDKs' pool expiry (Python 5 s, TypeScript 4 s, Go 30 s), so a client
    # never reuses a connection the server is closing (a reset mutation would leave the client not knowing its fate).
    config = uvicorn.Config(
        app,
        host=settings.api_host,
        port=settings.api_port,
        log_level="warning",
        access_log=False,
        lifespan="on",
        http="httptools",
        timeout_graceful_shutdown=max(int(settings.api_shutdown_seconds), 1),
        timeout_keep_alive=settings.api_keepalive_seconds,
    )
    log.info("api listening url=%s", settings.base_url, extra={"action": "api.start"})
    purge = asyncio.create_task(_purge_keys_forever(pool, 600.0))
    try:
        await _Server(config, fanout).serve()
    finally:
        await fanout.close()
        await slots.close()
        purge.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await purge
        if recovery is not None:
            recovery.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await recovery
        await notifier.close()
        await pool.close()
