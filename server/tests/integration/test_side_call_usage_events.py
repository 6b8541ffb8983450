"""The outcome grader's and the summarizer's calls announce their usage as a round does: a Session with a
budget gets a ``session.usage`` event after each of them (the evaluator's usage is in its round's report),
so the reports account for every model call and the last one equals the Session's usage."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from mango_server.devstack import DevStack, Platform, Tenant

from ._client import client, history, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(300)]

BUDGET = {"type": "limit", "max_tokens": 10_000_000}


@pytest.fixture(scope="module")
def platform(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    # A small window (6,000 tokens, 512 of output) makes a summary-mode Session compact within ten turns.
    running = Platform(mango_services, tmp_path_factory.mktemp("side-usage"))
    running.extra_env = {"MANGO_MODEL_WINDOWS": "mango-offline-1=6000:512"}
    running.start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def tenant(platform: Platform) -> Tenant:
    return platform.create_tenant("side-usage")


def _session(http: httpx.Client, name: str, **agent: Any) -> str:
    created = http.post("/v1/agents", json={"name": name, "model": "mango-offline-1", **agent})
    assert created.status_code == 200, created.text
    env = http.post("/v1/environments", json={"name": f"{name}-{time.monotonic_ns()}"})
    assert env.status_code == 200, env.text
    body = {"agent": created.json()["id"], "environment_id": env.json()["id"], "budget": BUDGET}
    session = http.post("/v1/sessions", json=body)
    assert session.status_code == 200, session.text
    return str(session.json()["id"])


def _tokens(usage: dict[str, Any]) -> int:
    keys = ("input_tokens", "output_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")
    return sum(int(usage.get(k) or 0) for k in keys)


def _check_reports(http: httpx.Client, sid: str, side_calls: int) -> list[dict[str, Any]]:
    """One report per round and per side call, each total larger than the last, the last the Session's usage."""
    events = history(http, sid)
    rounds = [e for e in events if e["type"] == "span.model_request_end"]
    reports = [e for e in events if e["type"] == "session.usage"]
    assert len(reports) == len(rounds) + side_calls
    totals = [_tokens(r["usage"]) for r in reports]
    assert totals == sorted(set(totals)), totals
    assert all(r["budget"] == BUDGET | {"max_list_cost": None} for r in reports)
    assert reports[-1]["usage"] == http.get(f"/v1/sessions/{sid}").json()["usage"]
    return events


def test_each_grader_call_reports_the_sessions_usage(platform: Platform, tenant: Tenant) -> None:
    with client(platform, tenant) as http:
        sid = _session(http, "graded")
        outcome = {
            "type": "user.define_outcome",
            "description": "say hi",
            "rubric": {"type": "text", "content": "mango-grade:revise=1"},  # graded twice
        }
        assert http.post(f"/v1/sessions/{sid}/events", json={"events": [outcome]}).status_code == 200
        deadline = time.monotonic() + 90
        ends: list[dict[str, Any]] = []
        while time.monotonic() < deadline and len(ends) < 2:
            ends = [e for e in history(http, sid) if e["type"] == "span.outcome_evaluation_end"]
            time.sleep(0.2)
        assert [e["result"] for e in ends] == ["needs_revision", "satisfied"]
        wait_status(http, sid, "end_turn")
        events = _check_reports(http, sid, side_calls=2)
    # Each grade is preceded by the report of its own call.
    for end in ends:
        position = next(i for i, e in enumerate(events) if e["id"] == end["id"])
        assert events[position - 1]["type"] == "session.usage"


def test_each_summary_call_reports_the_sessions_usage(platform: Platform, tenant: Tenant) -> None:
    summary = {"compaction": {"mode": "summary", "max_summary_tokens": 256}}
    with client(platform, tenant) as http:
        sid = _session(http, "summarised", context_management=summary)
        for turn in range(10):
            say(http, sid, f"turn {turn}: " + " ".join(f"word{turn}-{i}" for i in range(150)))
            wait_status(http, sid, "end_turn", timeout=60)
        compacted = [e for e in history(http, sid) if e["type"] == "agent.thread_context_compacted"]
        assert compacted
        assert all(e["mode"] == "summary" and "summary_fallback" not in e for e in compacted)
        _check_reports(http, sid, side_calls=len(compacted))
