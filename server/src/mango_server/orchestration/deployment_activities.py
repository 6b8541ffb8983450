"""Deployment activities: record a scheduled Run (through ``app.deployments``) and refresh next fire times.

Thin adapters from Temporal to the use cases. ``deployment_run`` is idempotent per scheduled
time (the use case finds the Run it already recorded); ``deployment_run_failed`` records a
Run whose attempts all failed. After recording, the Deployment's upcoming fire times are read
back from its Schedule (best effort: a failure there never fails the Run).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from temporalio import activity
from temporalio.client import Client

from mango_server.app import deployments as deployments_app
from mango_server.app.services import Services
from mango_server.domain.deployments import schedule_id
from mango_server.orchestration.deployment_workflow import ScheduledRunInput
from mango_server.store import deployments

log = logging.getLogger(__name__)
_RPC_TIMEOUT = timedelta(seconds=10)
UPCOMING = 5  # fire times kept on the Deployment


class DeploymentActivities:
    """Holds the services and the Temporal client; its bound methods are registered with the worker."""

    def __init__(self, services: Services, client: Client) -> None:
        self._services = services
        self._client = client

    @activity.defn(name="deployment_run")
    async def run(self, params: ScheduledRunInput) -> str:
        """Record the Run of one scheduled time; returns its id ("" when nothing ran)."""
        at = datetime.fromisoformat(params.scheduled_at)
        run = await deployments_app.run_scheduled(self._services, params.workspace_id, params.deployment_id, at)
        await self.refresh_upcoming(params.deployment_id)
        return "" if run is None else run.id

    @activity.defn(name="deployment_run_failed")
    async def failed(self, params: ScheduledRunInput) -> str:
        """Record a scheduled Run whose attempts all failed."""
        at = datetime.fromisoformat(params.scheduled_at)
        run = await deployments_app.record_transient_failure(
            self._services, params.workspace_id, params.deployment_id, at, params.message
        )
        return "" if run is None else run.id

    async def refresh_upcoming(self, deployment_id: str) -> None:
        """Copy the Schedule's next fire times onto the Deployment."""
        try:
            description = await self._client.get_schedule_handle(schedule_id(deployment_id)).describe(
                rpc_timeout=_RPC_TIMEOUT
            )
        except Exception as exc:
            log.warning(
                "could not read a deployment schedule deployment_id=%s error=%s",
                deployment_id,
                type(exc).__name__,
                extra={"action": "deployment.describe_failed"},
            )
            return
        upcoming = [t.isoformat() for t in description.info.next_action_times[:UPCOMING]]
        async with self._services.pool.acquire() as conn:
            await deployments.set_upcoming(conn, deployment_id, upcoming)
