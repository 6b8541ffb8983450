"""The orchestrator's periodic sweep that announces Sessions waiting for a worker nobody runs.

A ``worker_unavailable`` stall is derived on every read of a Session (``app.stalls``), but a
notification needs someone to notice it without a read: every ``interval`` seconds (half the
bound, at most 15 s) this sweep queues ``session.worker_unavailable`` for the Sessions showing it.
Every orchestrator replica sweeps; a notification's id derives from the stretch it announces, so it
is queued once. A failed sweep is logged and retried on the next tick. Not responsible for the stall
rules or the notification itself (``app.stalls``).
"""

from __future__ import annotations

import asyncio
import logging

from mango_server.app import stalls
from mango_server.store.db import Pool

log = logging.getLogger(__name__)


async def watch_forever(pool: Pool, bound_seconds: float) -> None:
    """Sweep until cancelled."""
    interval = max(1.0, min(bound_seconds / 2, 15.0))
    while True:
        try:
            await stalls.announce(pool, bound_seconds)
        except Exception as exc:
            log.warning("stall sweep failed error=%s", type(exc).__name__, extra={"action": "stalls.sweep_error"})
        await asyncio.sleep(interval)
