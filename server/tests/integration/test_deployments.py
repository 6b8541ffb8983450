"""Deployments on the real components: a Temporal Schedule with a seconds-level cron fires
Deployment Runs that create Sessions through the same use case as ``sessions.create``; pause
stops the firings and manual Runs still work; a Run whose Agent is archived records a
missing-resource error and pauses the Deployment; a scheduled time creates one Session however
often its Run is retried; bad schedules answer 400 and another Workspace's Deployment 404."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import asyncpg
import httpx
import pytest
from mango_server.devstack import Platform, Tenant

from ._client import client, history, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(240)]

HELLO = {"type": "user.message", "content": [{"type": "text", "text": "scheduled hello"}]}


@pytest.fixture
def http(mango_platform: Platform, mango_tenant: Tenant) -> Iterator[httpx.Client]:
    with client(mango_platform, mango_tenant) as c:
        yield c


def _targets(http: httpx.Client, name: str) -> tuple[str, str]:
    agent = http.post("/v1/agents", json={"name": name, "model": "mango-offline-1"})
    assert agent.status_code == 200, agent.text
    env = http.post("/v1/environments", json={"name": f"{name}-{time.monotonic_ns()}"})
    assert env.status_code == 200, env.text
    return str(agent.json()["id"]), str(env.json()["id"])


def _runs(http: httpx.Client, deployment_id: str, **params: Any) -> list[dict[str, Any]]:
    response = http.get("/v1/deployment_runs", params={"deployment_id": deployment_id, "limit": 100, **params})
    assert response.status_code == 200, response.text
    return list(response.json()["data"])


def _wait(predicate: Any, timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.25)
    raise AssertionError(f"timed out waiting for {what}")


def test_a_seconds_level_schedule_fires_runs_that_create_sessions(http: httpx.Client) -> None:
    agent_id, env_id = _targets(http, "deploy-cron")
    body = {
        "name": "every-two-seconds",
        "agent": agent_id,
        "environment_id": env_id,
        "initial_events": [HELLO],
        "schedule": {"type": "cron", "expression": "*/2 * * * * *", "timezone": "Europe/Paris"},
        "metadata": {"team": "ops"},
    }
    created = http.post("/v1/deployments", json=body)
    assert created.status_code == 200, created.text
    deployment = created.json()
    did = deployment["id"]
    try:
        assert deployment["status"] == "active"
        assert deployment["overlap_policy"] == "skip"
        assert deployment["agent"] == {"type": "agent", "id": agent_id, "version": None}
        assert deployment["schedule"]["timezone"] == "Europe/Paris"

        # The Schedule fires: a Run with its Session, which runs the initial message to the end.
        runs = _wait(lambda: [r for r in _runs(http, did) if r["session_id"]], 30, "a scheduled run")
        run = runs[-1]
        assert run["trigger_context"]["type"] == "schedule"
        assert run["outcome"] == "session_created"
        assert run["error"] is None
        scheduled_at = datetime.fromisoformat(run["trigger_context"]["scheduled_at"].replace("Z", "+00:00"))
        assert scheduled_at.second % 2 == 0
        assert scheduled_at.microsecond == 0
        session = wait_status(http, run["session_id"], "end_turn")
        assert session["title"] == "every-two-seconds"
        assert session["metadata"] == {"team": "ops"}
        assert "agent.message" in [e["type"] for e in history(http, run["session_id"])]
        assert http.get(f"/v1/deployment_runs/{run['id']}").json() == run

        synced = _wait(
            lambda: (d := http.get(f"/v1/deployments/{did}").json())["schedule"]["upcoming_runs_at"] and d,
            15,
            "upcoming runs",
        )
        assert synced["schedule"]["last_run_at"] is not None

        # Pause: the Schedule stops firing (allowing a firing already under way), manual Runs still work.
        paused = http.post(f"/v1/deployments/{did}/pause")
        assert paused.status_code == 200, paused.text
        assert paused.json()["status"] == "paused"
        assert paused.json()["paused_reason"] == {"type": "manual"}
        time.sleep(3)  # the scheduler syncs within a second
        before = len(_runs(http, did, trigger_type="schedule"))
        time.sleep(5)
        assert len(_runs(http, did, trigger_type="schedule")) == before
        manual = http.post(f"/v1/deployments/{did}/run")
        assert manual.status_code == 200, manual.text
        assert manual.json()["trigger_context"] == {"type": "manual"}
        assert manual.json()["session_id"]
        assert [r["id"] for r in _runs(http, did, trigger_type="manual")] == [manual.json()["id"]]
        assert http.get(f"/v1/deployments/{did}").json()["schedule"]["upcoming_runs_at"] == []

        # Unpause: firings resume.
        assert http.post(f"/v1/deployments/{did}/unpause").json()["status"] == "active"
        _wait(lambda: len(_runs(http, did, trigger_type="schedule")) > before, 30, "a run after unpause")
    finally:
        archived = http.post(f"/v1/deployments/{did}/archive")
        assert archived.status_code == 200, archived.text
    assert archived.json()["archived_at"] is not None
    assert http.post(f"/v1/deployments/{did}/run").status_code == 409
    assert http.post(f"/v1/deployments/{did}", json={"name": "x"}).status_code == 409
    time.sleep(3)  # the Schedule is deleted: no more Runs
    count = len(_runs(http, did))
    time.sleep(4)
    assert len(_runs(http, did)) == count


def test_an_archived_agent_fails_the_run_and_pauses_the_deployment(http: httpx.Client) -> None:
    agent_id, env_id = _targets(http, "deploy-missing")
    body = {"name": "manual-only", "agent": agent_id, "environment_id": env_id, "initial_events": [HELLO]}
    deployment = http.post("/v1/deployments", json=body).json()
    did = deployment["id"]
    assert deployment["schedule"] is None
    assert http.post(f"/v1/agents/{agent_id}/archive").status_code == 200
    run = http.post(f"/v1/deployments/{did}/run")
    assert run.status_code == 200, run.text
    assert run.json()["outcome"] == "failed"
    assert run.json()["session_id"] is None
    assert run.json()["error"]["type"] == "agent_archived_error"
    assert run.json()["error"]["category"] == "missing_resource"
    after = http.get(f"/v1/deployments/{did}").json()
    assert after["status"] == "paused"
    assert after["paused_reason"] == {"type": "error", "error": {"type": "agent_archived_error"}}
    assert [r["id"] for r in _runs(http, did, has_error="true")] == [run.json()["id"]]
    assert _runs(http, did, has_error="false") == []


def test_a_scheduled_time_creates_one_session_however_often_it_is_retried(
    mango_platform: Platform, mango_tenant: Tenant, http: httpx.Client
) -> None:
    from mango_server.app import deployments as use_cases
    from mango_server.app.services import Services
    from mango_server.live import NatsNotifier
    from mango_server.settings import Settings
    from mango_server.store.db import create_pool

    agent_id, env_id = _targets(http, "deploy-idem")
    body = {"name": "idem", "agent": agent_id, "environment_id": env_id, "initial_events": [HELLO]}
    did = http.post("/v1/deployments", json=body).json()["id"]
    at = datetime(2026, 1, 1, 9, 0, tzinfo=UTC)

    async def fire_twice_at_once() -> list[str]:
        pool = await create_pool(mango_platform.database_url, min_size=1, max_size=4)
        notifier = await NatsNotifier.connect(mango_platform.stack.env()["MANGO_NATS_URL"])
        try:
            services = Services(Settings(), pool, notifier)
            runs = await asyncio.gather(
                *(use_cases.run_scheduled(services, mango_tenant.workspace_id, did, at) for _ in range(3))
            )
            return [r.id for r in runs if r is not None]
        finally:
            await notifier.close()
            await pool.close()

    ids = asyncio.run(fire_twice_at_once())
    assert len(ids) == 3
    assert len(set(ids)) == 1
    [run] = _runs(http, did)
    assert run["id"] == ids[0]
    assert run["session_id"]

    async def sessions_of_run() -> int:
        conn = await asyncpg.connect(mango_platform.database_url)
        try:
            return int(await conn.fetchval("SELECT count(*) FROM sessions WHERE title = 'idem'"))
        finally:
            await conn.close()

    assert asyncio.run(sessions_of_run()) == 1


@pytest.mark.parametrize(
    ("schedule", "needle"),
    [
        ({"type": "cron", "expression": "61 * * * *"}, "minute"),
        ({"type": "cron", "expression": "* * * *  "}, "five fields"),
        ({"type": "cron", "expression": "0 9 * * mon", "timezone": "Mars/Olympus"}, "IANA"),
        ({"type": "cron", "expression": "0 9 * * 5-1"}, "reversed"),
    ],
)
def test_bad_schedules_answer_400(http: httpx.Client, schedule: dict[str, str], needle: str) -> None:
    agent_id, env_id = _targets(http, "deploy-bad")
    body = {"name": "bad", "agent": agent_id, "environment_id": env_id, "initial_events": [HELLO], "schedule": schedule}
    response = http.post("/v1/deployments", json=body)
    assert response.status_code == 400, response.text
    assert response.json()["error"]["type"] == "invalid_request_error"
    assert needle in response.json()["error"]["message"]


def test_bad_targets_and_other_workspaces(
    mango_platform: Platform, mango_other_tenant: Tenant, http: httpx.Client
) -> None:
    agent_id, env_id = _targets(http, "deploy-iso")
    body = {"name": "iso", "agent": agent_id, "environment_id": env_id, "initial_events": [HELLO]}
    assert http.post("/v1/deployments", json={**body, "agent": "agent_missing"}).status_code == 400
    assert http.post("/v1/deployments", json={**body, "environment_id": "env_missing"}).status_code == 400
    assert http.post("/v1/deployments", json={**body, "initial_events": []}).status_code == 400
    did = http.post("/v1/deployments", json=body).json()["id"]
    run_id = http.post(f"/v1/deployments/{did}/run").json()["id"]
    with client(mango_platform, mango_other_tenant) as other:
        assert other.get(f"/v1/deployments/{did}").status_code == 404
        assert other.post(f"/v1/deployments/{did}/run").status_code == 404
        assert other.post(f"/v1/deployments/{did}/pause").status_code == 404
        assert other.get(f"/v1/deployment_runs/{run_id}").status_code == 404
        assert other.get("/v1/deployment_runs", params={"deployment_id": did}).json()["data"] == []
        assert did not in [d["id"] for d in other.get("/v1/deployments").json()["data"]]
    listed = http.get("/v1/deployments", params={"agent_id": agent_id}).json()["data"]
    assert [d["id"] for d in listed] == [did]
    assert http.get("/v1/deployments", params={"status": "bogus"}).status_code == 400
