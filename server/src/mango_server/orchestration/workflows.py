"""The Session workflow: a small loop that runs one provider round per activity and waits.

Deterministic; no I/O. Wakeups arrive as the ``wake`` signal (from the outbox relay); a wake
received while an activity runs is not lost because the loop compares counters. Input that comes
while a step holds the idle Session runs inside that step, with no wakeup (``orchestration.holds``). The
workflow continues-as-new every ``MAX_STEPS`` steps (or when Temporal suggests it) so its
history stays far below Temporal's limits.

A step is a local activity, whichever model the Session uses: it runs inside the workflow task on
the worker that holds the workflow, so a wakeup costs Temporal one workflow task (the signal's)
instead of two and an activity task to dispatch and complete. The worker keeps the workflow task
alive while a slow model round runs (the SDK heartbeats it), so a killed worker is detected within
``STEP_DETECTION``, the workflow task timeout, and the step runs again on another worker from the
history's last result. Runs that began before local steps (no ``local-steps`` patch marker) keep
the ordinary activity that heartbeats, with the same detection, until they continue as new.
(Histories recorded while only the offline model's rounds ran as local activities carry the older
``local-rounds`` marker and do not replay.)
"""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    from mango_server.orchestration.activities import SessionActivities
    from mango_server.orchestration.types import SessionWorkflowInput, StepInput, StepResult

MAX_STEPS = 100
# The workflow task timeout (Temporal's default) and the ordinary activity's heartbeat timeout.
STEP_DETECTION = timedelta(seconds=10)
LOCAL_STEPS = "local-steps"
_RECORD_STEPS = timedelta(milliseconds=1)
_STEP_TIMEOUT = timedelta(minutes=15)
_STEP_RETRY = RetryPolicy(initial_interval=timedelta(milliseconds=200), maximum_interval=timedelta(seconds=10))


@workflow.defn(name="SessionWorkflow")
class SessionWorkflow:
    """One per Session, id ``session-<session_id>``."""

    def __init__(self) -> None:
        self._wakes = 0
        self._terminate = False
        self._traceparent = ""

    @workflow.signal
    def wake(self, kind: str, traceparent: str = "") -> None:
        """New input (``wake``) or the end of the Session (``terminate``), with the trace that caused it."""
        self._traceparent = traceparent or self._traceparent
        if kind in ("terminate", "delete"):
            self._terminate = True
        self._wakes += 1

    @workflow.run
    async def run(self, params: SessionWorkflowInput) -> None:
        steps = 0
        self._wakes += params.pending_wakes
        while not self._terminate:
            seen = self._wakes
            result = await self._step(StepInput(params.session_id, self._traceparent))
            steps += 1
            if result.kind == "stop":
                return
            if result.kind == "retry":
                await workflow.sleep(timedelta(seconds=result.delay_seconds))
            elif result.kind == "idle":
                await workflow.wait_condition(lambda seen=seen: self._wakes > seen or self._terminate)  # type: ignore[misc]
            if steps >= MAX_STEPS or workflow.info().is_continue_as_new_suggested():
                if result.kind == "continue" and workflow.patched(LOCAL_STEPS):
                    # Local steps are recorded when their workflow task completes, and Temporal refuses
                    # to end a run in a task that a signal arrived during: after steps that continued
                    # one another in this task (an idle wait or a retry's timer completed the task
                    # before it otherwise), a timer completes it first, so such a refusal costs the
                    # continue-as-new alone, not the steps the retried task would run again. (A
                    # timer's firing takes Temporal up to a second, so it is not spent otherwise.)
                    await workflow.sleep(_RECORD_STEPS)
                await workflow.wait_condition(workflow.all_handlers_finished)
                pending = 1 if self._wakes > seen else 0
                workflow.continue_as_new(SessionWorkflowInput(params.session_id, pending_wakes=pending))

    async def _step(self, params: StepInput) -> StepResult:
        """One ``run_step``: a local activity, or the ordinary one in a run that began without the marker."""
        if workflow.patched(LOCAL_STEPS):
            return await workflow.execute_local_activity_method(
                SessionActivities.run_step,
                params,
                start_to_close_timeout=_STEP_TIMEOUT,
                retry_policy=_STEP_RETRY,
            )
        return await workflow.execute_activity_method(
            SessionActivities.run_step,
            params,
            start_to_close_timeout=_STEP_TIMEOUT,
            heartbeat_timeout=STEP_DETECTION,
            retry_policy=_STEP_RETRY,
        )
