"""Every model call counts: the ``auto`` permission evaluator's calls are admitted against the
Session's budget and added to its usage. A Session whose evaluator call could exceed the budget
does not make it (the call fails safe to ``ask``) and stops with ``budget_reached`` at its next
round; one whose budget admits it counts the evaluator's usage on top of its rounds'."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from mango_server.devstack import Platform, Tenant

from ._client import client, history, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]

# The offline evaluator denies a call whose input carries this directive (a deny needs no worker).
DENIED_READ = '/tool read {"file_path": "mango-auto:deny"}'
ROUND_MAX_TOKENS = 256  # far below the evaluator's 1,024-token output limit


def _session(http: httpx.Client, name: str) -> str:
    toolset = {
        "type": "agent_toolset_20260401",
        "default_config": {"enabled": False},
        "configs": [{"name": "read", "enabled": True, "permission_policy": {"type": "auto"}}],
    }
    model = {"id": "mango-offline-1", "max_tokens": ROUND_MAX_TOKENS}
    agent = http.post("/v1/agents", json={"name": name, "model": model, "tools": [toolset]})
    assert agent.status_code == 200, agent.text
    env = http.post("/v1/environments", json={"name": f"{name}-{time.monotonic_ns()}"})
    assert env.status_code == 200, env.text
    session = http.post("/v1/sessions", json={"agent": agent.json()["id"], "environment_id": env.json()["id"]})
    assert session.status_code == 200, session.text
    return str(session.json()["id"])


def _tokens(usage: dict[str, Any]) -> int:
    keys = ("input_tokens", "output_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")
    return sum(int(usage.get(k) or 0) for k in keys)


def _rounds_usage(events: list[dict[str, Any]]) -> int:
    return sum(_tokens(e["model_usage"]) for e in events if e["type"] == "span.model_request_end")


def _budget(http: httpx.Client, sid: str, max_tokens: int) -> None:
    updated = http.post(f"/v1/sessions/{sid}", json={"budget": {"type": "limit", "max_tokens": max_tokens}})
    assert updated.status_code == 200, updated.text


def test_a_budget_stops_a_session_whose_evaluator_call_could_exceed_it(
    mango_platform: Platform, mango_tenant: Tenant
) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid = _session(http, "budget-evaluator")
        say(http, sid, "hello")
        first = wait_status(http, sid, "end_turn")
        spent = _tokens(first["usage"])
        request = first["usage"]["input_tokens"]  # the offline model reports the request's estimate
        # The next round (a little larger than the first) and its 256 output tokens fit; the round's
        # usage plus an evaluator call asking for 1,024 output tokens do not.
        _budget(http, sid, spent + request + 200 + ROUND_MAX_TOKENS)
        say(http, sid, DENIED_READ)
        [call] = wait_status(http, sid, "requires_action")["stop_reason"]["event_ids"]
        events = history(http, sid)
        [use] = [e for e in events if e["type"] == "agent.tool_use"]
        assert use["id"] == call
        assert use["evaluated_permission"] == "ask"  # the evaluator failed safe without being asked
        assert use["evaluation"]["reason_type"] == "indeterminate"
        assert "budget" in use["evaluation"]["reason"]
        session = http.get(f"/v1/sessions/{sid}").json()
        assert _tokens(session["usage"]) == _rounds_usage(events)  # nothing but the rounds was spent
        assert _tokens(session["usage"]) <= session["budget"]["max_tokens"]

        deny = {"type": "user.tool_confirmation", "tool_use_id": call, "result": "deny"}
        assert http.post(f"/v1/sessions/{sid}/events", json={"events": [deny]}).status_code == 200
        stopped = wait_status(http, sid, "budget_reached")
        assert _tokens(stopped["usage"]) == _tokens(session["usage"])
        assert _tokens(stopped["usage"]) <= stopped["budget"]["max_tokens"]


def test_the_evaluators_calls_add_to_the_session_usage(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid = _session(http, "budget-evaluator-counted")
        _budget(http, sid, 1_000_000)
        say(http, sid, DENIED_READ)
        done = wait_status(http, sid, "end_turn")
        events = history(http, sid)
        [use] = [e for e in events if e["type"] == "agent.tool_use"]
        assert (use["evaluated_permission"], use["evaluation"]["reason_type"]) == ("deny", "high_risk")
        rounds = _rounds_usage(events)
        assert _tokens(done["usage"]) > rounds  # the evaluator's call counted too
        assert done["usage"]["list_cost"]["currency"] == "USD"
        # The round that asked the evaluator reports the Session's total with its usage included.
        reports = [e for e in events if e["type"] == "session.usage"]
        assert _tokens(reports[0]["usage"]) > _tokens(
            next(e for e in events if e["type"] == "span.model_request_end")["model_usage"]
        )
        assert reports[-1]["usage"] == done["usage"]


def test_a_grader_call_the_budget_does_not_admit_stops_the_session(
    mango_platform: Platform, mango_tenant: Tenant
) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid = _session(http, "budget-grader")
        say(http, sid, "hello")
        first = wait_status(http, sid, "end_turn")
        spent = _tokens(first["usage"])
        request = first["usage"]["input_tokens"]
        # The outcome's round fits; the grader's call, asking for 1,024 output tokens, does not.
        _budget(http, sid, spent + request + 200 + ROUND_MAX_TOKENS)
        outcome = {
            "type": "user.define_outcome",
            "description": "say hi",
            "rubric": {"type": "text", "content": "mango-grade:revise=1"},
        }
        assert http.post(f"/v1/sessions/{sid}/events", json={"events": [outcome]}).status_code == 200
        stopped = wait_status(http, sid, "budget_reached")
        events = history(http, sid)
        assert "span.outcome_evaluation_start" in [e["type"] for e in events]
        assert "span.outcome_evaluation_end" not in [e["type"] for e in events]  # never graded
        assert _tokens(stopped["usage"]) == _rounds_usage(events)
        assert _tokens(stopped["usage"]) <= stopped["budget"]["max_tokens"]

        _budget(http, sid, 1_000_000)  # a raised budget asks the grader again
        deadline = time.monotonic() + 60
        results: list[str] = []
        while time.monotonic() < deadline and "satisfied" not in results:
            events = history(http, sid)
            results = [e["result"] for e in events if e["type"] == "span.outcome_evaluation_end"]
            time.sleep(0.1)
        assert results == ["needs_revision", "satisfied"]
        graded = http.get(f"/v1/sessions/{sid}").json()
        assert _tokens(graded["usage"]) > _rounds_usage(history(http, sid))  # the grader's calls counted
