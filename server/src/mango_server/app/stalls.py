"""What a Session waits on besides its own stop reason: its ``stalls``, computed when it is read.

- ``worker_unavailable``: its Work has been claimable for ``MANGO_WORKER_STALL_SECONDS`` (queued, or
  a lease that expired) and no worker of the Environment polled in that time. Nothing is ended or
  written: the next poll of any worker of the Environment clears it, and the Work is served as usual.
- ``thread_blocked``: a live child Thread is idle on ``requires_action``, ``budget_reached`` or
  ``credential_failed``, so it will not report to its coordinator until that is resolved.

Being derived on read, a stall can never outlive its cause. :func:`announce` is the one write: the
orchestrator calls it periodically (``orchestration.stall_watch``) to queue a
``session.worker_unavailable`` notification once per waiting stretch (its id derives from the
oldest Work item and the stretch's start, so replicas and repeated sweeps queue it once). Not
responsible for SQL (``store.stalls``) or the wire shape of a Session (``api.mappers.sessions``).
"""

from __future__ import annotations

from mango_server.app import notifications
from mango_server.app.services import Services
from mango_server.store import stalls
from mango_server.store.db import Pool, transaction
from mango_server.store.stalls import BlockedThread, UnclaimedWork

Stall = UnclaimedWork | BlockedThread


async def of(services: Services, session_ids: list[str]) -> dict[str, list[Stall]]:
    """The stalls of each listed Session (Sessions without any are absent)."""
    out: dict[str, list[Stall]] = {}
    if not session_ids:
        return out
    async with services.pool.acquire() as conn:
        found: list[Stall] = [
            *await stalls.unclaimed_work(conn, session_ids, services.settings.worker_stall_seconds),
            *await stalls.blocked_threads(conn, session_ids),
        ]
    for stall in found:
        out.setdefault(stall.session_id, []).append(stall)
    return out


async def announce(pool: Pool, bound_seconds: float) -> int:
    """Queue ``session.worker_unavailable`` for every Session now showing that stall; returns how many
    stalls were found (a stall already announced queues nothing again)."""
    async with pool.acquire() as conn:
        found = await stalls.unclaimed_work(conn, None, bound_seconds)
    for stall in found:
        async with transaction(pool) as conn:
            await notifications.publish(
                conn,
                workspace_id=stall.workspace_id,
                type="session.worker_unavailable",
                resource_type="session",
                resource_id=stall.session_id,
                data={"stall": stall.as_wire()},
                source_id=f"{stall.work_ids[0]}:{stall.since.isoformat()}",
            )
    return len(found)
