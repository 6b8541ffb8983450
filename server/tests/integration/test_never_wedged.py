"""Every way a Session stops making progress is a typed state with a way out, on the real components.

Each test drives a Session into one state, checks what ``GET /v1/sessions/{id}`` (and, where one
fits, a signed webhook) says about it, then takes the documented action and checks that the
Session moves on: ``requires_action``, ``budget_reached``, ``context_overflow``,
``retries_exhausted``, the ``worker_unavailable`` and ``thread_blocked`` stalls, a child whose
context overflows (it still reports), ``credential_failed`` (a revoked OAuth refresh token, with
the MCP server and token endpoint of ``tests/support/oauth_mcp``), and ``worker_failed`` (terminal
by design: the check is that it names the failed Work item).

The platform runs with ``MANGO_WORKER_STALL_SECONDS=2`` so a stall shows within seconds.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from mango_server.devstack import DevStack, Platform, Tenant

from tests.support.oauth_mcp import Issuer, OAuthMcpServer

from ._client import CUSTOM_TOOL, client, history, say, wait_status
from ._webhook_receiver import Receiver
from .test_mcp_auth import WHOAMI, _oauth, _vault
from .test_mcp_auth import _session as mcp_session
from .test_work import BASH, bearer, claimed, env_key, new_environment, poll
from .test_work import new_session as worker_session

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(240)]

STALL_SECONDS = 2.0
MODEL = "mango-offline-1"


@pytest.fixture(scope="module")
def platform(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    env = {"MANGO_WORKER_STALL_SECONDS": str(STALL_SECONDS), "MANGO_EGRESS_ALLOW": "127.0.0.1/32"}
    running = Platform(mango_services, tmp_path_factory.mktemp("never-wedged"), extra_env=env).start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def tenant(platform: Platform) -> Tenant:
    return platform.create_tenant("never-wedged")


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    running = Receiver().start()
    try:
        yield running
    finally:
        running.stop()


def _agent(http: httpx.Client, name: str, **extra: Any) -> dict[str, Any]:
    response = http.post("/v1/agents", json={"name": f"{name}-{time.monotonic_ns()}", "model": MODEL, **extra})
    assert response.status_code == 200, response.text
    return dict(response.json())


def _session(http: httpx.Client, agent_id: str, **extra: Any) -> str:
    env = http.post("/v1/environments", json={"name": f"wedge-{time.monotonic_ns()}"})
    assert env.status_code == 200, env.text
    session = http.post("/v1/sessions", json={"agent": agent_id, "environment_id": env.json()["id"], **extra})
    assert session.status_code == 200, session.text
    return str(session.json()["id"])


def _wait(predicate: Any, what: str, timeout: float = 60.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def _get(http: httpx.Client, sid: str) -> dict[str, Any]:
    response = http.get(f"/v1/sessions/{sid}")
    assert response.status_code == 200, response.text
    return dict(response.json())


def _subscribe(http: httpx.Client, platform: Platform, url: str, types: list[str]) -> None:
    response = http.post("/v1/webhooks", json={"url": url, "event_types": types})
    assert response.status_code == 200, response.text
    platform.issued.append(str(response.json()["secret"]))  # the leak check of the logs looks for it


def _notified(receiver: Receiver, kind: str, sid: str) -> dict[str, Any]:
    receiver.wait_for(lambda got: bool(receiver.of_type(kind, sid)))
    return dict(json.loads(receiver.of_type(kind, sid)[-1].body)["data"])


def test_requires_action_resumes_with_the_result(platform: Platform, tenant: Tenant) -> None:
    with client(platform, tenant) as http:
        sid = _session(http, _agent(http, "action", tools=[CUSTOM_TOOL])["id"])
        say(http, sid, '/tool get_weather {"city": "Oslo"}')
        stopped = wait_status(http, sid, "requires_action")
        [use] = [e for e in history(http, sid) if e["type"] == "agent.custom_tool_use"]
        assert stopped["stop_reason"] == {"type": "requires_action", "event_ids": [use["id"]]}
        assert stopped["stalls"] == []
        result = {
            "type": "user.custom_tool_result",
            "custom_tool_use_id": use["id"],
            "content": [{"type": "text", "text": "cold"}],
        }
        assert http.post(f"/v1/sessions/{sid}/events", json={"events": [result]}).status_code == 200
        wait_status(http, sid, "end_turn")


def test_budget_reached_resumes_when_the_budget_is_raised(platform: Platform, tenant: Tenant) -> None:
    with client(platform, tenant) as http:
        tiny = {"type": "limit", "max_tokens": 10}
        sid = _session(http, _agent(http, "budget")["id"], budget=tiny)
        say(http, sid, "hello")
        assert wait_status(http, sid, "budget_reached")["stop_reason"] == {"type": "budget_reached"}
        raised = http.post(f"/v1/sessions/{sid}", json={"budget": {"type": "limit", "max_tokens": 1_000_000}})
        assert raised.status_code == 200, raised.text
        wait_status(http, sid, "end_turn")


def test_context_overflow_is_typed_announced_and_the_next_message_resumes(
    platform: Platform, tenant: Tenant, receiver: Receiver
) -> None:
    with client(platform, tenant) as http:
        _subscribe(http, platform, receiver.url, ["session.status_idled"])
        sid = _session(http, _agent(http, "overflow")["id"])
        say(http, sid, "/too-large always")
        stopped = wait_status(http, sid, "context_overflow")
        assert stopped["stop_reason"]["input_tokens"] > 0
        events = history(http, sid)
        [error] = [e for e in events if e["type"] == "session.error"]
        assert error["error"]["retry_status"] == {"type": "exhausted"}
        assert events[-1]["stop_reason"] == stopped["stop_reason"]
        assert _notified(receiver, "session.status_idled", sid)["stop_reason"] == stopped["stop_reason"]
        say(http, sid, "hello again")
        resumed = wait_status(http, sid, "end_turn")
        assert resumed["status"] == "idle"
        assert [e for e in history(http, sid) if e["type"] == "agent.message"][-1]["content"][0]["text"].endswith(
            "hello again"
        )


def test_retries_exhausted_and_the_next_message_resumes(platform: Platform, tenant: Tenant) -> None:
    with client(platform, tenant) as http:
        sid = _session(http, _agent(http, "retries")["id"])
        say(http, sid, "/fail-permanent")
        assert wait_status(http, sid, "retries_exhausted")["stop_reason"] == {"type": "retries_exhausted"}
        say(http, sid, "once more")
        wait_status(http, sid, "end_turn")


def test_worker_unavailable_shows_while_no_worker_polls_and_clears_on_a_poll(
    platform: Platform, tenant: Tenant, receiver: Receiver
) -> None:
    with client(platform, tenant) as http:
        _subscribe(http, platform, receiver.url, ["session.worker_unavailable"])
        env_id = new_environment(http, "stall")
        sid = worker_session(http, env_id)
        say(http, sid, BASH)
        _wait(lambda: [e for e in history(http, sid) if e["type"] == "agent.tool_use"], "the bash call")
        stalled = _wait(lambda: _get(http, sid)["stalls"], "the worker_unavailable stall", timeout=30)
        [stall] = stalled
        assert stall["type"] == "worker_unavailable"
        assert stall["environment_id"] == env_id
        assert len(stall["work_ids"]) == 1
        assert stall["work_ids"][0].startswith("work_")
        assert _get(http, sid)["status"] == "running", "the Session is not ended"
        listed = next(s for s in http.get("/v1/sessions", params={"limit": 100}).json()["data"] if s["id"] == sid)
        assert listed["stalls"] == stalled
        updated = http.post(f"/v1/sessions/{sid}", json={"metadata": {"seen": "stall"}})
        assert updated.status_code == 200, updated.text
        assert updated.json()["stalls"] == stalled
        # The orchestrator's sweep announces the stall once (it sweeps every second here).
        assert _notified(receiver, "session.worker_unavailable", sid)["stall"] == stall
        time.sleep(2 * STALL_SECONDS)
        assert len(receiver.of_type("session.worker_unavailable", sid)) == 1
        with bearer(platform, env_key(platform, tenant, env_id)) as worker:
            work = poll(worker, env_id)
        assert work["id"] == stall["work_ids"][0]
        assert _get(http, sid)["stalls"] == [], "a poll of the Environment clears it"


def test_worker_failed_names_the_work_item_and_is_announced(
    platform: Platform, tenant: Tenant, receiver: Receiver
) -> None:
    with client(platform, tenant) as http:
        _subscribe(http, platform, receiver.url, ["session.status_terminated"])
        env_id = new_environment(http, "failed")
        sid = worker_session(http, env_id)
        with bearer(platform, env_key(platform, tenant, env_id)) as worker:
            say(http, sid, BASH)
            work, token = claimed(platform, worker, env_id)
        error = {"type": "session_input_failed_error", "message": "skill archive is corrupt"}
        with bearer(platform, token) as runner:
            failed = runner.post(f"/v1/environments/{env_id}/work/{work['id']}/fail", json={"error": error})
        assert failed.status_code == 200, failed.text
        expected = {
            "type": "worker_failed",
            "work_id": work["id"],
            "environment_id": env_id,
            "message": "skill archive is corrupt",
        }
        session = _get(http, sid)
        assert (session["status"], session["stop_reason"]) == ("terminated", expected)
        assert history(http, sid)[-1]["stop_reason"] == expected
        assert _notified(receiver, "session.status_terminated", sid)["stop_reason"] == expected


def _team(http: httpx.Client, child: dict[str, Any]) -> str:
    coordinator = _agent(http, "lead", multiagent={"type": "coordinator", "agents": [child["id"]]})
    return _session(http, coordinator["id"])


def _delegate(agent: str, message: str) -> str:
    return "/tool delegate " + json.dumps({"agent": agent, "message": message})


def test_a_blocked_child_shows_on_its_session_until_it_is_answered(platform: Platform, tenant: Tenant) -> None:
    with client(platform, tenant) as http:
        member = _agent(http, "asker", tools=[CUSTOM_TOOL])
        sid = _team(http, member)
        say(http, sid, _delegate(member["name"], '/tool get_weather {"city": "Oslo"}'))
        [stall] = _wait(lambda: _get(http, sid)["stalls"], "the thread_blocked stall")
        [use] = [e for e in history(http, sid) if e["type"] == "agent.custom_tool_use"]
        child = next(t for t in http.get(f"/v1/sessions/{sid}/threads").json()["data"] if t["parent_thread_id"])
        assert stall == {
            "type": "thread_blocked",
            "session_thread_id": child["id"],
            "stop_reason": child["stop_reason"],
        }
        assert stall["stop_reason"]["type"] == "requires_action"
        result = {
            "type": "user.custom_tool_result",
            "custom_tool_use_id": use["id"],
            "session_thread_id": child["id"],
            "content": [{"type": "text", "text": "cold"}],
        }
        assert http.post(f"/v1/sessions/{sid}/events", json={"events": [result]}).status_code == 200
        _wait(lambda: any(e["type"] == "agent.thread_message_received" for e in history(http, sid)), "the report")
        wait_status(http, sid, "end_turn")
        assert _get(http, sid)["stalls"] == []


def test_a_child_whose_context_overflows_still_reports(platform: Platform, tenant: Tenant) -> None:
    with client(platform, tenant) as http:
        member = _agent(http, "overflower")
        sid = _team(http, member)
        say(http, sid, _delegate(member["name"], "/too-large always"))
        report = _wait(
            lambda: [e for e in history(http, sid) if e["type"] == "agent.thread_message_received"], "the report"
        )
        assert "context no longer fits" in report[0]["content"][-1]["text"]
        child = next(t for t in http.get(f"/v1/sessions/{sid}/threads").json()["data"] if t["parent_thread_id"])
        assert child["stop_reason"]["type"] == "context_overflow"
        wait_status(http, sid, "end_turn")
        assert _get(http, sid)["stalls"] == []


def test_credential_failed_is_announced_and_updating_the_credential_resumes(
    platform: Platform, tenant: Tenant, receiver: Receiver
) -> None:
    with client(platform, tenant) as http, OAuthMcpServer(Issuer(rotate=True)) as server:
        _subscribe(http, platform, receiver.url, ["session.credential_failed"])
        first = server.issuer.mint_access()
        vault_id, credential_id = _vault(http, _oauth(server, first))
        sid = mcp_session(http, server.url, [vault_id])
        server.issuer.expire(first)
        server.issuer.revoke_all_refresh()
        say(http, sid, WHOAMI)
        stopped = wait_status(http, sid, "credential_failed", timeout=60)
        stop = stopped["stop_reason"]
        assert (stop["mcp_server_name"], stop["vault_id"], stop["credential_id"]) == ("secure", vault_id, credential_id)
        assert _notified(receiver, "session.credential_failed", sid)["stop_reason"] == stop
        update = {"type": "mcp_oauth", "access_token": server.issuer.mint_access()}
        update["refresh"] = {"refresh_token": server.issuer.mint_refresh()}  # type: ignore[assignment]
        changed = http.post(f"/v1/vaults/{vault_id}/credentials/{credential_id}", json={"auth": update})
        assert changed.status_code == 200, changed.text
        wait_status(http, sid, "end_turn", timeout=60)
