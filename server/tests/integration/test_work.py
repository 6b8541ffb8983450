"""Environment Work end to end through raw HTTP on the real components: enqueue from Session
activity, Poll/Ack/heartbeat/Stop/Fail, session-token scope and fencing, reclaim, stats,
healthchecks, Environment-key scope and the always_ask approval gate."""

from __future__ import annotations

import asyncio
import base64
import json
import threading
import time
from typing import Any

import asyncpg
import httpx
import pytest
from httpx_sse import connect_sse
from mango_server.devstack import Platform, Tenant
from mango_server.store.credentials import create_environment_key

from ._client import client, history, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]

BASH = '/tool bash {"command": "echo hi"}'


def _toolset(policy: str = "always_allow") -> list[dict[str, Any]]:
    return [{"type": "agent_toolset_20260401", "configs": [{"name": "bash", "permission_policy": {"type": policy}}]}]


def new_environment(http: httpx.Client, name: str) -> str:
    env = http.post("/v1/environments", json={"name": f"{name}-{time.monotonic_ns()}"})
    assert env.status_code == 200, env.text
    return str(env.json()["id"])


def new_session(http: httpx.Client, env_id: str, policy: str = "always_allow") -> str:
    agent = http.post("/v1/agents", json={"name": "worker", "model": "mango-offline-1", "tools": _toolset(policy)})
    assert agent.status_code == 200, agent.text
    session = http.post("/v1/sessions", json={"agent": agent.json()["id"], "environment_id": env_id})
    assert session.status_code == 200, session.text
    return str(session.json()["id"])


def env_key(platform: Platform, tenant: Tenant, env_id: str) -> str:
    async def issue() -> str:
        conn = await asyncpg.connect(platform.database_url)
        try:
            return (await create_environment_key(conn, tenant.workspace_id, env_id)).secret
        finally:
            await conn.close()

    return asyncio.run(issue())


def bearer(platform: Platform, token: str) -> httpx.Client:
    return httpx.Client(base_url=platform.base_url, headers={"authorization": f"Bearer {token}"}, timeout=30)


def poll(worker: httpx.Client, env_id: str, timeout: float = 30.0, **params: Any) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        response = worker.get(f"/v1/environments/{env_id}/work/poll", params={"block_ms": 999, **params})
        if response.status_code == 200:
            return dict(response.json())
        assert response.status_code == 204, response.text
    raise AssertionError("no Work arrived")


def token_of(work: dict[str, Any]) -> str:
    secret = json.loads(base64.urlsafe_b64decode(work["secret"]))
    assert secret["api_base_url"].startswith("http")
    return str(secret["sessions_token"])


def heartbeat(http: httpx.Client, env_id: str, work_id: str, expected: str, ttl: int = 90) -> httpx.Response:
    return http.post(
        f"/v1/environments/{env_id}/work/{work_id}/heartbeat",
        params={"expected_last_heartbeat": expected, "desired_ttl_seconds": ttl},
    )


def tool_use(http: httpx.Client, sid: str) -> dict[str, Any]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        uses = [e for e in history(http, sid) if e["type"] == "agent.tool_use"]
        if uses:
            return uses[-1]
        time.sleep(0.1)
    raise AssertionError("no agent.tool_use")


def result_event(tool_use_id: str, text: str) -> dict[str, Any]:
    return {"type": "user.tool_result", "tool_use_id": tool_use_id, "content": [{"type": "text", "text": text}]}


def claimed(platform: Platform, worker: httpx.Client, env_id: str) -> tuple[dict[str, Any], str]:
    """Poll, Ack and take the first heartbeat: a running item and its token."""
    work = poll(worker, env_id)
    assert worker.post(f"/v1/environments/{env_id}/work/{work['id']}/ack").status_code == 200
    token = token_of(work)
    with bearer(platform, token) as runner:
        assert heartbeat(runner, env_id, work["id"], "NO_HEARTBEAT").status_code == 200
    return work, token


def test_session_work_round_trip(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        env_id = new_environment(http, "round-trip")
        sid, other_sid = new_session(http, env_id), new_session(http, env_id)
        with bearer(mango_platform, env_key(mango_platform, mango_tenant, env_id)) as worker:
            say(http, sid, BASH)
            work = poll(worker, env_id, worker_id="w1")
            assert work["data"] == {"type": "session", "id": sid}
            assert work["state"] == "queued"
            token = token_of(work)
            assert token.startswith("mango_st_")
            with bearer(mango_platform, token) as runner:
                assert runner.get(f"/v1/sessions/{sid}").status_code == 401  # usable only after Ack
                first = worker.post(f"/v1/environments/{env_id}/work/{work['id']}/ack")
                again = worker.post(f"/v1/environments/{env_id}/work/{work['id']}/ack")
                assert first.status_code == 200, first.text
                assert again.json() == first.json()
                assert first.json()["state"] == "starting"
                assert first.json()["secret"] is None
                assert worker.get(f"/v1/environments/{env_id}/work/{work['id']}").status_code == 403

                beat = heartbeat(runner, env_id, work["id"], "NO_HEARTBEAT")
                assert beat.status_code == 200, beat.text
                assert beat.json()["state"] == "active"
                assert beat.json()["lease_extended"] is True
                stale = heartbeat(runner, env_id, work["id"], "NO_HEARTBEAT")
                assert stale.status_code == 412
                assert stale.json()["error"]["type"] == "precondition_failed"
                assert stale.json()["error"]["details"]["current_state"]["state"] == "active"
                too_long = heartbeat(runner, env_id, work["id"], beat.json()["last_heartbeat"], ttl=600)
                assert too_long.status_code == 400  # the lease TTL is capped at 300 s
                beat = heartbeat(runner, env_id, work["id"], beat.json()["last_heartbeat"], ttl=300)
                assert beat.status_code == 200, beat.text
                assert beat.json()["ttl_seconds"] == 300

                call = tool_use(runner, sid)
                assert call["name"] == "bash"
                assert call["evaluated_permission"] == "allow"
                assert runner.get(f"/v1/sessions/{other_sid}").status_code == 404
                assert runner.get(f"/v1/sessions/{other_sid}/events").status_code == 404
                assert runner.get("/v1/agents").status_code == 403
                message = {"type": "user.message", "content": [{"type": "text", "text": "x"}]}
                assert runner.post(f"/v1/sessions/{sid}/events", json={"events": [message]}).status_code == 403
                sent = runner.post(f"/v1/sessions/{sid}/events", json={"events": [result_event(call["id"], "hi")]})
                assert sent.status_code == 200, sent.text
                wait_status(http, sid, "end_turn")
                final = [e for e in history(http, sid) if e["type"] == "agent.message"][-1]
                assert "hi" in final["content"][0]["text"]

                shown = http.get(f"/v1/environments/{env_id}/work/{work['id']}").json()
                assert shown["state"] == "active"
                assert shown["secret"] is None
                listed = http.get(f"/v1/environments/{env_id}/work", params={"states[]": "active"}).json()
                assert [w["id"] for w in listed["data"]] == [work["id"]]
                stopped = runner.post(f"/v1/environments/{env_id}/work/{work['id']}/stop", json={"force": True})
                assert stopped.json()["state"] == "stopped"
                assert runner.get(f"/v1/sessions/{sid}").status_code == 401
            assert http.post(f"/v1/environments/{env_id}/work/{work['id']}/stop").status_code == 409


def test_reclaim_rotates_the_token_and_expired_leases_fail(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        env_id = new_environment(http, "reclaim")
        sid = new_session(http, env_id)
        with bearer(mango_platform, env_key(mango_platform, mango_tenant, env_id)) as worker:
            say(http, sid, BASH)
            first = poll(worker, env_id)
            assert worker.get(f"/v1/environments/{env_id}/work/poll").status_code == 204  # claim still fresh
            time.sleep(1.1)
            second = poll(worker, env_id, reclaim_older_than_ms=1000)
            assert second["id"] == first["id"]
            old, new = token_of(first), token_of(second)
            assert old != new
            assert worker.post(f"/v1/environments/{env_id}/work/{second['id']}/ack").status_code == 200
            with bearer(mango_platform, old) as stale, bearer(mango_platform, new) as runner:
                assert heartbeat(stale, env_id, first["id"], "NO_HEARTBEAT").status_code == 401
                beat = heartbeat(runner, env_id, first["id"], "NO_HEARTBEAT", ttl=1)
                assert beat.status_code == 200, beat.text
                assert runner.get(f"/v1/sessions/{sid}").status_code == 200
                time.sleep(1.5)
                lapsed = heartbeat(runner, env_id, first["id"], beat.json()["last_heartbeat"])
                assert lapsed.status_code == 412
                assert runner.get(f"/v1/sessions/{sid}").status_code == 401
                third = poll(worker, env_id)
                assert third["id"] == first["id"]
                assert heartbeat(runner, env_id, first["id"], beat.json()["last_heartbeat"]).status_code == 401


def test_fail_terminates_the_session(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        env_id = new_environment(http, "fail")
        sid = new_session(http, env_id)
        with bearer(mango_platform, env_key(mango_platform, mango_tenant, env_id)) as worker:
            say(http, sid, BASH)
            work, token = claimed(mango_platform, worker, env_id)
            error = {"type": "session_input_failed_error", "message": "skill archive is corrupt"}
            with bearer(mango_platform, token) as runner:
                failed = runner.post(f"/v1/environments/{env_id}/work/{work['id']}/fail", json={"error": error})
            assert failed.status_code == 200, failed.text
            assert failed.json()["state"] == "stopped"
            assert failed.json()["error"] == error
            assert http.get(f"/v1/sessions/{sid}").json()["status"] == "terminated"
            events = history(http, sid)
            assert [e["type"] for e in events][-2:] == ["session.error", "session.status_terminated"]
            assert events[-2]["error"]["retry_status"] == {"type": "terminal"}
            assert events[-2]["error"]["type"] == "session_input_failed_error"
            again = http.post(f"/v1/environments/{env_id}/work/{work['id']}/fail", json={"error": error})
            assert again.status_code == 409
            assert (
                http.post(
                    f"/v1/sessions/{sid}/events",
                    json={"events": [{"type": "user.message", "content": [{"type": "text", "text": "x"}]}]},
                ).status_code
                == 409
            )


def test_stats_healthcheck_and_environment_key_scope(
    mango_platform: Platform, mango_tenant: Tenant, mango_other_tenant: Tenant
) -> None:
    with client(mango_platform, mango_tenant) as http, client(mango_platform, mango_other_tenant) as other:
        env_id, other_env = new_environment(http, "hc"), new_environment(http, "hc-other")
        with bearer(mango_platform, env_key(mango_platform, mango_tenant, env_id)) as worker:
            created = http.post(f"/v1/environments/{env_id}/work/healthcheck", json={"metadata": {"probe": "1"}})
            assert created.status_code == 200, created.text
            assert created.json()["data"] == {"type": "healthcheck", "result": None}
            stats = worker.get(f"/v1/environments/{env_id}/work/stats").json()
            assert stats["depth"] == 1
            assert stats["pending"] == 0
            assert stats["oldest_queued_at"] is not None
            item = poll(worker, env_id, worker_id="hc-worker")
            assert item["id"] == created.json()["id"]
            stats = worker.get(f"/v1/environments/{env_id}/work/stats").json()
            assert (stats["depth"], stats["pending"]) == (0, 1)
            assert stats["workers_polling"] >= 1
            assert worker.post(f"/v1/environments/{env_id}/work/{item['id']}/ack").status_code == 200
            report = {"status": "healthy", "message": "ok", "worker_id": "hc-worker", "worker_version": "1"}
            path = f"/v1/environments/{env_id}/work/{item['id']}/healthcheck_result"
            recorded = worker.post(path, json=report)
            assert recorded.status_code == 200, recorded.text
            assert recorded.json()["state"] == "stopped"
            assert recorded.json()["data"]["result"]["status"] == "healthy"
            assert worker.post(path, json=report).status_code == 409
            for path in (f"/v1/environments/{other_env}/work/poll", f"/v1/environments/{other_env}/work/stats"):
                assert worker.get(path).status_code == 404, path
            assert worker.post(f"/v1/environments/{other_env}/work/{item['id']}/ack").status_code == 404
            assert worker.post(f"/v1/environments/{env_id}/work/healthcheck").status_code == 403
            assert worker.get("/v1/sessions").status_code == 403
        assert other.get(f"/v1/environments/{env_id}/work/poll").status_code == 404
        assert other.get(f"/v1/environments/{env_id}/work/{item['id']}").status_code == 404


def test_always_ask_gates_execution(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        env_id = new_environment(http, "ask")
        denied, allowed = new_session(http, env_id, "always_ask"), new_session(http, env_id, "always_ask")
        with bearer(mango_platform, env_key(mango_platform, mango_tenant, env_id)) as worker:
            say(http, denied, BASH)
            session = wait_status(http, denied, "requires_action")
            call = tool_use(http, denied)
            assert call["evaluated_permission"] == "ask"
            assert session["stop_reason"]["event_ids"] == [call["id"]]
            assert worker.get(f"/v1/environments/{env_id}/work/poll").status_code == 204
            deny = {"type": "user.tool_confirmation", "tool_use_id": call["id"], "result": "deny"}
            assert http.post(f"/v1/sessions/{denied}/events", json={"events": [deny]}).status_code == 200
            wait_status(http, denied, "end_turn")
            assert http.get(f"/v1/environments/{env_id}/work").json()["data"] == []

            say(http, allowed, BASH)
            wait_status(http, allowed, "requires_action")
            call = tool_use(http, allowed)
            allow = {"type": "user.tool_confirmation", "tool_use_id": call["id"], "result": "allow"}
            assert http.post(f"/v1/sessions/{allowed}/events", json={"events": [allow]}).status_code == 200
            assert http.post(f"/v1/sessions/{allowed}/events", json={"events": [allow]}).status_code == 409
            work, token = claimed(mango_platform, worker, env_id)
            assert work["data"]["id"] == allowed
            with bearer(mango_platform, token) as runner:
                sent = runner.post(f"/v1/sessions/{allowed}/events", json={"events": [result_event(call["id"], "hi")]})
                assert sent.status_code == 200, sent.text
            wait_status(http, allowed, "end_turn")


def test_stream_with_session_token_ends_on_lease_loss(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        env_id = new_environment(http, "sse")
        sid = new_session(http, env_id)
        with bearer(mango_platform, env_key(mango_platform, mango_tenant, env_id)) as worker:
            say(http, sid, BASH)
            work, token = claimed(mango_platform, worker, env_id)
            stop_path = f"/v1/environments/{env_id}/work/{work['id']}/stop"
            timer = threading.Timer(0.5, lambda: http.post(stop_path, json={"force": True}))
            seen: list[str] = []
            with bearer(mango_platform, token) as runner:
                started = time.monotonic()
                timer.start()
                with connect_sse(runner, "GET", f"/v1/sessions/{sid}/events/stream") as source:
                    for sse in source.iter_sse():
                        seen.append(sse.event)
                elapsed = time.monotonic() - started
            timer.join()
            assert seen[-1] == "error"
            assert elapsed < 3.0


def test_operator_stop_drains_through_the_heartbeat(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        env_id = new_environment(http, "drain")
        sid = new_session(http, env_id)
        with bearer(mango_platform, env_key(mango_platform, mango_tenant, env_id)) as worker:
            say(http, sid, BASH)
            work, token = claimed(mango_platform, worker, env_id)
            path = f"/v1/environments/{env_id}/work/{work['id']}"
            asked = http.post(f"{path}/stop", json={"force": False})
            assert asked.json()["state"] == "stopping"
            assert asked.json()["stop_requested_at"] is not None
            with bearer(mango_platform, token) as runner:
                last = http.get(path).json()["latest_heartbeat_at"]
                assert last is not None
                current = runner.post(f"{path}/heartbeat", params={"expected_last_heartbeat": "NO_HEARTBEAT"})
                assert current.status_code == 412
                echoed = current.json()["error"]["details"]["current_state"]["last_heartbeat"]
                beat = heartbeat(runner, env_id, work["id"], echoed)
                assert beat.status_code == 200, beat.text
                assert beat.json()["state"] == "stopping"
                assert beat.json()["lease_extended"] is False
                done = runner.post(f"{path}/stop", json={"force": True})
                assert done.json()["state"] == "stopped"
            # The bash call was never answered: stopping re-queues Work for the Session.
            again = poll(worker, env_id)
            assert again["data"] == {"type": "session", "id": sid}
            assert again["id"] != work["id"]


def test_archiving_a_session_asks_its_live_work_to_stop(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        env_id = new_environment(http, "archive-stops")
        sid = new_session(http, env_id)
        with bearer(mango_platform, env_key(mango_platform, mango_tenant, env_id)) as worker:
            say(http, sid, BASH)
            work = poll(worker, env_id)
            assert worker.post(f"/v1/environments/{env_id}/work/{work['id']}/ack").status_code == 200
            with bearer(mango_platform, token_of(work)) as runner:
                first = heartbeat(runner, env_id, work["id"], "NO_HEARTBEAT")
                assert first.json()["state"] == "active"
                http.post(f"/v1/sessions/{sid}/archive").raise_for_status()
                assert http.get(f"/v1/environments/{env_id}/work/{work['id']}").json()["state"] == "stopping"
                beat = heartbeat(runner, env_id, work["id"], first.json()["last_heartbeat"])
                assert beat.status_code == 200, beat.text
                assert beat.json()["state"] == "stopping"
                assert beat.json()["lease_extended"] is False
