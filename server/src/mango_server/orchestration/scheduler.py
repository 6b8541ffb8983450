"""The Deployment scheduler: makes each Deployment's Temporal Schedule follow its PostgreSQL row.

PostgreSQL is the authority for a Deployment; every change bumps its ``revision``. The
scheduler scans (every second) for rows whose ``synced_revision`` lags, locks them
(``FOR UPDATE SKIP LOCKED``, so several orchestrators share the work without racing), creates,
updates, pauses, unpauses or deletes the Schedule to match, reads back its next fire times and
marks the row synced. Every Temporal call is idempotent and bounded, so a crash mid-sync only
repeats it. Schedules start ``DeploymentRunWorkflow`` on the orchestrator's task queue, skip a
firing while the previous Run workflow is still running, and catch up at most one minute of
missed firings (no backfill after a pause or an outage). Not responsible for what a Run does
(``orchestration.deployment_workflow``, ``app.deployments``).
"""

from __future__ import annotations

import asyncio
import logging
import random
from datetime import timedelta

from temporalio.client import (
    Client,
    Schedule,
    ScheduleActionStartWorkflow,
    ScheduleAlreadyRunningError,
    ScheduleOverlapPolicy,
    SchedulePolicy,
    ScheduleSpec,
    ScheduleState,
    ScheduleUpdate,
    ScheduleUpdateInput,
)
from temporalio.service import RPCError, RPCStatusCode

from mango_server.domain import backoff
from mango_server.domain.deployments import schedule_id, temporal_cron
from mango_server.orchestration.deployment_activities import UPCOMING
from mango_server.orchestration.deployment_workflow import DeploymentRunInput, DeploymentRunWorkflow, run_workflow_id
from mango_server.store import deployments
from mango_server.store.db import Pool
from mango_server.store.deployments import DeploymentRow

log = logging.getLogger(__name__)
_SCAN_SECONDS = 1.0
_BATCH = 20
_RPC_TIMEOUT = timedelta(seconds=10)
_CATCHUP = timedelta(minutes=1)


class DeploymentScheduler:
    """Runs until cancelled."""

    def __init__(self, pool: Pool, client: Client, task_queue: str) -> None:
        self._pool = pool
        self._client = client
        self._task_queue = task_queue
        self._failures = 0

    async def run(self) -> None:
        """Sync lagging Deployments every second, backing off after a failure."""
        while True:
            try:
                while await self.sync_once() == _BATCH:
                    pass
                self._failures = 0
                await asyncio.sleep(_SCAN_SECONDS)
            except Exception as exc:
                pause = backoff.delay(self._failures, rand=random.random)
                self._failures += 1
                log.warning(
                    "deployment scheduler failed; retrying error=%s retry_in=%.2fs",
                    type(exc).__name__,
                    pause,
                    extra={"action": "scheduler.failed"},
                )
                await asyncio.sleep(pause)

    async def sync_once(self) -> int:
        """Sync one batch of lagging Deployments; returns how many were claimed."""
        async with self._pool.acquire() as conn, conn.transaction():
            rows = await deployments.claim_unsynced(conn, _BATCH)
            for row in rows:
                try:
                    upcoming = await self._apply(row)
                except (RPCError, TimeoutError) as exc:
                    # This row stays unsynced and is retried on the next scan; the others proceed.
                    log.warning(
                        "deployment schedule sync failed deployment_id=%s error=%s",
                        row.id,
                        type(exc).__name__,
                        extra={"action": "scheduler.sync_failed"},
                    )
                    continue
                await deployments.mark_synced(conn, row, upcoming)
                log.info(
                    "deployment schedule synced deployment_id=%s revision=%s",
                    row.id,
                    row.revision,
                    extra={"action": "scheduler.synced"},
                )
        return len(rows)

    async def _apply(self, row: DeploymentRow) -> list[str]:
        handle = self._client.get_schedule_handle(schedule_id(row.id))
        if row.archived_at is not None or row.schedule is None:
            try:
                await handle.delete(rpc_timeout=_RPC_TIMEOUT)
            except RPCError as exc:
                if exc.status != RPCStatusCode.NOT_FOUND:
                    raise
            return []
        schedule = self._schedule(row)
        try:
            await self._client.create_schedule(schedule_id(row.id), schedule, rpc_timeout=_RPC_TIMEOUT)
        except ScheduleAlreadyRunningError:

            def replace(_current: ScheduleUpdateInput) -> ScheduleUpdate:
                return ScheduleUpdate(schedule=schedule)

            await handle.update(replace, rpc_timeout=_RPC_TIMEOUT)
        description = await handle.describe(rpc_timeout=_RPC_TIMEOUT)
        paused = row.status != "active"
        if description.schedule.state.paused != paused:
            if paused:
                await handle.pause(note="paused", rpc_timeout=_RPC_TIMEOUT)
            else:
                await handle.unpause(note="unpaused", rpc_timeout=_RPC_TIMEOUT)
            description = await handle.describe(rpc_timeout=_RPC_TIMEOUT)
        if paused:
            return []
        return [t.isoformat() for t in description.info.next_action_times[:UPCOMING]]

    def _schedule(self, row: DeploymentRow) -> Schedule:
        assert row.schedule is not None
        overlap = ScheduleOverlapPolicy.SKIP if row.overlap_policy == "skip" else ScheduleOverlapPolicy.ALLOW_ALL
        return Schedule(
            action=ScheduleActionStartWorkflow(
                DeploymentRunWorkflow.run,
                DeploymentRunInput(row.workspace_id, row.id),
                id=run_workflow_id(row.id),
                task_queue=self._task_queue,
            ),
            spec=ScheduleSpec(
                cron_expressions=[temporal_cron(row.schedule["expression"])],
                time_zone_name=row.schedule.get("timezone") or "UTC",
            ),
            policy=SchedulePolicy(overlap=overlap, catchup_window=_CATCHUP),
            state=ScheduleState(paused=row.status != "active", note=f"Deployment {row.id}"),
        )
