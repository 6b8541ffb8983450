"""The Deployment Run workflow: what a Deployment's Temporal Schedule starts at each firing.

Deterministic; no I/O. It runs the ``deployment_run`` activity once for the scheduled time
(retried on transient errors with a bounded policy); the activity records the Run and its
Session idempotently per scheduled time, so a retried activity or a restarted worker never
creates a second Session. When every attempt failed, ``deployment_run_failed`` records the Run
as failed with a transient error. The scheduled time is the Schedule's nominal time (the
``TemporalScheduledStartTime`` search attribute), not the time the workflow happened to start.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy, SearchAttributeKey
from temporalio.exceptions import ActivityError

_SCHEDULED_AT = SearchAttributeKey.for_datetime("TemporalScheduledStartTime")
_RUN_ATTEMPTS = 5


@dataclass
class DeploymentRunInput:
    """What the Schedule passes every firing: ids only."""

    workspace_id: str
    deployment_id: str


@dataclass
class ScheduledRunInput:
    """Input of the Run activities: the Deployment and the nominal time (ISO 8601)."""

    workspace_id: str
    deployment_id: str
    scheduled_at: str
    message: str = ""


def run_workflow_id(deployment_id: str) -> str:
    """The workflow id prefix of a Deployment's Runs (Temporal appends the scheduled time)."""
    return f"deployment-run-{deployment_id}"


@workflow.defn(name="DeploymentRunWorkflow")
class DeploymentRunWorkflow:
    """One per firing of a Deployment's Schedule."""

    @workflow.run
    async def run(self, params: DeploymentRunInput) -> str:
        scheduled_at = _scheduled_time()
        run = ScheduledRunInput(params.workspace_id, params.deployment_id, scheduled_at.isoformat())
        try:
            return str(
                await workflow.execute_activity(
                    "deployment_run",
                    run,
                    result_type=str,
                    start_to_close_timeout=timedelta(seconds=60),
                    retry_policy=RetryPolicy(
                        initial_interval=timedelta(seconds=1),
                        maximum_interval=timedelta(seconds=10),
                        maximum_attempts=_RUN_ATTEMPTS,
                        non_retryable_error_types=["NotRetryable"],
                    ),
                )
            )
        except ActivityError as exc:
            cause = exc.cause or exc
            run.message = f"the Run failed {_RUN_ATTEMPTS} times; last error: {cause}"[:1000]
            return str(
                await workflow.execute_activity(
                    "deployment_run_failed",
                    run,
                    result_type=str,
                    start_to_close_timeout=timedelta(seconds=30),
                    retry_policy=RetryPolicy(maximum_interval=timedelta(seconds=30)),
                )
            )


def _scheduled_time() -> datetime:
    info = workflow.info()
    nominal = info.typed_search_attributes.get(_SCHEDULED_AT)
    return nominal if nominal is not None else info.start_time
