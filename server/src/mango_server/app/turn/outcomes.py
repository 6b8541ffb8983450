"""The outcome loop: ``user.define_outcome`` admission, grading after the agent's turn, and feedback turns.

An outcome is defined by ``user.define_outcome`` (a description, a rubric as text or a File,
``max_iterations``). The event is a turn trigger: the agent gets the rubric and the description.
When a turn ends (the Session idles with ``end_turn``, nothing queued) while an outcome is
active, :class:`OutcomeLoop` grades the iteration: ``span.outcome_evaluation_start`` (committed
with the evaluation row before the grader runs), the bounded grader call outside any transaction
(``app.turn.outcome_grader``), then ``span.outcome_evaluation_end`` with the result and explanation,
the evaluation appended to ``Session.outcome_evaluations``, and the next move in one transaction:
``satisfied`` ends the outcome; ``needs_revision`` queues the end event itself as the next turn's
trigger (the agent receives the grader's feedback) unless the iteration was the last allowed one,
which ends the outcome as ``max_iterations_reached``; ``failed`` ends it. Event ids derive from
(outcome, iteration), and an evaluation completes once, so a retried step grades nothing twice.
``user.interrupt`` ends the active outcome as ``interrupted``; a new outcome supersedes the old.
Not responsible for the turn itself (``app.turn.engine``) or the grader's prompt.
"""

from __future__ import annotations

import logging

from mango_server.app import ledger
from mango_server.app.documents import RUBRIC_BLOCK, Snapshots
from mango_server.app.ledger import Tx
from mango_server.app.turn import metering
from mango_server.app.turn.outcome_grader import GradingSubject, ModelGrader, Verdict
from mango_server.app.turn.request import user_blocks
from mango_server.app.turn.rounds import StepOutcome, is_open
from mango_server.domain._generated import wire
from mango_server.domain._generated.events import (
    OutcomeEvaluationResult,
    SessionStatusRunningEvent,
    SpanOutcomeEvaluationEndEvent,
    SpanOutcomeEvaluationStartEvent,
    UserDefineOutcomeEvent,
)
from mango_server.domain.errors import InvalidRequestError
from mango_server.ids import derived_id, new_id
from mango_server.model import ModelClient
from mango_server.store import events, outcomes, sessions, turns
from mango_server.store.db import Connection, Pool
from mango_server.store.events import EventRow, NewEvent
from mango_server.store.outcomes import NewOutcome, OutcomeRow
from mango_server.store.sessions import SessionRow

log = logging.getLogger(__name__)

DEFAULT_MAX_ITERATIONS = 3
#: The ledger types that start a turn (``store.events`` ``next_trigger`` reads the same list).
TRIGGER_TYPES = ("user.message", "user.define_outcome", "span.outcome_evaluation_end")


def start_id(outcome_id: str, iteration: int) -> str:
    """The id of an iteration's ``span.outcome_evaluation_start``."""
    return derived_id("sevt", outcome_id, iteration, "evaluation_start")


def end_id(outcome_id: str, iteration: int) -> str:
    """The id of an iteration's ``span.outcome_evaluation_end`` (also the next feedback turn's trigger)."""
    return derived_id("sevt", outcome_id, iteration, "evaluation_end")


async def define(
    conn: Connection, session: SessionRow, index: int, event: wire.UserDefineOutcomeEventParams, documents: Snapshots
) -> tuple[NewEvent, list[NewEvent]]:
    """The ``user.define_outcome`` echo (a queued trigger) and the ends of the outcomes it supersedes.

    The outcome row is recorded here; the caller appends the events.
    """
    rubric = event["rubric"]
    if rubric["type"] == "text":
        rubric_text = rubric["content"]
    else:
        snapshot = documents.get((index, RUBRIC_BLOCK))
        if snapshot is None:
            raise InvalidRequestError(f"events[{index}].rubric: file {rubric['file_id']} was not read")
        rubric_text = snapshot[1]
    outcome_id = new_id("outc")
    event_id = new_id("sevt")
    max_iterations = event.get("max_iterations") or DEFAULT_MAX_ITERATIONS
    new = NewOutcome(outcome_id, event_id, event["description"], rubric.copy(), rubric_text, max_iterations)
    ended = await _end_active(conn, session, "interrupted", "a newer outcome was defined")
    await outcomes.create(conn, session.workspace_id, session.id, new)
    payload = UserDefineOutcomeEvent(
        outcome_id=outcome_id, description=event["description"], rubric=rubric, max_iterations=max_iterations
    )
    return NewEvent.of(event_id, payload, processed=False), ended


async def interrupt(conn: Connection, session: SessionRow) -> list[NewEvent]:
    """End the active outcome as ``interrupted``; the events to append (none without one)."""
    return await _end_active(conn, session, "interrupted", "the user interrupted the Session")


async def _end_active(
    conn: Connection, session: SessionRow, result: OutcomeEvaluationResult, explanation: str
) -> list[NewEvent]:
    outcome = await outcomes.active(conn, session.id)
    if outcome is None:
        return []
    iteration = await outcomes.completed_count(conn, outcome.id)
    await outcomes.set_state(conn, outcome.id, result)
    started = await outcomes.evaluation(conn, outcome.id, iteration)
    if started is None:  # no grading was under way: the end has no start event
        await outcomes.start_evaluation(conn, outcome, iteration, "")
    await outcomes.complete_evaluation(conn, outcome, iteration, result, explanation)
    start = started.start_event_id if started is not None else None
    return [_end_event(outcome, iteration, result, explanation, queued=False, start=start)]


def _end_event(
    outcome: OutcomeRow,
    iteration: int,
    result: OutcomeEvaluationResult,
    explanation: str,
    *,
    queued: bool,
    start: str | None,
) -> NewEvent:
    payload = SpanOutcomeEvaluationEndEvent(
        outcome_evaluation_start_id=start,
        outcome_id=outcome.id,
        iteration=iteration,
        result=result,
        explanation=explanation,
    )
    return NewEvent.of(end_id(outcome.id, iteration), payload, processed=not queued)


async def trigger_blocks(conn: Connection, trigger: EventRow, snapshots: dict[int, str]) -> list[dict[str, object]]:
    """The provider user blocks of a turn's trigger: a message, an outcome, or the grader's feedback."""
    if trigger.type == "user.define_outcome":
        outcome = await outcomes.by_event(conn, trigger.id)
        rubric = outcome.rubric_text if outcome is not None else ""
        return [
            {"type": "text", "text": f"Your work will be graded against this rubric:\n{rubric}"},
            {"type": "text", "text": str(trigger.payload["description"])},
        ]
    if trigger.type == "span.outcome_evaluation_end":
        payload = trigger.payload
        return [
            {
                "type": "text",
                "text": f"A grader checked your work against the rubric (iteration {payload['iteration']}): "
                "it needs revision. Revise your work to satisfy the rubric. The grader's feedback follows.",
            },
            {"type": "text", "text": str(payload.get("explanation") or "")},
        ]
    return user_blocks(trigger.payload["content"], snapshots)


class OutcomeLoop:
    """Grades the active outcome after a turn; replaceable grader."""

    def __init__(
        self, pool: Pool, model: ModelClient, *, grader: ModelGrader | None = None, grader_model: str | None = None
    ) -> None:
        self._pool = pool
        self._grader = grader or ModelGrader(model)
        self._price = model.price
        self._grader_model = grader_model  # None: the Session's model

    async def after_idle(self, session_id: str) -> StepOutcome | None:
        """Grade the finished iteration of the active outcome; None when there is nothing to grade."""
        # Callers skip Sessions without an active outcome (the step probe says so in its one read).
        async with self._pool.acquire() as conn, conn.transaction():
            session = await sessions.lock_any(conn, session_id)
            ready = await self._ready(conn, session)
            if ready is None:
                return None
            assert session is not None
            outcome, iteration = ready
            sid = start_id(outcome.id, iteration)
            if await outcomes.evaluation(conn, outcome.id, iteration) is None:
                await outcomes.start_evaluation(conn, outcome, iteration, sid)
                start = NewEvent.of(sid, SpanOutcomeEvaluationStartEvent(outcome_id=outcome.id, iteration=iteration))
                await ledger.append(Tx(conn), session.workspace_id, session_id, [start])
            anchor = outcome.event_id if iteration == 0 else end_id(outcome.id, iteration - 1)
            answer = "\n\n".join(await outcomes.answer_texts(conn, session_id, anchor))
            model_id = self._grader_model or str((session.agent_snapshot.get("model") or {}).get("id") or "")
            meter = await metering.open_meter(conn, session, self._price)
        subject = GradingSubject(outcome.description, outcome.rubric_text, iteration, outcome.max_iterations, answer)
        verdict = await self._grader.grade(model_id, subject, meter)
        if meter.refused:
            return await self._stop_for_budget(session_id, sid)
        return await self._record(session_id, outcome, iteration, verdict, meter.added)

    async def _stop_for_budget(self, session_id: str, evaluation_start_id: str) -> StepOutcome:
        """The grader's call could take the Session past its budget: it was not made, and the Session
        stops with ``budget_reached`` (the outcome stays active, its iteration ungraded until a raised or
        removed budget wakes the Session and the grader is asked again)."""
        async with self._pool.acquire() as conn, conn.transaction():
            session = await sessions.lock_any(conn, session_id)
            if session is None or session.budget is None:
                return StepOutcome("idle")
            return await metering.stop_for_budget(Tx(conn), session, session.budget, evaluation_start_id)

    async def _ready(self, conn: Connection, session: SessionRow | None) -> tuple[OutcomeRow, int] | None:
        """The active outcome and the iteration to grade, when its turn has ended and nothing is queued."""
        if session is None or not is_open(session) or session.status != "idle":
            return None
        # ``budget_reached`` without an active turn: the grader's own call was refused (a raised budget retries it).
        if session.stop_reason is None or session.stop_reason["type"] not in ("end_turn", "budget_reached"):
            return None
        outcome = await outcomes.active(conn, session.id)
        if outcome is None or await turns.active(conn, session.id) is not None:
            return None
        if await events.next_trigger(conn, session.id) is not None:
            return None
        iteration = await outcomes.completed_count(conn, outcome.id)
        return outcome, iteration

    async def _record(
        self, session_id: str, outcome: OutcomeRow, iteration: int, verdict: Verdict, usage: dict[str, int]
    ) -> StepOutcome:
        result = verdict.result
        last = iteration + 1 >= outcome.max_iterations
        if result == "needs_revision" and last:
            result = "max_iterations_reached"
        async with self._pool.acquire() as conn, conn.transaction():
            session = await sessions.lock_any(conn, session_id)
            if session is not None and usage:  # the grader's call counts, whatever became of the outcome
                session = sessions.with_added_usage(session, usage)
                await sessions.write_usage(conn, session)
                report_id = derived_id("sevt", start_id(outcome.id, iteration), "usage")
                await metering.report_usage(Tx(conn), session, report_id)
            current = await outcomes.get(conn, outcome.id)
            if session is None or current is None or current.state != "active":
                return StepOutcome("idle")  # interrupted or superseded while grading
            if await outcomes.complete_evaluation(conn, outcome, iteration, result, verdict.explanation) is None:
                return StepOutcome("continue")  # another attempt recorded it
            feedback = result == "needs_revision"
            end = _end_event(
                outcome, iteration, result, verdict.explanation, queued=feedback, start=start_id(outcome.id, iteration)
            )
            tx = Tx(conn)
            await ledger.append(tx, session.workspace_id, session_id, [end])
            log.info(
                "outcome evaluated session_id=%s outcome_id=%s iteration=%s result=%s",
                session_id,
                outcome.id,
                iteration,
                result,
                extra={"action": "outcome.evaluated"},
            )
            if not feedback:
                await outcomes.set_state(conn, outcome.id, result)
                return StepOutcome("idle")
            if is_open(session) and session.status != "running":
                await sessions.set_status(conn, session, "running", None)
                running = NewEvent.of(derived_id("sevt", end.id, "running"), SessionStatusRunningEvent())
                await ledger.append(tx, session.workspace_id, session_id, [running])
            return StepOutcome("continue")
