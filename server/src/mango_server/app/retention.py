"""The retention pass: what each Workspace's policy (``store.retention``) says to remove, removed in
bounded batches.

For every Workspace with a policy, oldest rows first, in batches of at most ``batch_rows`` rows (one
transaction each) with ``pause`` seconds between two batches, so a pass never holds many locks or
writes much WAL at once:

- archived Sessions older than ``archived_sessions_days`` enter the deletion saga
  (``app.sessions.fence_for_delete``: fenced, streams ended with ``session.deleted``); the outbox
  relay then stops their workflows, queues their workspace teardown and removes their rows, as for
  ``DELETE /v1/sessions/{id}``;
- recipe bodies of model requests older than ``request_bodies_days`` are dropped (usage, estimate,
  round and timings stay; ``mango session inspect`` says the body was dropped by retention);
- finished Deployment Runs older than ``deployment_runs_days`` are deleted.

The pass is idempotent (a second pass finds nothing new) and runs on one orchestrator replica at a
time (an advisory lock; the batches also lock with ``SKIP LOCKED``). What it removed is logged,
counted in ``mango_retention_removed`` and returned. Not responsible for the SQL (``store.retention``)
or for scheduling passes (``retain_forever``, started by the orchestrator).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from mango_server.app.ledger import Tx
from mango_server.app.sessions import fence_for_delete
from mango_server.live.notifier import Notifier
from mango_server.store import retention, sessions
from mango_server.store.db import Pool, transaction
from mango_server.telemetry import metrics

log = logging.getLogger(__name__)


@dataclass(slots=True)
class PassReport:
    """What one pass removed, how many batches it ran and how long it took."""

    workspaces: int = 0
    archived_sessions: int = 0
    request_bodies: int = 0
    recipes_rewritten: int = 0  # kept recipes that took their full entry list (their base was dropped)
    deployment_runs: int = 0
    batches: int = 0
    seconds: float = 0.0


@dataclass(frozen=True, slots=True)
class Pacing:
    """How big a batch is and how long the pass pauses after one."""

    batch_rows: int = 500
    pause: float = 0.5


async def run_pass(
    pool: Pool, notifier: Notifier, pacing: Pacing = Pacing(), *, now: datetime | None = None
) -> PassReport | None:
    """One retention pass over every Workspace with a policy; None when another replica runs one."""
    started = time.monotonic()
    async with pool.acquire() as lock_conn:
        if not await retention.try_pass_lock(lock_conn):
            log.info("retention pass skipped: another one is running", extra={"action": "retention.busy"})
            return None
        try:
            report = await _run_locked(pool, notifier, pacing, now or datetime.now(UTC))
        finally:
            await retention.release_pass_lock(lock_conn)
    report.seconds = time.monotonic() - started
    log.info(
        "retention pass done workspaces=%d archived_sessions=%d request_bodies=%d recipes_rewritten=%d"
        " deployment_runs=%d batches=%d seconds=%.1f",
        report.workspaces, report.archived_sessions, report.request_bodies, report.recipes_rewritten,
        report.deployment_runs, report.batches, report.seconds,
        extra={"action": "retention.pass"},
    )  # fmt: skip
    return report


async def _run_locked(pool: Pool, notifier: Notifier, pacing: Pacing, now: datetime) -> PassReport:
    report = PassReport()
    async with pool.acquire() as conn:
        policies = await retention.active_policies(conn)
    for policy in policies:
        report.workspaces += 1
        await _apply(pool, notifier, pacing, policy, now, report)
    return report


async def _apply(
    pool: Pool, notifier: Notifier, pacing: Pacing, policy: retention.Policy, now: datetime, report: PassReport
) -> None:
    """One Workspace's policy, setting by setting, each in batches until a batch comes back short."""
    ws = policy.workspace_id
    if policy.archived_sessions_days is not None:
        fence_before = now - timedelta(days=policy.archived_sessions_days)
        report.archived_sessions += await _batches(
            "archived_sessions", pacing, report, lambda: _fence_batch(pool, notifier, ws, fence_before, pacing)
        )
    if policy.request_bodies_days is not None:
        drop_before = now - timedelta(days=policy.request_bodies_days)

        async def drop() -> int:
            async with transaction(pool) as conn:
                dropped, rewritten = await retention.drop_bodies(conn, ws, drop_before, pacing.batch_rows)
            report.recipes_rewritten += rewritten
            return dropped

        report.request_bodies += await _batches("request_bodies", pacing, report, drop)
    if policy.deployment_runs_days is not None:
        expire_before = now - timedelta(days=policy.deployment_runs_days)

        async def expire() -> int:
            async with transaction(pool) as conn:
                return await retention.expire_runs(conn, ws, expire_before, pacing.batch_rows)

        report.deployment_runs += await _batches("deployment_runs", pacing, report, expire)


async def _batches(kind: str, pacing: Pacing, report: PassReport, batch: Callable[[], Awaitable[int]]) -> int:
    """Run ``batch`` until one comes back short of a full batch; answers the rows removed."""
    total = 0
    while True:
        removed = await batch()
        report.batches += 1
        metrics.RETENTION_BATCHES.labels(kind).inc()
        metrics.RETENTION_REMOVED.labels(kind).inc(removed)
        total += removed
        if removed < pacing.batch_rows:
            return total
        await asyncio.sleep(pacing.pause)  # leave the database to the live traffic between batches


async def _fence_batch(pool: Pool, notifier: Notifier, ws: str, before: datetime, pacing: Pacing) -> int:
    touched: list[str] = []
    async with transaction(pool) as conn:
        tx = Tx.poking(conn)
        ids = await retention.archived_batch(conn, ws, before, pacing.batch_rows)
        for session_id in ids:
            row = await sessions.get_row(conn, ws, session_id, lock=True)  # already locked by the batch
            touched += await fence_for_delete(tx, row)
    for target in touched:
        await notifier.committed(target, tx.news(target))
    return len(ids)


async def retain_forever(pool: Pool, notifier: Notifier, interval: float, pacing: Pacing) -> None:
    """A pass every ``interval`` seconds until cancelled; a failed pass is logged and tried at the next one."""
    while True:
        try:
            await run_pass(pool, notifier, pacing)
        except Exception as exc:
            log.warning("retention pass failed error=%s", type(exc).__name__, extra={"action": "retention.error"})
        await asyncio.sleep(interval)


async def run_pass_now(database_url: str, nats_url: str, pacing: Pacing) -> PassReport | None:
    """One pass from the operator command (``mango admin retention run``) on its own small pool; the
    orchestrator's relay finishes the deletion of the Sessions it fenced."""
    from mango_server.live import NatsNotifier
    from mango_server.store.db import create_pool

    notifier = await NatsNotifier.connect(nats_url)
    pool = await create_pool(database_url, min_size=1, max_size=2)
    try:
        return await run_pass(pool, notifier, pacing)
    finally:
        await pool.close()
        await notifier.close()
