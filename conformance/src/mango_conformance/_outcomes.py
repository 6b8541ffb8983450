"""The outcome loop through the API: ``user.define_outcome``, then the grader's spans and verdicts.

Sends an outcome whose rubric carries the offline model's grading directive (iterate once, then
pass), waits (polling ``sessions.get``) until ``Session.outcome_evaluations`` ends with a final
result, and checks the history: one ``span.outcome_evaluation_start`` per evaluation, each end
naming its start, and the same results in the same order. A deployment on another model may
grade differently; only the structure is required. Not responsible for creating the Session.
"""

from __future__ import annotations

import time
from typing import Any

from . import _turns
from ._probe import Call, Probe

GET = "sessions.get"
FINAL = ("satisfied", "max_iterations_reached", "failed", "interrupted")


def outcome_loop(probe: Probe, session_id: str, timeout: float = 60.0) -> None:
    """Define an outcome and check its evaluations once the loop ends."""
    outcome = {
        "type": "user.define_outcome",
        "description": "Say hello to the conformance suite.",
        "rubric": {"type": "text", "content": "A greeting. mango-grade:revise=1"},
        "max_iterations": 3,
    }
    echoes = _turns.send(probe, session_id, [outcome], "define an outcome")
    if not echoes:
        return
    outcome_id = echoes[0].get("outcome_id")
    if not isinstance(outcome_id, str):
        probe.report.fail(_turns.SEND, "the user.define_outcome echo has no outcome_id")
        return
    evaluations = _wait(probe, session_id, timeout)
    if evaluations is None:
        probe.report.fail(GET, f"the outcome {outcome_id} did not finish within {timeout:g} s")
        return
    if any(e.get("outcome_id") != outcome_id for e in evaluations):
        probe.report.fail(GET, "Session.outcome_evaluations names another outcome")
    _check_history(probe, session_id, evaluations)


def _wait(probe: Probe, session_id: str, timeout: float) -> list[dict[str, Any]] | None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        session = probe.expect_ok(Call(GET, {"session_id": session_id}, label="outcome progress"))
        if not isinstance(session, dict):
            return None
        evaluations = session.get("outcome_evaluations") or []
        if session.get("status") == "idle" and evaluations and evaluations[-1].get("result") in FINAL:
            return list(evaluations)
        time.sleep(0.3)
    return None


def _check_history(probe: Probe, session_id: str, evaluations: list[dict[str, Any]]) -> None:
    call = Call(_turns.LIST, {"session_id": session_id}, query=(("limit", "1000"), ("order", "asc")))
    body = probe.expect_ok(call)
    if not isinstance(body, dict):
        return
    events = body.get("data") or []
    starts = {e.get("id") for e in events if e.get("type") == "span.outcome_evaluation_start"}
    ends = [e for e in events if e.get("type") == "span.outcome_evaluation_end"]
    if [e.get("result") for e in ends] != [e.get("result") for e in evaluations]:
        probe.report.fail(
            _turns.LIST, "the span.outcome_evaluation_end results differ from Session.outcome_evaluations"
        )
    if any(e.get("outcome_evaluation_start_id") not in starts for e in ends):
        probe.report.fail(_turns.LIST, "a span.outcome_evaluation_end names no span.outcome_evaluation_start")
