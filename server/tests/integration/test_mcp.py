"""MCP tools end to end: a real MCP server on loopback (admitted only through the egress allowlist),
real PostgreSQL, Temporal, NATS and the orchestrator; discovery, permissions, the journal and a
``kill -9`` of the orchestrator after ``started``."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import httpx
import psycopg
import pytest
from mango_server.devstack import DevStack, Platform
from mango_server.devstack._ports import free_port
from prometheus_client.parser import text_string_to_metric_families

from tests.support.mcp_server import McpTestServer

from ._client import history, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(240)]


@pytest.fixture(scope="module")
def mcp_server() -> Iterator[McpTestServer]:
    with McpTestServer() as server:
        yield server


@pytest.fixture(scope="module")
def platform(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    """A platform whose egress allowlist admits 127.0.0.1 only (and whose orchestrator a test kills)."""
    extra_env = {
        "MANGO_EGRESS_ALLOW": "127.0.0.1/32",
        "MANGO_API_METRICS_PORT": str(free_port()),
        "MANGO_ORCHESTRATOR_METRICS_PORT": str(free_port()),
    }
    running = Platform(mango_services, tmp_path_factory.mktemp("mcp"), extra_env=extra_env)
    running.start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def http(platform: Platform) -> Iterator[httpx.Client]:
    tenant = platform.create_tenant("mcp")
    with httpx.Client(
        base_url=platform.base_url, headers={"authorization": f"Bearer {tenant.api_key}"}, timeout=30
    ) as client:
        yield client


def _session(http: httpx.Client, url: str, toolset: dict[str, Any] | None = None, name: str = "mcp") -> str:
    toolset = {"type": "mcp_toolset", "mcp_server_name": "tests", **(toolset or {})}
    agent = http.post(
        "/v1/agents",
        json={
            "name": name,
            "model": "mango-offline-1",
            "mcp_servers": [{"type": "url", "name": "tests", "url": url}],
            "tools": [toolset],
        },
    )
    assert agent.status_code == 200, agent.text
    env = http.post("/v1/environments", json={"name": f"{name}-{time.monotonic_ns()}"})
    assert env.status_code == 200, env.text
    session = http.post("/v1/sessions", json={"agent": agent.json()["id"], "environment_id": env.json()["id"]})
    assert session.status_code == 200, session.text
    return str(session.json()["id"])


def _of(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def _policy(kind: str) -> dict[str, Any]:
    return {"default_config": {"permission_policy": {"type": kind}}}


def _confirm(http: httpx.Client, sid: str, tool_use_id: str, result: str) -> None:
    event = {"type": "user.tool_confirmation", "tool_use_id": tool_use_id, "result": result}
    response = http.post(f"/v1/sessions/{sid}/events", json={"events": [event]})
    assert response.status_code == 200, response.text


def test_an_allowed_mcp_call_runs_once_and_the_model_gets_its_result(
    http: httpx.Client, mcp_server: McpTestServer
) -> None:
    sid = _session(http, mcp_server.url, _policy("always_allow"))
    before = mcp_server.calls["lookup"]
    say(http, sid, '/tool lookup {"key": "k1"}')
    wait_status(http, sid, "end_turn", timeout=60)
    events = history(http, sid)
    [use] = _of(events, "agent.mcp_tool_use")
    assert (use["mcp_server_name"], use["name"], use["input"]) == ("tests", "lookup", {"key": "k1"})
    assert use["evaluated_permission"] == "allow"
    [result] = _of(events, "agent.mcp_tool_result")
    assert result["mcp_tool_use_id"] == use["id"]
    assert (result["content"], result["is_error"]) == ([{"type": "text", "text": "value-of-k1"}], False)
    assert "value-of-k1" in _of(events, "agent.message")[-1]["content"][0]["text"]
    assert mcp_server.calls["lookup"] == before + 1
    # The snapshot is pinned: a second turn does not rediscover, and the tool still works.
    say(http, sid, '/tool lookup {"key": "k2"}')
    wait_status(http, sid, "end_turn", timeout=60)
    assert mcp_server.calls["lookup"] == before + 2


def _inspect(platform: Platform, *args: str) -> bytes:
    done = subprocess.run(
        [sys.executable, "-m", "mango_server", "session", "inspect", *args],
        env={**os.environ, **platform.env()},
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout


def test_admission_counts_the_mcp_tool_schemas_of_the_request(
    platform: Platform, http: httpx.Client, mcp_server: McpTestServer
) -> None:
    from mango_server.domain.tokens import estimate_request

    sid = _session(http, mcp_server.url, _policy("always_allow"))
    say(http, sid, "hello")
    wait_status(http, sid, "end_turn", timeout=60)
    [first] = [json.loads(line) for line in _inspect(platform, sid).decode().splitlines()]
    body = json.loads(_inspect(platform, sid, "--request", first["id"]))
    assert "tools" in body, body
    names = {t["name"] for t in body["tools"]}
    assert {"lookup", "record", "dump"} <= names  # the recorded request declared the MCP tools
    mcp_schemas = [t for t in body["tools"] if t["name"] in {"lookup", "record", "dump", "picture", "report"}]
    without = estimate_request(body.get("system"), body["messages"], [t for t in body["tools"] if t not in mcp_schemas])
    # The first request has no usage anchor: its admitted estimate is the estimator over every declaration.
    assert first["estimate"] == estimate_request(body.get("system"), body["messages"], body["tools"])
    assert first["estimate"] > without


def test_mcp_tools_ask_by_default_and_a_confirmation_decides(http: httpx.Client, mcp_server: McpTestServer) -> None:
    sid = _session(http, mcp_server.url)
    before = mcp_server.calls["record"]
    say(http, sid, '/tool record {"note": "one"}')
    session = wait_status(http, sid, "requires_action", timeout=60)
    [use] = _of(history(http, sid), "agent.mcp_tool_use")
    assert use["evaluated_permission"] == "ask"
    assert session["stop_reason"]["event_ids"] == [use["id"]]
    assert mcp_server.calls["record"] == before  # nothing runs before the approval
    _confirm(http, sid, use["id"], "allow")
    wait_status(http, sid, "end_turn", timeout=60)
    assert mcp_server.calls["record"] == before + 1
    assert _of(history(http, sid), "agent.mcp_tool_result")[0]["content"][0]["text"] == "recorded one"

    say(http, sid, '/tool record {"note": "two"}')
    wait_status(http, sid, "requires_action", timeout=60)
    second = _of(history(http, sid), "agent.mcp_tool_use")[-1]
    _confirm(http, sid, second["id"], "deny")
    wait_status(http, sid, "end_turn", timeout=60)
    assert mcp_server.calls["record"] == before + 1  # a denial never runs the call


def test_a_listed_toolset_offers_only_its_tools(http: httpx.Client, mcp_server: McpTestServer) -> None:
    listed = {"configs": [{"name": "lookup", "permission_policy": {"type": "always_allow"}}]}
    sid = _session(http, mcp_server.url, listed)
    before = mcp_server.calls["record"]
    say(http, sid, '/tool record {"note": "x"}')
    wait_status(http, sid, "end_turn", timeout=60)
    assert _of(history(http, sid), "agent.mcp_tool_use") == []
    assert mcp_server.calls["record"] == before


def test_a_discovery_failure_is_a_recoverable_session_error(http: httpx.Client) -> None:
    sid = _session(http, "http://127.0.0.1:9/mcp")
    say(http, sid, "hello")
    wait_status(http, sid, "end_turn", timeout=60)
    [error] = _of(history(http, sid), "session.error")
    assert error["error"]["type"] == "mcp_connection_failed_error"
    assert error["error"]["mcp_server_name"] == "tests"
    assert error["error"]["retry_status"] == {"type": "retrying"}
    say(http, sid, "again")  # discovery is retried on the next turn
    wait_status(http, sid, "end_turn", timeout=60)
    events = history(http, sid)
    assert len(_of(events, "session.error")) == 2
    assert len(_of(events, "agent.message")) == 2


def test_an_address_outside_the_allowlist_is_refused(http: httpx.Client, mcp_server: McpTestServer) -> None:
    sid = _session(http, f"http://127.0.0.2:{mcp_server.port}/mcp")
    say(http, sid, "hello")
    wait_status(http, sid, "end_turn", timeout=60)
    [error] = _of(history(http, sid), "session.error")
    assert "egress refused" in error["error"]["message"]
    assert "loopback" in error["error"]["message"]


def test_auto_allows_asks_and_denies_with_a_recorded_reason(http: httpx.Client, mcp_server: McpTestServer) -> None:
    sid = _session(http, mcp_server.url, _policy("auto"))
    lookups, records = mcp_server.calls["lookup"], mcp_server.calls["record"]
    say(http, sid, '/tool lookup {"key": "a"}\n/tool record {"note": "mango-auto:deny"}\n/tool record {"note": "b"}')
    wait_status(http, sid, "requires_action", timeout=60)
    uses = _of(history(http, sid), "agent.mcp_tool_use")
    verdicts = [(u["name"], u["evaluated_permission"], u["evaluation"]["reason_type"]) for u in uses]
    assert verdicts == [("lookup", "allow", "routine"), ("record", "deny", "high_risk"), ("record", "ask", "uncertain")]
    assert all(u["evaluation"]["reason"] for u in uses)
    # The allowed call runs in the orchestrator's next step, which may follow the idle announcement.
    deadline = time.monotonic() + 30
    while mcp_server.calls["lookup"] == lookups and time.monotonic() < deadline:
        time.sleep(0.1)
    assert mcp_server.calls["lookup"] == lookups + 1
    assert mcp_server.calls["record"] == records  # deny never ran; ask waits
    denied = next(r for r in _of(history(http, sid), "agent.mcp_tool_result") if r["mcp_tool_use_id"] == uses[1]["id"])
    assert denied["is_error"] is True
    assert "denied" in denied["content"][0]["text"]
    _confirm(http, sid, uses[2]["id"], "allow")
    wait_status(http, sid, "end_turn", timeout=60)
    assert mcp_server.calls["record"] == records + 1


def test_orchestrator_killed_after_started_gives_ambiguous_and_no_second_call(
    platform: Platform, http: httpx.Client, mcp_server: McpTestServer
) -> None:
    sid = _session(http, mcp_server.url, _policy("always_allow"))
    before = mcp_server.calls["record"]
    say(http, sid, '/tool record {"note": "crash", "delay_ms": 6000}')
    deadline = time.monotonic() + 60
    while mcp_server.calls["record"] == before:
        assert time.monotonic() < deadline, "the MCP call never started"
        time.sleep(0.05)
    platform.kill_role("orchestrator")
    platform.start_role("orchestrator")
    wait_status(http, sid, "end_turn", timeout=120)
    events = history(http, sid)
    [result] = _of(events, "agent.mcp_tool_result")
    assert result["is_error"] is True
    assert "outcome of this MCP tool call is unknown" in result["content"][0]["text"]
    time.sleep(7)  # longer than the call's delay: a blind retry would have been counted by now
    assert mcp_server.calls["record"] == before + 1
    ids = [e["id"] for e in events]
    assert len(ids) == len(set(ids))


def test_a_large_result_becomes_a_file_with_a_preview(http: httpx.Client, mcp_server: McpTestServer) -> None:
    sid = _session(http, mcp_server.url, _policy("always_allow"))
    before = mcp_server.calls["dump"]
    say(http, sid, '/tool dump {"size": 150000}')
    wait_status(http, sid, "end_turn", timeout=90)
    [result] = _of(history(http, sid), "agent.mcp_tool_result")
    file_id = result["file_id"]
    assert str(file_id).startswith("file_")
    assert result["is_error"] is False
    text = result["content"][0]["text"]
    line = "0123456789abcdefghijklmnopqrstuvwxyz\n"
    full = (line * (150000 // len(line) + 1))[:150000]
    assert text.startswith(full[:2000])
    assert f".mango-tool-results/{file_id}.txt" in text
    assert len(text) < 2400
    content = http.get(f"/v1/files/{file_id}/content")
    assert content.status_code == 200
    assert content.content.decode() == full
    # What a worker verifies its download against.
    assert result["file_size_bytes"] == len(content.content)
    assert result["file_sha256"] == hashlib.sha256(content.content).hexdigest()
    assert mcp_server.calls["dump"] == before + 1


def _mcp_samples(platform: Platform, role: str) -> dict[tuple[str, str], float]:
    port = platform.extra_env[f"MANGO_{role.upper()}_METRICS_PORT"]
    text = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=10).text
    return {
        (sample.name, sample.labels.get("outcome", "")): sample.value
        for family in text_string_to_metric_families(text)
        if family.name.startswith("mango_mcp_call")
        for sample in family.samples
        if sample.name.endswith(("_total", "_count"))
    }


def _grew(before: dict[tuple[str, str], float], after: dict[tuple[str, str], float]) -> dict[tuple[str, str], float]:
    return {k: v - before.get(k, 0.0) for k, v in after.items() if v != before.get(k, 0.0)}


def test_outcome_metrics_count_every_settled_call(
    platform: Platform, http: httpx.Client, mcp_server: McpTestServer
) -> None:
    orchestrator, api = _mcp_samples(platform, "orchestrator"), _mcp_samples(platform, "api")
    sid = _session(http, mcp_server.url, _policy("auto"), name="mcp-metrics")
    # auto: both lookups allowed (one completes, one the server answers with an error), the deny
    # directive denied by the evaluator, the plain record asks and the user then denies it.
    say(
        http,
        sid,
        '/tool lookup {"key": "m"}\n/tool lookup_failing {"key": "m"}\n'
        '/tool record {"note": "mango-auto:deny"}\n/tool record {"note": "m"}',
    )
    wait_status(http, sid, "requires_action", timeout=60)
    uses = _of(history(http, sid), "agent.mcp_tool_use")
    assert [u["evaluated_permission"] for u in uses] == ["allow", "allow", "deny", "ask"], uses
    deadline = time.monotonic() + 30
    while len(_of(history(http, sid), "agent.mcp_tool_result")) < 3 and time.monotonic() < deadline:
        time.sleep(0.1)
    _confirm(http, sid, uses[3]["id"], "deny")
    wait_status(http, sid, "end_turn", timeout=60)
    assert _grew(orchestrator, _mcp_samples(platform, "orchestrator")) == {
        ("mango_mcp_calls_total", "completed"): 1,
        ("mango_mcp_calls_total", "error"): 1,
        ("mango_mcp_calls_total", "denied"): 1,
        ("mango_mcp_call_duration_seconds_count", "completed"): 1,
        ("mango_mcp_call_duration_seconds_count", "error"): 1,
    }
    # A user's denial is decided by the api, which counts it.
    assert _grew(api, _mcp_samples(platform, "api")) == {("mango_mcp_calls_total", "denied"): 1}


def _journal(platform: Platform, sid: str) -> list[tuple[str, str]]:
    with psycopg.connect(platform.database_url) as conn:
        rows = conn.execute(
            "SELECT tool_name, state FROM mcp_invocations WHERE session_id = %s ORDER BY created_at", (sid,)
        ).fetchall()
    return [(str(name), str(state)) for name, state in rows]


def _interrupt(http: httpx.Client, sid: str) -> None:
    response = http.post(f"/v1/sessions/{sid}/events", json={"events": [{"type": "user.interrupt"}]})
    assert response.status_code == 200, response.text


def test_an_interrupt_settles_the_journal_honestly(
    platform: Platform, http: httpx.Client, mcp_server: McpTestServer
) -> None:
    # A call in flight when the user interrupts: its outcome is unknown, then known once it answers.
    sid = _session(http, mcp_server.url, _policy("always_allow"))
    before = mcp_server.calls["record"]
    say(http, sid, '/tool record {"note": "slow", "delay_ms": 3000}')
    deadline = time.monotonic() + 60
    while mcp_server.calls["record"] == before:
        assert time.monotonic() < deadline, "the MCP call never started"
        time.sleep(0.05)
    _interrupt(http, sid)
    wait_status(http, sid, "end_turn", timeout=30)
    assert _journal(platform, sid) == [("record", "ambiguous")]
    deadline = time.monotonic() + 30
    while _journal(platform, sid) != [("record", "completed")]:
        assert time.monotonic() < deadline, _journal(platform, sid)
        time.sleep(0.1)
    assert _of(history(http, sid), "agent.mcp_tool_result") == []  # the closed turn gets no late result
    with psycopg.connect(platform.database_url) as conn:
        texts = [
            str(r[0])
            for r in conn.execute("SELECT blocks::text FROM provider_transcript WHERE session_id = %s", (sid,))
        ]
    assert any("its outcome is unknown" in t for t in texts)  # what the model will read next turn
    assert mcp_server.calls["record"] == before + 1

    # A call awaiting its confirmation survives an idle interrupt (the barrier is kept), and a denial
    # settles it without sending it.
    asked = _session(http, mcp_server.url)
    say(http, asked, '/tool record {"note": "never"}')
    [call] = wait_status(http, asked, "requires_action", timeout=60)["stop_reason"]["event_ids"]
    _interrupt(http, asked)
    assert http.get(f"/v1/sessions/{asked}").json()["stop_reason"] == {"type": "requires_action", "event_ids": [call]}
    assert _journal(platform, asked) == [("record", "awaiting_confirmation")]
    deny = {"type": "user.tool_confirmation", "tool_use_id": call, "result": "deny"}
    assert http.post(f"/v1/sessions/{asked}/events", json={"events": [deny]}).status_code == 200
    wait_status(http, asked, "end_turn", timeout=30)
    assert _journal(platform, asked) == [("record", "denied")]
    assert mcp_server.calls["record"] == before + 1


def test_a_generated_file_stays_pinned_while_its_session_exists(http: httpx.Client, mcp_server: McpTestServer) -> None:
    sid = _session(http, mcp_server.url, _policy("always_allow"))
    say(http, sid, '/tool dump {"size": 120000}')
    wait_status(http, sid, "end_turn", timeout=90)
    [result] = _of(history(http, sid), "agent.mcp_tool_result")
    file_id = result["file_id"]
    refused = http.delete(f"/v1/files/{file_id}")
    assert refused.status_code == 409, refused.text
    assert refused.json()["error"]["type"] == "conflict_error"
    assert sid in refused.json()["error"]["message"]
    assert http.get(f"/v1/files/{file_id}").status_code == 200
    assert http.delete(f"/v1/sessions/{sid}").status_code == 200
    deadline = time.monotonic() + 60
    while http.get(f"/v1/sessions/{sid}").status_code != 404:
        assert time.monotonic() < deadline, "the Session was never removed"
        time.sleep(0.2)
    released = http.delete(f"/v1/files/{file_id}")  # the Session's deletion released the pin
    assert released.status_code == 200, released.text
    assert http.get(f"/v1/files/{file_id}").status_code == 404


def _receipt_pending(platform: Platform, sid: str) -> bool:
    with psycopg.connect(platform.database_url) as conn:
        row = conn.execute(
            "SELECT count(*) FROM mcp_invocations WHERE session_id = %s AND receipt IS NOT NULL", (sid,)
        ).fetchone()
    return bool(row and row[0])


def test_a_crash_between_the_receipt_and_the_object_write_publishes_the_file_once(
    mango_services: DevStack, platform: Platform, http: httpx.Client, mcp_server: McpTestServer
) -> None:
    sid = _session(http, mcp_server.url, _policy("always_allow"))
    before = mcp_server.calls["dump"]
    weed = mango_services.s3.process.pid
    os.killpg(weed, signal.SIGSTOP)  # object storage hangs: the receipt commits, the S3 write cannot finish
    try:
        say(http, sid, '/tool dump {"size": 130000}')
        deadline = time.monotonic() + 60
        while not _receipt_pending(platform, sid):
            assert time.monotonic() < deadline, "the receipt was never committed"
            time.sleep(0.05)
        platform.kill_role("orchestrator")
    finally:
        os.killpg(weed, signal.SIGCONT)
    platform.start_role("orchestrator")
    wait_status(http, sid, "end_turn", timeout=120)
    events = history(http, sid)
    [result] = _of(events, "agent.mcp_tool_result")  # published exactly once
    assert result["is_error"] is False
    content = http.get(f"/v1/files/{result['file_id']}/content")
    assert content.status_code == 200
    line = "0123456789abcdefghijklmnopqrstuvwxyz\n"
    assert content.content.decode() == (line * (130000 // len(line) + 1))[:130000]
    assert result["file_sha256"] == hashlib.sha256(content.content).hexdigest()
    assert mcp_server.calls["dump"] == before + 1  # recovered from the receipt, never called again
    assert not _receipt_pending(platform, sid)
    ids = [e["id"] for e in events]
    assert len(ids) == len(set(ids))
