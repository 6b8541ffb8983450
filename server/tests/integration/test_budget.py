"""Usage, list cost and budgets on the real components: a Session with a budget reports
``session.usage``, stops with ``budget_reached`` before a request would exceed it (the request is
never sent) and resumes when the budget is raised; usage keeps the list cost. A cost limit on a model
without a list price (``test_models``) stops at once."""

from __future__ import annotations

import httpx
import pytest
from mango_server.devstack import Platform, Tenant

from ._client import CUSTOM_TOOL, client, history, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]


def _session(http: httpx.Client, name: str, budget: dict[str, object] | None) -> str:
    agent = http.post("/v1/agents", json={"name": name, "model": "mango-offline-1", "tools": [CUSTOM_TOOL]})
    assert agent.status_code == 200, agent.text
    env = http.post("/v1/environments", json={"name": f"{name}-env"})
    body = {"agent": agent.json()["id"], "environment_id": env.json()["id"], "budget": budget}
    session = http.post("/v1/sessions", json=body)
    assert session.status_code == 200, session.text
    return str(session.json()["id"])


def test_token_budget_stops_before_the_request_and_resumes_when_raised(
    mango_platform: Platform, mango_tenant: Tenant
) -> None:
    # The offline model asks for 4,096 output tokens a request: a 4,500-token budget admits a
    # short first request, not a second one carrying a 3,000-character message.
    budget = {"type": "limit", "max_tokens": 4500}
    with client(mango_platform, mango_tenant) as http:
        sid = _session(http, "budget-tokens", budget)
        created = http.get(f"/v1/sessions/{sid}").json()
        assert created["budget"] == {"type": "limit", "max_tokens": 4500, "max_list_cost": None}
        say(http, sid, "hello")
        first = wait_status(http, sid, "end_turn")
        assert first["usage"]["input_tokens"] > 0
        assert first["usage"]["list_cost"]["currency"] == "USD"
        [report] = [e for e in history(http, sid) if e["type"] == "session.usage"]
        assert report["usage"] == first["usage"]
        assert report["budget"] == created["budget"]

        say(http, sid, "x" * 3000)
        stopped = wait_status(http, sid, "budget_reached")
        assert stopped["usage"] == first["usage"]  # nothing more was spent
        events = history(http, sid)
        assert [e["type"] for e in events].count("span.model_request_start") == 1  # the request was never sent
        assert events[-1]["type"] == "session.status_idle"
        assert events[-1]["stop_reason"] == {"type": "budget_reached"}

        raised = http.post(f"/v1/sessions/{sid}", json={"budget": {"type": "limit", "max_tokens": 100_000}})
        assert raised.status_code == 200, raised.text
        wait_status(http, sid, "end_turn")
        events = history(http, sid)
        assert [e["type"] for e in events].count("agent.message") == 2
        updated = [e for e in events if e["type"] == "session.updated"]
        assert updated[-1]["budget"] == {"type": "limit", "max_tokens": 100_000, "max_list_cost": None}


def test_cost_budget_stops_and_resumes_when_removed(mango_platform: Platform, mango_tenant: Tenant) -> None:
    tiny = {"type": "limit", "max_list_cost": {"amount": "0.000001", "currency": "USD"}}
    with client(mango_platform, mango_tenant) as http:
        sid = _session(http, "budget-cost", tiny)
        say(http, sid, "hello")
        wait_status(http, sid, "budget_reached")
        assert "span.model_request_start" not in [e["type"] for e in history(http, sid)]
        removed = http.post(f"/v1/sessions/{sid}", json={"budget": None})
        assert removed.status_code == 200, removed.text
        assert removed.json()["budget"] is None
        wait_status(http, sid, "end_turn")


def test_budget_input_is_validated(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid = _session(http, "budget-bad", None)
        for bad in (
            {"type": "limit", "max_tokens": 0},
            {"type": "limit", "max_list_cost": {"amount": "-1", "currency": "USD"}},
            {"type": "limit", "max_list_cost": {"amount": "1", "currency": "EUR"}},
            {"type": "cap"},
        ):
            response = http.post(f"/v1/sessions/{sid}", json={"budget": bad})
            assert response.status_code == 400, (bad, response.text)
            assert response.json()["error"]["type"] == "invalid_request_error"
