"""Operator telemetry of the real roles: JSON logs without secrets, and each role's Prometheus endpoint.

One platform of its own (metrics ports set) runs a full Session: a Work item is claimed with an
Environment key, its session token drives a bash tool round, a message stream is read, and the
turn ends idle. Then every line of both roles' logs must be one JSON object carrying the
structured fields, no line may contain the API key, the Environment key, the Work secret or its
session token, and both ``/metrics`` endpoints must show the requests, turns, model tokens,
outbox deliveries and Work gauges of that Session. A live stream over two turns sends exactly
what the history holds, most rows taken from the writers' pokes rather than read.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from httpx_sse import connect_sse
from mango_server.devstack import DevStack, Platform, Tenant
from mango_server.devstack._ports import free_port
from prometheus_client.parser import text_string_to_metric_families

from ._client import client, history, read_stream, say, wait_status
from .test_work import bearer, env_key, heartbeat, new_environment, new_session, poll, result_event, token_of, tool_use

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]


@pytest.fixture(scope="module")
def observed(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    ports = {"MANGO_API_METRICS_PORT": str(free_port()), "MANGO_ORCHESTRATOR_METRICS_PORT": str(free_port())}
    platform = Platform(mango_services, tmp_path_factory.mktemp("observed"), extra_env=ports).start()
    try:
        yield platform
    finally:
        platform.stop()


@pytest.fixture(scope="module")
def session_run(observed: Platform) -> dict[str, str]:
    """Run one full Session with a Work item; returns the secrets it used."""
    tenant: Tenant = observed.create_tenant("observed")
    with client(observed, tenant) as http:
        env_id = new_environment(http, "observed")
        sid = new_session(http, env_id)
        environment_key = env_key(observed, tenant, env_id)
        with bearer(observed, environment_key) as worker:
            say(http, sid, '/tool bash {"command": "echo hi"}')
            work = poll(worker, env_id, worker_id="observed-worker")
            assert worker.post(f"/v1/environments/{env_id}/work/{work['id']}/ack").status_code == 200
            token = token_of(work)
            with bearer(observed, token) as runner:
                assert heartbeat(runner, env_id, work["id"], "NO_HEARTBEAT").status_code == 200
                call = tool_use(runner, sid)
                sent = runner.post(f"/v1/sessions/{sid}/events", json={"events": [result_event(call["id"], "hi")]})
                assert sent.status_code == 200, sent.text
                wait_status(http, sid, "end_turn")
                assert http.get(f"/v1/sessions/{sid}", headers={"authorization": "Bearer mango_bad"}).status_code == 401
                first = history(http, sid)[0]["id"]  # resume after it: the stream replays to the idle
                frames = read_stream(http, sid, until="session.status_idle", last_event_id=first)
                assert frames[-1][1] == "session.status_idle"
    return {
        "api_key": tenant.api_key,
        "environment_key": environment_key,
        "work_secret": str(work["secret"]),
        "session_token": token,
        "session_id": sid,
        "workspace_id": tenant.workspace_id,
    }


def _records(log_dir: Path, role: str) -> list[dict[str, object]]:
    lines = (log_dir / f"{role}.log").read_text().splitlines()
    assert lines, f"{role} wrote no log"
    records = []
    for line in lines:
        record = json.loads(line)  # every line is one JSON object
        assert isinstance(record, dict)
        assert {"time", "level", "logger", "message"} <= record.keys()
        records.append(record)
    return records


def test_logs_are_json_with_fields_and_no_secrets(observed: Platform, session_run: dict[str, str]) -> None:
    api, orchestrator = _records(observed.log_dir, "api"), _records(observed.log_dir, "orchestrator")
    assert any(r.get("action") == "api.start" for r in api)
    assert any(r.get("action") == "orchestrator.start" for r in orchestrator)
    claimed = [r for r in api if r.get("action") == "work.claimed"]
    assert claimed, "the Work claim was not logged"
    # Logged inside a request: the edge's ids reach a record written deep in the store layer.
    assert claimed[0]["workspace_id"] == session_run["workspace_id"]
    assert str(claimed[0]["request_id"]).startswith("req_")
    text = "\n".join((observed.log_dir / f"{role}.log").read_text() for role in ("api", "orchestrator"))
    for name in ("api_key", "environment_key", "work_secret", "session_token"):
        secret = session_run[name]
        assert secret not in text, f"the {name} appears in the logs"
        assert secret[-12:] not in text, f"a fragment of the {name} appears in the logs"


def _scrape(port: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    body = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=10).text
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(body)
        for sample in family.samples
    }


def _value(samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_each_role_serves_its_metrics(observed: Platform, session_run: dict[str, str]) -> None:
    api = _scrape(observed.extra_env["MANGO_API_METRICS_PORT"])
    assert _value(api, "mango_http_requests_total", operation="sessions.events.send", status="200") >= 2
    assert _value(api, "mango_http_requests_total", operation="sessions.get", status="401") >= 1
    assert _value(api, "mango_http_request_duration_seconds_count", operation="environments.work.poll") >= 1
    assert _value(api, "mango_sse_connections") == 0  # the stream was read and closed
    orchestrator = _scrape(observed.extra_env["MANGO_ORCHESTRATOR_METRICS_PORT"])
    assert _value(orchestrator, "mango_turn_step_duration_seconds_count", outcome="idle") >= 1
    assert _value(orchestrator, "mango_model_request_duration_seconds_count", provider="offline", outcome="ok") >= 2
    assert _value(orchestrator, "mango_model_tokens_total", provider="offline", kind="input") > 0
    assert _value(orchestrator, "mango_outbox_deliveries_total", kind="wake", outcome="ok") >= 1
    assert _value(orchestrator, "mango_outbox_lag_seconds_count") >= 1
    assert ("mango_work_items", (("state", "queued"),)) in orchestrator
    # The api role never runs a turn: its registry shows the metric family at zero, not the turn.
    assert _value(api, "mango_turn_step_duration_seconds_count", outcome="idle") == 0


def test_a_live_stream_sends_the_rows_its_pokes_carry_as_history_holds_them(observed: Platform) -> None:
    tenant: Tenant = observed.create_tenant("live-rows")
    port = observed.extra_env["MANGO_API_METRICS_PORT"]
    with client(observed, tenant) as http:
        sid = new_session(http, new_environment(http, "live-rows"))
        before = _scrape(port)
        with connect_sse(http, "GET", f"/v1/sessions/{sid}/events/stream") as source:
            streamed: list[dict[str, Any]] = []
            frames = source.iter_sse()
            for text in ("first", "second"):
                say(http, sid, text)
                for sse in frames:
                    if sse.event != "ping":
                        streamed.append(json.loads(sse.data))
                    if sse.event == "session.status_idle":
                        break
        after = _scrape(port)
        stored = history(http, sid)

    def without_processed_at(event: dict[str, Any]) -> dict[str, Any]:
        # A user.message is marked processed after it is streamed; everything else is as written.
        return {k: v for k, v in event.items() if k != "processed_at"}

    assert [without_processed_at(e) for e in streamed] == [without_processed_at(e) for e in stored]
    assert len(stored) == 12
    poked = _value(after, "mango_sse_rows_total", source="poke") - _value(before, "mango_sse_rows_total", source="poke")
    read = _value(after, "mango_sse_rows_total", source="read") - _value(before, "mango_sse_rows_total", source="read")
    assert poked + read == len(stored)
    assert poked > 0, "no row reached the stream with its poke"
