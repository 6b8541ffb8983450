"""Periodic gauges read from PostgreSQL by the orchestrator: the Work queue depth by state, and the
storage of each table family (bytes and estimated rows, ``store.storage``).

Sampled every ``interval`` seconds (a gauge, not an event count), so a dashboard sees the backlog
even when no request arrives. Every orchestrator replica samples the same table; alert on the
maximum. A failed sample keeps the previous value and is logged. Not responsible for the counters
updated where the events happen (``store.work`` counts lease expiries).
"""

from __future__ import annotations

import asyncio
import logging

from mango_server.store import storage, work
from mango_server.store.db import Pool
from mango_server.telemetry import metrics

log = logging.getLogger(__name__)
_STATES = ("queued", "starting", "active", "stopping")


async def sample_once(pool: Pool) -> dict[str, int]:
    """Read the depth and set the gauge; returns what was set."""
    async with pool.acquire() as conn:
        depth = await work.depth_by_state(conn)
        sizes = await storage.family_sizes(conn)
    for state in _STATES:
        metrics.WORK_QUEUE_DEPTH.labels(state).set(depth.get(state, 0))
    for family, size in sizes.items():
        metrics.STORAGE_BYTES.labels(family).set(size.bytes)
        metrics.STORAGE_ROWS.labels(family).set(size.rows)
    return depth


async def sample_forever(pool: Pool, interval: float = 15.0) -> None:
    """Sample until cancelled."""
    while True:
        try:
            await sample_once(pool)
        except Exception as exc:
            log.warning("metrics sample failed error=%s", type(exc).__name__, extra={"action": "metrics.sample_error"})
        await asyncio.sleep(interval)
