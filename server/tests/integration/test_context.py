"""Context engineering on the real components with a small offline window: a long Session compacts
and keeps answering while its transcript rows stay unchanged, a refused request recovers once and
fails clearly the second time, a crash after a compaction leaves exactly one, and the recorded
recipe of a request rebuilds the body the model was sent."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import psycopg
import pytest
from mango_server.devstack import DevStack, Platform, Tenant

from ._client import client, history, new_session, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(300)]

# 6,000 tokens, 512 of output: a request compacts after about five turns of 1,500-character messages.
WINDOWS = "mango-offline-1=6000:512"


@pytest.fixture(scope="module")
def platform(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    running = Platform(mango_services, tmp_path_factory.mktemp("context"))
    running.extra_env = {"MANGO_MODEL_WINDOWS": WINDOWS}
    running.start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def tenant(platform: Platform) -> Tenant:
    return platform.create_tenant("context")


def _message(turn: int, words: int = 150) -> str:
    return f"turn {turn}: " + " ".join(f"word{turn}-{i}" for i in range(words))


def _rows(platform: Platform, session_id: str) -> list[tuple[str, int, str, str]]:
    with psycopg.connect(platform.database_url) as conn:
        cursor = conn.execute(
            "SELECT trigger_id, position, role, blocks::text FROM provider_transcript WHERE session_id = %s"
            " ORDER BY created_at, trigger_id, position",
            (session_id,),
        )
        return [(str(a), int(b), str(c), str(d)) for a, b, c, d in cursor.fetchall()]


def _requests(platform: Platform, session_id: str) -> list[dict[str, Any]]:
    with psycopg.connect(platform.database_url) as conn:
        cursor = conn.execute(
            "SELECT id, mango_request_recipe(id)::text, compaction_id FROM model_requests WHERE session_id = %s"
            " ORDER BY seq",
            (session_id,),
        )
        return [{"id": i, "recipe": json.loads(r), "compaction_id": c} for i, r, c in cursor.fetchall()]


def _compactions(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == "agent.thread_context_compacted"]


def test_long_session_compacts_keeps_answering_and_never_rewrites_the_transcript(
    platform: Platform, tenant: Tenant
) -> None:
    with client(platform, tenant) as http:
        sid = new_session(http, "long")
        early: list[tuple[str, int, str, str]] = []
        for turn in range(14):
            say(http, sid, _message(turn))
            wait_status(http, sid, "end_turn", timeout=60)
            if turn == 2:
                early = _rows(platform, sid)
        events = history(http, sid)
        replies = [e for e in events if e["type"] == "agent.message"]
        assert len(replies) == 14
        assert replies[-1]["content"][0]["text"].startswith("You said: turn 13: ")
        compactions = _compactions(events)
        assert compactions, "a Session past its window must compact"
        for event in compactions:
            assert event["mode"] == "extractive"
            assert event["post_tokens"] < event["pre_tokens"]
            assert event["pre_tokens"] > 6000 - 512 - 300  # compacted only when it would not fit
        rows = _rows(platform, sid)
        assert len(rows) == 28
        assert rows[: len(early)] == early  # the transcript rows are never rewritten
        last = _requests(platform, sid)[-1]
        keys = last["recipe"]["entries"]
        assert last["compaction_id"] is not None
        assert keys[0] == f"{events[0]['id']}:0"  # the head that pins the task
        assert any(k.startswith("summary:") for k in keys)
        assert len(keys) < len(rows)
        assert last["recipe"]["estimate"] <= 6000 - 512 - 300


def test_refused_request_recovers_once_and_a_second_refusal_fails_clearly(platform: Platform, tenant: Tenant) -> None:
    with client(platform, tenant) as http:
        sid = new_session(http, "overflow")
        say(http, sid, "/too-large 1\n/text recovered")
        wait_status(http, sid, "end_turn", timeout=60)
        events = history(http, sid)
        [compaction] = _compactions(events)
        assert compaction["mode"] == "extractive_aggressive"
        assert [e["content"] for e in events if e["type"] == "agent.message"] == [
            [{"type": "text", "text": "recovered"}]
        ]
        assert not [e for e in events if e["type"] == "session.error"]

        say(http, sid, "/too-large always\n/text never")
        stopped = wait_status(http, sid, "context_overflow", timeout=60)
        assert stopped["stop_reason"]["input_tokens"] > 0
        events = history(http, sid)
        [error] = [e for e in events if e["type"] == "session.error"]
        assert error["error"]["type"] == "model_context_overflow_error"
        assert "even after compacting" in error["error"]["message"]
        assert error["error"]["retry_status"]["type"] == "exhausted"
        assert len(_compactions(events)) == 2  # exactly one more, aggressive, attempt

        say(http, sid, "/text alive")
        wait_status(http, sid, "end_turn", timeout=60)  # the Session is not left unrunnable
        assert history(http, sid)[-2]["content"] == [{"type": "text", "text": "alive"}]


def test_orchestrator_killed_after_compacting_produces_one_compaction(platform: Platform, tenant: Tenant) -> None:
    with client(platform, tenant) as http:
        sid = new_session(http, "crash-compact")
        for turn in range(3):
            say(http, sid, _message(turn))
            wait_status(http, sid, "end_turn", timeout=60)
        assert not _compactions(history(http, sid))
        say(http, sid, _message(99, words=700) + "\n/sleep 2500")  # this request would not fit: it compacts
        _wait_for(http, sid, "agent.thread_context_compacted")
        platform.kill_role("orchestrator")
        platform.start_role("orchestrator")
        wait_status(http, sid, "end_turn", timeout=90)
        events = history(http, sid)
        assert len(_compactions(events)) == 1
        ids = [e["id"] for e in events]
        assert len(ids) == len(set(ids))
        assert [e["type"] for e in events].count("agent.message") == 4


def _wait_for(http: httpx.Client, session_id: str, event_type: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if any(e["type"] == event_type for e in history(http, session_id)):
            return
        time.sleep(0.05)
    raise AssertionError(f"no {event_type} within {timeout}s")


def _summary_session(http: httpx.Client, name: str) -> str:
    agent = http.post(
        "/v1/agents",
        json={
            "name": name,
            "model": "mango-offline-1",
            "context_management": {"compaction": {"mode": "summary", "max_summary_tokens": 256}},
        },
    )
    assert agent.status_code == 200, agent.text
    assert agent.json()["context_management"] == {"compaction": {"mode": "summary", "max_summary_tokens": 256}}
    env = http.post("/v1/environments", json={"name": f"{name}-{time.monotonic_ns()}"})
    assert env.status_code == 200, env.text
    session = http.post("/v1/sessions", json={"agent": agent.json()["id"], "environment_id": env.json()["id"]})
    assert session.status_code == 200, session.text
    assert session.json()["agent"]["context_management"]["compaction"]["mode"] == "summary"
    return str(session.json()["id"])


def _compaction_rows(platform: Platform, session_id: str) -> list[tuple[str, dict[str, Any]]]:
    with psycopg.connect(platform.database_url) as conn:
        cursor = conn.execute(
            "SELECT mode, projection::text FROM context_compactions WHERE session_id = %s ORDER BY seq", (session_id,)
        )
        return [(str(m), json.loads(p)) for m, p in cursor.fetchall()]


def test_summary_mode_compacts_with_the_models_summary(platform: Platform, tenant: Tenant) -> None:
    with client(platform, tenant) as http:
        sid = _summary_session(http, "summary")
        for turn in range(10):
            say(http, sid, _message(turn))
            wait_status(http, sid, "end_turn", timeout=60)
        events = history(http, sid)
    compacted = _compactions(events)
    assert compacted
    assert all(e["mode"] == "summary" for e in compacted)
    assert all("summary_fallback" not in e for e in compacted)
    assert not [e for e in events if e["type"] == "session.error"]
    assert len([e for e in events if e["type"] == "agent.message"]) == 10
    rows = _compaction_rows(platform, sid)
    assert len(rows) == len(compacted)
    mode, projection = rows[0]
    assert mode == "summary"
    # The offline model's deterministic summary quotes the omitted user messages (turn 1 follows the kept head).
    assert "Offline summary of" in projection["summary"]
    assert "turn 1: word1-0" in projection["summary"]
    # The next request sent the summary entry in place of the omitted messages.
    after = [r for r in _requests(platform, sid) if r["compaction_id"]]
    assert after
    assert any(k.startswith("summary:") for k in after[0]["recipe"]["entries"])


def test_summary_mode_falls_back_to_extractive_when_the_summary_call_fails(platform: Platform, tenant: Tenant) -> None:
    with client(platform, tenant) as http:
        sid = _summary_session(http, "summary-fails")
        for turn in range(10):
            say(http, sid, _message(turn) + " mango-summary:fail")
            wait_status(http, sid, "end_turn", timeout=60)
        events = history(http, sid)
    compacted = _compactions(events)
    assert compacted
    assert all(e["mode"] == "extractive" for e in compacted)
    assert all("summary call failed" in e["summary_fallback"] for e in compacted)
    assert not [e for e in events if e["type"] == "session.error"]  # the turn itself never failed
    assert len([e for e in events if e["type"] == "agent.message"]) == 10
    mode, projection = _compaction_rows(platform, sid)[0]
    assert mode == "extractive"
    assert projection["summary"].startswith("[Context compaction:")
    assert "summary call failed" in projection["summary_error"]
