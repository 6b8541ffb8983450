"""A Deployment's budget on the real components: it is kept on the Deployment, each Run's Session
is created with it (and is stopped by it like any Session budget), an update replaces or removes
it for later Runs only, and a malformed budget is a 400."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest
from mango_server.devstack import Platform, Tenant

from ._client import client, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(240)]

HELLO = {"type": "user.message", "content": [{"type": "text", "text": "budgeted hello"}]}
#: Far below any model request's projected size, so the first request is refused.
TINY = {"type": "limit", "max_list_cost": None, "max_tokens": 10}


@pytest.fixture
def http(mango_platform: Platform, mango_tenant: Tenant) -> Iterator[httpx.Client]:
    with client(mango_platform, mango_tenant) as c:
        yield c


def _deployment(http: httpx.Client, **extra: object) -> dict[str, object]:
    agent = http.post("/v1/agents", json={"name": "budgeted", "model": "mango-offline-1"})
    assert agent.status_code == 200, agent.text
    env = http.post("/v1/environments", json={"name": f"budgeted-{time.monotonic_ns()}"})
    assert env.status_code == 200, env.text
    body = {
        "name": "budgeted",
        "agent": agent.json()["id"],
        "environment_id": env.json()["id"],
        "initial_events": [HELLO],
    }
    created = http.post("/v1/deployments", json={**body, **extra})
    assert created.status_code == 200, created.text
    return dict(created.json())


def _run_session(http: httpx.Client, deployment_id: object) -> str:
    run = http.post(f"/v1/deployments/{deployment_id}/run")
    assert run.status_code == 200, run.text
    assert run.json()["outcome"] == "session_created", run.json()
    return str(run.json()["session_id"])


def test_each_runs_session_gets_the_deployments_budget_until_it_is_removed(http: httpx.Client) -> None:
    deployment = _deployment(http, budget={"type": "limit", "max_tokens": 10})
    did = deployment["id"]
    try:
        # Stored in the Session's form: both limits present.
        assert deployment["budget"] == TINY
        assert http.get(f"/v1/deployments/{did}").json()["budget"] == TINY

        # The Run's Session carries it, and it binds: the first model request is not sent.
        stopped = wait_status(http, _run_session(http, did), "budget_reached", timeout=60)
        assert stopped["budget"] == TINY

        # An update that leaves the budget out keeps it; null removes it for later Runs only.
        kept = http.post(f"/v1/deployments/{did}", json={"description": "still budgeted"})
        assert kept.status_code == 200, kept.text
        assert kept.json()["budget"] == TINY
        removed = http.post(f"/v1/deployments/{did}", json={"budget": None})
        assert removed.status_code == 200, removed.text
        assert removed.json()["budget"] is None
        free = wait_status(http, _run_session(http, did), "end_turn", timeout=60)
        assert free["budget"] is None
        assert http.get(f"/v1/sessions/{stopped['id']}").json()["budget"] == TINY

        # A new budget replaces it for the Runs after it.
        generous = {"type": "limit", "max_list_cost": {"amount": "5", "currency": "USD"}, "max_tokens": None}
        replaced = http.post(f"/v1/deployments/{did}", json={"budget": generous})
        assert replaced.json()["budget"] == generous
        assert wait_status(http, _run_session(http, did), "end_turn", timeout=60)["budget"] == generous
    finally:
        http.post(f"/v1/deployments/{did}/archive")


@pytest.mark.parametrize(
    "budget",
    [
        {"type": "limit", "max_tokens": 0},
        {"type": "cap", "max_tokens": 10},
        {"type": "limit", "max_list_cost": {"amount": "-1", "currency": "USD"}},
    ],
)
def test_a_malformed_budget_is_a_400(http: httpx.Client, budget: dict[str, object]) -> None:
    deployment = _deployment(http)
    assert deployment["budget"] is None
    try:
        agent = deployment["agent"]
        assert isinstance(agent, dict)
        body = {
            "name": "bad-budget",
            "agent": agent["id"],
            "environment_id": deployment["environment_id"],
            "initial_events": [HELLO],
            "budget": budget,
        }
        assert http.post("/v1/deployments", json=body).status_code == 400
        assert http.post(f"/v1/deployments/{deployment['id']}", json={"budget": budget}).status_code == 400
    finally:
        http.post(f"/v1/deployments/{deployment['id']}/archive")
