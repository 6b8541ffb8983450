"""Session activities: thin adapters from Temporal to the turn engine.

``run_step`` runs as a local activity (``orchestration.workflows``): the workflow task's timeout
detects a killed orchestrator. Run as an ordinary activity (a workflow run that began before local
steps), it heartbeats while the model call runs so that the heartbeat timeout does. Each round is a
``turn.step`` span under the trace of the wakeup that caused it and is timed by outcome; the hold
between a local step and the next input is not (``orchestration.holds``).
"""

from __future__ import annotations

import asyncio
import contextlib
import time

from temporalio import activity

from mango_server.app.turn import TurnEngine
from mango_server.app.turn.engine import StepOutcome
from mango_server.orchestration.holds import StepHolds
from mango_server.orchestration.types import StepInput, StepResult
from mango_server.telemetry import metrics, traces

_HEARTBEAT_SECONDS = 2.0
# How long one local step keeps running a held Session's turns before it returns to the workflow, so
# the workflow's history and its continue-as-new keep pace with a Session that is never idle for long.
_HELD_TURNS_SECONDS = 60.0


class SessionActivities:
    """Holds the engine and the orchestrator's step holds; its bound methods are registered with the worker."""

    def __init__(self, engine: TurnEngine, holds: StepHolds | None = None) -> None:
        self._engine = engine
        self._holds = holds

    @activity.defn(name="run_step")
    async def run_step(self, params: StepInput) -> StepResult:
        """Advance the Session by at most one provider round; a local step that leaves it idle holds it for
        its next input (``orchestration.holds``) and runs what came, for at most ``_HELD_TURNS_SECONDS``."""
        # A local activity cannot heartbeat: the SDK keeps its workflow task alive instead.
        local = activity.info().is_local
        holds = self._holds if local else None  # an ordinary activity's step never holds
        if holds is None:
            outcome = await self._step(params, heartbeat=not local, hold=None)
            return StepResult(kind=outcome.kind, delay_seconds=outcome.delay_seconds)
        outcome = await self._step(params, heartbeat=False, hold=holds.offer())
        if outcome.kind != "idle":
            return StepResult(kind=outcome.kind, delay_seconds=outcome.delay_seconds)
        # Held, the Session's input runs in this step, one step after another, until a hold ends with
        # nothing appended or the bound passes; the last step then takes no hold, so none is left.
        bound = time.monotonic() + _HELD_TURNS_SECONDS
        async with holds.holding(params.session_id) as holding:
            while held := await holding.hold(outcome.held_head):
                woken = StepInput(params.session_id, held.traceparent)  # the trace of the input that woke it
                within = time.monotonic() < bound
                outcome = await self._step(woken, heartbeat=False, hold=holds.offer() if within else None)
                if outcome.kind != "idle" or not within:
                    break
        return StepResult(kind=outcome.kind, delay_seconds=outcome.delay_seconds)

    async def _step(self, params: StepInput, *, heartbeat: bool, hold: float | None) -> StepOutcome:
        beat = asyncio.create_task(_heartbeat_forever()) if heartbeat else None
        started, kind = time.monotonic(), "error"
        try:
            with traces.span_under("turn.step", params.traceparent) as span:
                span.set_attribute("mango.session_id", params.session_id)
                outcome = await self._engine.step(params.session_id, hold=hold)
                kind = outcome.kind
                span.set_attribute("mango.step.outcome", kind)
        finally:
            metrics.TURN_DURATION.labels(kind).observe(time.monotonic() - started)
            if beat is not None:
                beat.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await beat
        return outcome


async def _heartbeat_forever() -> None:
    # The first beat waits one period: Temporal's heartbeat timeout already runs from the start
    # of the attempt, and most rounds (every one that does not wait on a slow model) finish
    # before it, so an immediate beat would cost one more Temporal request and history write
    # per round without detecting anything sooner.
    while True:
        await asyncio.sleep(_HEARTBEAT_SECONDS)
        activity.heartbeat()
