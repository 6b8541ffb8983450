"""Outcomes on the real components: ``user.define_outcome`` starts a turn; when it ends, the
grader (a bounded, tool-free call of the offline model, driven by a directive in the rubric)
emits ``span.outcome_evaluation_start/end``; feedback that the rubric is not met becomes the
agent's next turn, up to ``max_iterations``; ``Session.outcome_evaluations`` lists the results.
Covers a loop that iterates once then passes, the iteration bound, an invalid grader answer, a
File rubric snapshotted at admission, an interrupt, a Deployment whose Runs define an outcome,
and bad input."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from mango_server.devstack import Platform, Tenant

from ._client import client, history, new_session

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]

FINAL = ("satisfied", "max_iterations_reached", "failed", "interrupted")


@pytest.fixture
def http(mango_platform: Platform, mango_tenant: Tenant) -> Iterator[httpx.Client]:
    with client(mango_platform, mango_tenant) as c:
        yield c


def _outcome(description: str, rubric: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"type": "user.define_outcome", "description": description, "rubric": rubric, **extra}


def _send(http: httpx.Client, sid: str, *events: dict[str, Any]) -> list[dict[str, Any]]:
    response = http.post(f"/v1/sessions/{sid}/events", json={"events": list(events)})
    assert response.status_code == 200, response.text
    return list(response.json()["data"])


def _finished(http: httpx.Client, sid: str, timeout: float = 60.0) -> dict[str, Any]:
    """The Session once its latest evaluation ended the loop and the Session is idle."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        session = http.get(f"/v1/sessions/{sid}").json()
        evaluations = session["outcome_evaluations"]
        if session["status"] == "idle" and evaluations and evaluations[-1]["result"] in FINAL:
            return dict(session)
        time.sleep(0.2)
    raise AssertionError(f"the outcome of {sid} never finished: {session}")


def test_an_outcome_loop_iterates_once_then_passes(http: httpx.Client) -> None:
    sid = new_session(http, "outcome-once")
    [echo] = _send(
        http,
        sid,
        _outcome("Write a limerick about PostgreSQL.", {"type": "text", "content": "Five lines. mango-grade:revise=1"}),
    )
    assert echo["type"] == "user.define_outcome"
    assert echo["outcome_id"].startswith("outc_")
    assert echo["max_iterations"] == 3
    outcome_id = echo["outcome_id"]

    session = _finished(http, sid)
    results = [(e["iteration"], e["result"]) for e in session["outcome_evaluations"]]
    assert results == [(0, "needs_revision"), (1, "satisfied")]
    assert {e["outcome_id"] for e in session["outcome_evaluations"]} == {outcome_id}
    assert session["outcome_evaluations"][0]["description"] == "Write a limerick about PostgreSQL."
    assert "does not meet the rubric" in session["outcome_evaluations"][0]["explanation"]
    assert session["stop_reason"] == {"type": "end_turn"}

    events = history(http, sid)
    kinds = [e["type"] for e in events if e["type"] != "session.status_running"]
    assert kinds == [
        "user.define_outcome",
        "span.model_request_start",
        "span.model_request_end",
        "agent.message",
        "session.status_idle",
        "span.outcome_evaluation_start",
        "span.outcome_evaluation_end",
        "span.model_request_start",
        "span.model_request_end",
        "agent.message",
        "session.status_idle",
        "span.outcome_evaluation_start",
        "span.outcome_evaluation_end",
    ]
    starts = [e for e in events if e["type"] == "span.outcome_evaluation_start"]
    ends = [e for e in events if e["type"] == "span.outcome_evaluation_end"]
    assert [(s["iteration"], s["outcome_id"]) for s in starts] == [(0, outcome_id), (1, outcome_id)]
    assert [e["outcome_evaluation_start_id"] for e in ends] == [s["id"] for s in starts]
    assert [e["result"] for e in ends] == ["needs_revision", "satisfied"]
    assert ends[0]["processed_at"] is not None  # the feedback turn consumed it
    define = next(e for e in events if e["type"] == "user.define_outcome")
    assert define["processed_at"] is not None
    # The agent saw the rubric and the description, then the grader's feedback as its next turn.
    messages = [e for e in events if e["type"] == "agent.message"]
    assert messages[0]["content"][0]["text"] == "You said: Write a limerick about PostgreSQL."
    assert "does not meet the rubric" in messages[1]["content"][0]["text"]


def test_the_iteration_bound_and_an_invalid_grader_answer_end_the_loop(http: httpx.Client) -> None:
    bounded = new_session(http, "outcome-bound")
    _send(http, bounded, _outcome("Try.", {"type": "text", "content": "mango-grade:revise=5"}, max_iterations=2))
    session = _finished(http, bounded)
    assert [e["result"] for e in session["outcome_evaluations"]] == ["needs_revision", "max_iterations_reached"]
    assert [e["type"] for e in history(http, bounded)].count("agent.message") == 2

    garbage = new_session(http, "outcome-garbage")
    _send(http, garbage, _outcome("Try.", {"type": "text", "content": "mango-grade:garbage"}))
    session = _finished(http, garbage)
    [evaluation] = session["outcome_evaluations"]
    assert evaluation["result"] == "failed"
    assert "not JSON" in evaluation["explanation"]


def test_a_file_rubric_is_snapshotted_at_admission(http: httpx.Client) -> None:
    uploaded = http.post("/v1/files", files={"file": ("rubric.txt", b"Mention mango-grade:require=said", "text/plain")})
    assert uploaded.status_code == 200, uploaded.text
    file_id = uploaded.json()["id"]
    sid = new_session(http, "outcome-file")
    [echo] = _send(http, sid, _outcome("/sleep 300\nSay something.", {"type": "file", "file_id": file_id}))
    assert echo["rubric"] == {"type": "file", "file_id": file_id}
    assert http.delete(f"/v1/files/{file_id}").status_code == 200  # the snapshot, not the File, is graded
    session = _finished(http, sid)
    [evaluation] = session["outcome_evaluations"]
    assert evaluation["result"] == "satisfied"  # "You said: ..." contains "said"


def test_an_interrupt_ends_the_outcome(http: httpx.Client) -> None:
    sid = new_session(http, "outcome-interrupt")
    _send(http, sid, _outcome("/sleep 3000\nSlow work.", {"type": "text", "content": "anything"}))
    time.sleep(0.5)
    _send(http, sid, {"type": "user.interrupt"})
    session = _finished(http, sid)
    [evaluation] = session["outcome_evaluations"]
    assert evaluation["result"] == "interrupted"
    [end] = [e for e in history(http, sid) if e["type"] == "span.outcome_evaluation_end"]
    assert end["result"] == "interrupted"
    assert end["outcome_evaluation_start_id"] is None
    time.sleep(4)  # the interrupted turn's late answer grades nothing
    assert http.get(f"/v1/sessions/{sid}").json()["outcome_evaluations"] == session["outcome_evaluations"]


def test_a_deployment_run_can_define_the_outcome(http: httpx.Client) -> None:
    agent = http.post("/v1/agents", json={"name": "outcome-deploy", "model": "mango-offline-1"}).json()
    env = http.post("/v1/environments", json={"name": f"outcome-deploy-{time.monotonic_ns()}"}).json()
    body = {
        "name": "graded",
        "agent": agent["id"],
        "environment_id": env["id"],
        "initial_events": [_outcome("Report.", {"type": "text", "content": "mango-grade:revise=1"})],
    }
    deployment = http.post("/v1/deployments", json=body)
    assert deployment.status_code == 200, deployment.text
    run = http.post(f"/v1/deployments/{deployment.json()['id']}/run").json()
    session = _finished(http, run["session_id"])
    assert [e["result"] for e in session["outcome_evaluations"]] == ["needs_revision", "satisfied"]


@pytest.mark.parametrize(
    ("event", "needle"),
    [
        (_outcome("x", {"type": "text", "content": "r"}, max_iterations=21), "max_iterations"),
        (_outcome("x", {"type": "text", "content": ""}), "content"),
        (_outcome("", {"type": "text", "content": "r"}), "description"),
        (_outcome("x", {"type": "file", "file_id": "file_missing"}), "not found"),
        (_outcome("x", {"type": "url", "url": "http://example.com"}), "rubric"),
    ],
)
def test_bad_outcomes_answer_400(http: httpx.Client, event: dict[str, Any], needle: str) -> None:
    sid = new_session(http, "outcome-bad")
    response = http.post(f"/v1/sessions/{sid}/events", json={"events": [event]})
    assert response.status_code == 400, response.text
    assert needle in response.text
    assert http.get(f"/v1/sessions/{sid}").json()["status"] == "idle"
