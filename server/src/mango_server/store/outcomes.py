"""Session outcomes and their evaluations: the ``session_outcomes`` and ``outcome_evaluations`` tables.

An outcome is defined by ``user.define_outcome`` (its rubric stored as text: a File rubric is
snapshotted at admission); each iteration of the grading loop has one evaluation row, started
before the grader runs and completed once (``result IS NULL`` guards the completion, so a
retried grading completes nothing twice). Completed evaluations are also appended to the
Session's ``outcome_evaluations`` projection in the same transaction. Not responsible for the
loop's rules (``app.turn.outcomes``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from mango_server.domain._generated import wire
from mango_server.store.db import Connection, from_record
from mango_server.store.sql_loader import NamedQueries


class Q(NamedQueries, file="outcomes"):
    insert_outcome: str
    supersede_active: str
    active_outcome: str
    set_state: str
    completed_count: str
    get_evaluation: str
    start_evaluation: str
    complete_evaluation: str
    project_evaluation: str
    answer_payloads: str
    outcome_by_event: str
    get_outcome: str


@dataclass(frozen=True, slots=True)
class OutcomeRow:
    """One outcome of a Session."""

    workspace_id: str
    session_id: str
    id: str
    event_id: str
    description: str
    rubric: wire.Rubric
    rubric_text: str
    max_iterations: int
    state: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class EvaluationRow:
    """One grading of one iteration."""

    outcome_id: str
    iteration: int
    start_event_id: str
    result: str | None
    explanation: str | None
    created_at: datetime
    completed_at: datetime | None


@dataclass(frozen=True, slots=True)
class NewOutcome:
    """An outcome to record."""

    id: str
    event_id: str
    description: str
    rubric: wire.Rubric
    rubric_text: str
    max_iterations: int


async def create(conn: Connection, workspace_id: str, session_id: str, new: NewOutcome) -> list[str]:
    """Record the Session's new active outcome; returns the ids of the outcomes it superseded."""
    superseded = [str(r["id"]) for r in await conn.fetch(Q.supersede_active, session_id)]
    await conn.execute(
        Q.insert_outcome,
        workspace_id,
        session_id,
        new.id,
        new.event_id,
        new.description,
        new.rubric,
        new.rubric_text,
        new.max_iterations,
        datetime.now(UTC),
    )
    return superseded


async def active(conn: Connection, session_id: str) -> OutcomeRow | None:
    """The outcome the Session is working on, if any."""
    record = await conn.fetchrow(Q.active_outcome, session_id)
    return None if record is None else from_record(OutcomeRow, record)


async def set_state(conn: Connection, outcome_id: str, state: str) -> None:
    """End (or re-open) an outcome: ``satisfied``, ``max_iterations_reached``, ``failed``, ``interrupted``."""
    await conn.execute(Q.set_state, outcome_id, state)


async def completed_count(conn: Connection, outcome_id: str) -> int:
    """How many iterations of the outcome were graded."""
    return int(await conn.fetchval(Q.completed_count, outcome_id))


async def evaluation(conn: Connection, outcome_id: str, iteration: int) -> EvaluationRow | None:
    """The evaluation of one iteration, if started."""
    record = await conn.fetchrow(Q.get_evaluation, outcome_id, iteration)
    return None if record is None else from_record(EvaluationRow, record)


async def start_evaluation(conn: Connection, outcome: OutcomeRow, iteration: int, start_event_id: str) -> None:
    """Record that the iteration's grading started (idempotent)."""
    await conn.execute(
        Q.start_evaluation,
        outcome.workspace_id,
        outcome.session_id,
        outcome.id,
        iteration,
        start_event_id,
        datetime.now(UTC),
    )


async def complete_evaluation(
    conn: Connection, outcome: OutcomeRow, iteration: int, result: wire.OutcomeEvaluationResult, explanation: str
) -> wire.OutcomeEvaluation | None:
    """Complete the iteration's evaluation once and project it; None when it was already complete."""
    now = datetime.now(UTC)
    status = await conn.execute(Q.complete_evaluation, outcome.id, iteration, result, explanation, now)
    if status.split()[-1] == "0":
        return None
    public: wire.OutcomeEvaluation = {
        "type": "outcome_evaluation",
        "outcome_id": outcome.id,
        "iteration": iteration,
        "result": result,
        "description": outcome.description,
        "explanation": explanation,
        "completed_at": now.isoformat().replace("+00:00", "Z"),
    }
    await conn.execute(Q.project_evaluation, outcome.session_id, public)
    return public


async def by_event(conn: Connection, event_id: str) -> OutcomeRow | None:
    """The outcome a ``user.define_outcome`` event defined."""
    record = await conn.fetchrow(Q.outcome_by_event, event_id)
    return None if record is None else from_record(OutcomeRow, record)


async def get(conn: Connection, outcome_id: str) -> OutcomeRow | None:
    """One outcome by id."""
    record = await conn.fetchrow(Q.get_outcome, outcome_id)
    return None if record is None else from_record(OutcomeRow, record)


async def answer_texts(conn: Connection, session_id: str, anchor_event_id: str) -> list[str]:
    """The text of the agent's messages after the anchor event, oldest first (at most 20 messages)."""
    rows = await conn.fetch(Q.answer_payloads, session_id, anchor_event_id)
    texts = []
    for record in reversed(rows):
        blocks = record["payload"].get("content") or []
        texts.append("".join(str(b.get("text", "")) for b in blocks if b.get("type") == "text"))
    return texts
