"""Session activities: thin adapters from Temporal to the turn engine.

``run_step`` runs as a local activity (``orchestration.workflows``): the workflow task's timeout
detects a killed orchestrator. Run as an ordinary activity (a workflow run that began before local
steps), it heartbeats while the model call runs so that the heartbeat timeout does. Each round is a
``turn.step`` span under the trace of the wakeup that caused it and is timed by outcome.
"""

from __future__ import annotations

import asyncio
import contextlib
import time

from temporalio import activity

from mango_server.app.turn import TurnEngine
from mango_server.orchestration.types import StepInput, StepResult
from mango_server.telemetry import metrics, traces

_HEARTBEAT_SECONDS = 2.0


class SessionActivities:
    """Holds the engine; its bound methods are registered with the worker."""

    def __init__(self, engine: TurnEngine) -> None:
        self._engine = engine

    @activity.defn(name="run_step")
    async def run_step(self, params: StepInput) -> StepResult:
        """Advance the Session by at most one provider round."""
        # A local activity cannot heartbeat: the SDK keeps its workflow task alive instead.
        beat = None if activity.info().is_local else asyncio.create_task(_heartbeat_forever())
        started, kind = time.monotonic(), "error"
        try:
            with traces.span_under("turn.step", params.traceparent) as span:
                span.set_attribute("mango.session_id", params.session_id)
                outcome = await self._engine.step(params.session_id)
                kind = outcome.kind
                span.set_attribute("mango.step.outcome", kind)
        finally:
            metrics.TURN_DURATION.labels(kind).observe(time.monotonic() - started)
            if beat is not None:
                beat.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await beat
        return StepResult(kind=outcome.kind, delay_seconds=outcome.delay_seconds)


async def _heartbeat_forever() -> None:
    # The first beat waits one period: Temporal's heartbeat timeout already runs from the start
    # of the attempt, and most rounds (every one that does not wait on a slow model) finish
    # before it, so an immediate beat would cost one more Temporal request and history write
    # per round without detecting anything sooner.
    while True:
        await asyncio.sleep(_HEARTBEAT_SECONDS)
        activity.heartbeat()
