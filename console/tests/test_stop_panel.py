"""The Session page says why a Session waits: the stop reason with the ids it names and the action
that resumes it, updated when the Session moves on (a custom tool call answered through the API,
then a turn whose context cannot be made to fit)."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from mango_server.devstack import Platform, Tenant
from playwright.sync_api import BrowserContext, expect

from .conftest import console_errors, history, shot

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(300)]

LOOKUP = {
    "type": "custom",
    "name": "lookup",
    "description": "Look something up.",
    "input_schema": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]},
}


def _ok(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    return dict(response.json())


def _say(http: httpx.Client, sid: str, text: str) -> None:
    event = {"type": "user.message", "content": [{"type": "text", "text": text}]}
    _ok(http.post(f"/v1/sessions/{sid}/events", json={"events": [event]}))


def test_stop_reason_and_its_ids_follow_the_session(
    mango_platform: Platform, mango_tenant: Tenant, context: BrowserContext
) -> None:
    suffix = time.monotonic_ns()
    http = httpx.Client(
        base_url=mango_platform.base_url, headers={"authorization": f"Bearer {mango_tenant.api_key}"}, timeout=30
    )
    with http:
        agent = _ok(
            http.post("/v1/agents", json={"name": f"stops-{suffix}", "model": "mango-offline-1", "tools": [LOOKUP]})
        )
        env = _ok(http.post("/v1/environments", json={"name": f"console-stops-{suffix}"}))
        sid = _ok(http.post("/v1/sessions", json={"agent": agent["id"], "environment_id": env["id"]}))["id"]

        page = context.new_page()
        errors = console_errors(page)
        page.goto(f"{mango_platform.base_url}/console/")
        page.get_by_label("API key").fill(mango_tenant.api_key)
        page.get_by_role("button", name="Sign in").click()
        expect(page.get_by_role("heading", name="Sessions")).to_be_visible()
        page.goto(f"{mango_platform.base_url}/console/#/sessions/{sid}")
        expect(page.locator("#connection")).to_have_text("live")
        expect(page.locator("#stop-reason")).to_have_count(0)  # a new Session has not stopped yet

        _say(http, sid, '/tool lookup {"q": "mango"}')
        panel = page.locator("#session-stop")
        expect(page.locator("#stop-reason")).to_have_text("requires_action", timeout=30_000)
        [use] = [e for e in history(http, sid) if e["type"] == "agent.custom_tool_use"]
        expect(panel).to_contain_text(use["id"])
        expect(panel).to_contain_text("answer the pending tool calls")
        shot(page, "session-stop-requires-action")

        result = {
            "type": "user.custom_tool_result",
            "custom_tool_use_id": use["id"],
            "content": [{"type": "text", "text": "ok"}],
        }
        _ok(http.post(f"/v1/sessions/{sid}/events", json={"events": [result]}))
        expect(page.locator("#stop-reason")).to_have_text("end_turn", timeout=30_000)
        expect(panel).not_to_contain_text(use["id"])

        _say(http, sid, "/too-large always")
        expect(page.locator("#stop-reason")).to_have_text("context_overflow", timeout=30_000)
        expect(panel).to_contain_text("input_tokens")
        expect(panel).to_contain_text("send a new message")
        assert errors == []
