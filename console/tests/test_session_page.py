"""The Session page in a real browser against a real Mango: sign in, create a Session, a
streamed reply, an `always_ask` bash call approved and run by the Python worker kit, a custom
tool answered through the form (still pending after an idle interrupt), an interrupted slow
turn, a dropped connection that resumes without gaps or duplicates, and a wrong key that shows
a clear error."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from mango.lib import EnvironmentWorker
from mango_server.app.operators import create_environment_key
from mango_server.devstack import Platform, Tenant
from playwright.sync_api import BrowserContext, Page, expect

from .conftest import OFFLINE_ERRORS, console_errors, history, shot, shown_events, tab_to
from .proxy import DroppableProxy

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(300)]

LOOKUP = {
    "type": "custom",
    "name": "lookup",
    "description": "Look something up.",
    "input_schema": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]},
}
TOOLSET = {
    "type": "agent_toolset_20260401",
    "configs": [{"name": "bash", "permission_policy": {"type": "always_ask"}}],
}


def _ok(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    return dict(response.json())


def _api(platform: Platform, tenant: Tenant) -> httpx.Client:
    return httpx.Client(base_url=platform.base_url, headers={"authorization": f"Bearer {tenant.api_key}"}, timeout=30)


def sign_in(page: Page, platform: Platform, key: str) -> None:
    page.goto(f"{platform.base_url}/console/")
    page.get_by_label("API key").fill(key)
    page.get_by_role("button", name="Sign in").click()


def _say(page: Page, text: str) -> None:
    page.get_by_label("Message", exact=True).fill(text)
    page.get_by_role("button", name="Send").click()


def _rows(page: Page, event_type: str) -> Any:
    return page.locator(f'#timeline li[data-type="{event_type}"]')


def _run_worker(platform: Platform, tenant: Tenant, env_id: str, workdir: Path) -> threading.Thread:
    """The Python worker kit on its own thread and event loop (Playwright's loop owns this thread)."""

    async def run() -> None:
        key = (await create_environment_key(platform.database_url, tenant.workspace_id, env_id)).secret
        worker = EnvironmentWorker(
            base_url=platform.base_url, environment_id=env_id, environment_key=key, workdir=workdir, max_idle=3.0
        )
        await asyncio.wait_for(worker.run(drain=True), timeout=120)

    thread = threading.Thread(target=lambda: asyncio.run(run()))
    thread.start()
    return thread


def test_wrong_key_shows_a_clear_error(mango_platform: Platform, context: BrowserContext) -> None:
    page = context.new_page()
    errors = console_errors(page)
    sign_in(page, mango_platform, "mk_wrong_key_for_the_console_test")
    alert = page.locator("#signin-error")
    expect(alert).to_contain_text("The API rejected the key (401")
    expect(alert).to_contain_text("sign in again")
    assert page.evaluate("() => sessionStorage.getItem('mango.apiKey')") is None
    shot(page, "sign-in-wrong-key")
    # The browser itself logs the refused request; nothing else may fail.
    assert [e for e in errors if "401" not in e] == []


def test_session_page_end_to_end(
    mango_platform: Platform, mango_tenant: Tenant, context: BrowserContext, tmp_path: Path
) -> None:
    with _api(mango_platform, mango_tenant) as http:
        agent = _ok(
            http.post(
                "/v1/agents", json={"name": "console-agent", "model": "mango-offline-1", "tools": [TOOLSET, LOOKUP]}
            )
        )
        env = _ok(http.post("/v1/environments", json={"name": f"console-env-{time.monotonic_ns()}"}))
    proxy = DroppableProxy(mango_platform.api_port)
    try:
        _walkthrough(mango_platform, mango_tenant, context, tmp_path, proxy, agent, env)
    finally:
        proxy.close()


def _walkthrough(
    platform: Platform,
    tenant: Tenant,
    context: BrowserContext,
    tmp_path: Path,
    proxy: DroppableProxy,
    agent: dict[str, Any],
    env: dict[str, Any],
) -> None:
    mango_platform, mango_tenant = platform, tenant
    page = context.new_page()
    errors = console_errors(page)
    page.goto(f"{proxy.base_url}/console/")
    shot(page, "sign-in")
    page.get_by_label("API key").fill(mango_tenant.api_key)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Sessions")).to_be_visible()
    assert page.evaluate("() => sessionStorage.getItem('mango.apiKey')") == mango_tenant.api_key
    assert mango_tenant.api_key not in page.url

    # Create a Session from the form.
    new = page.get_by_role("form", name="New Session")
    new.get_by_label("Agent").select_option(agent["id"])
    new.get_by_label("Environment").select_option(env["id"])
    new.get_by_label("Title (optional)").fill("Console walkthrough")
    new.get_by_role("button", name="Create Session").click()
    expect(page.locator("#connection")).to_have_text("live")
    session_id = page.url.rsplit("/", 1)[-1]
    assert session_id.startswith("sesn_")

    # A message and its streamed reply.
    _say(page, "/text Hello from the console, streamed in three chunks.")
    expect(_rows(page, "agent.message").last).to_contain_text("Hello from the console, streamed in three chunks.")
    expect(page.locator("#session-status")).to_have_text("idle")

    # An always_ask bash call: Allow, then the worker kit runs it.
    _say(page, "/tool bash " + json.dumps({"command": "echo approved-by-console"}))
    card = page.locator(".action", has_text="Approve bash?")
    expect(card).to_be_visible()
    shot(page, "approval")
    card.get_by_role("button", name="Allow").click()
    expect(_rows(page, "user.tool_confirmation")).to_contain_text("Allowed")
    worker = _run_worker(mango_platform, mango_tenant, env["id"], tmp_path)
    expect(_rows(page, "user.tool_result")).to_contain_text("approved-by-console", timeout=90_000)
    expect(_rows(page, "agent.message").last).to_contain_text("Tool results", timeout=30_000)
    worker.join(timeout=120)
    assert not worker.is_alive()

    # Deny another always_ask call, with the keyboard only: the agent is told the reason, nothing runs.
    _say(page, "/tool bash " + json.dumps({"command": "echo denied > never-written.txt"}))
    card = page.locator(".action", has_text="Approve bash?")
    expect(card).to_be_visible()
    page.locator("#timeline li summary").last.focus()
    tab_to(page, "Reason if denied")
    page.keyboard.type("not on this machine")
    tab_to(page, "Deny")
    page.keyboard.press("Enter")
    expect(_rows(page, "user.tool_confirmation").last).to_contain_text("Denied")
    expect(_rows(page, "agent.message").last).to_contain_text("not on this machine", timeout=30_000)
    expect(_rows(page, "user.tool_result")).to_have_count(1)
    assert not (tmp_path / "never-written.txt").exists()

    # A custom tool answered through the form. An interrupt while the Session waits for it (sent by
    # another client: the button is off while idle) keeps the call pending, and the form stays.
    _say(page, "/tool lookup " + json.dumps({"q": "mango"}))
    form = page.locator("form.action", has_text="Custom tool lookup")
    expect(form).to_be_visible()
    expect(page.get_by_role("button", name="Interrupt")).to_be_disabled()
    with _api(mango_platform, mango_tenant) as http:
        _ok(http.post(f"/v1/sessions/{session_id}/events", json={"events": [{"type": "user.interrupt"}]}))
    expect(_rows(page, "user.interrupt")).to_have_count(1)
    expect(_rows(page, "session.status_idle").last).to_contain_text("requires_action")
    expect(form).to_be_visible()
    form.get_by_label("Result").fill("forty-two ripe mangoes")
    shot(page, "custom-tool")
    form.get_by_role("button", name="Send result").click()
    expect(_rows(page, "user.custom_tool_result")).to_contain_text("forty-two ripe mangoes")
    expect(_rows(page, "agent.message").last).to_contain_text("forty-two ripe mangoes")
    expect(page.locator("#actions")).to_be_hidden()

    # Interrupt a slow turn.
    spans = _rows(page, "span.model_request_start").count()
    _say(page, "/sleep 8000\n/text this reply must never appear")
    expect(page.locator("#session-status")).to_have_text("running")
    # Interrupt while the model call is in flight (its span has started), not before the turn begins.
    expect(_rows(page, "span.model_request_start")).to_have_count(spans + 1)
    started = time.monotonic()
    page.get_by_role("button", name="Interrupt").click()
    expect(_rows(page, "user.interrupt")).to_have_count(2)
    expect(page.locator("#session-status")).to_have_text("idle", timeout=20_000)
    assert time.monotonic() - started < 8, "the interrupt did not end the turn before the model answered"
    shot(page, "interrupt")

    # Drop the connection, let events commit meanwhile, come back: no gap, no duplicate.
    proxy.drop()
    expect(page.locator("#connection")).to_have_text("reconnecting", timeout=20_000)
    with _api(mango_platform, mango_tenant) as http:
        _ok(
            http.post(
                f"/v1/sessions/{session_id}/events",
                json={
                    "events": [
                        {
                            "type": "user.message",
                            "content": [{"type": "text", "text": "/text sent while the console was offline"}],
                        }
                    ]
                },
            )
        )
        _wait_idle(http, session_id)
        proxy.restore()
        expect(_rows(page, "agent.message").last).to_contain_text("sent while the console was offline", timeout=30_000)
        expect(page.locator("#connection")).to_have_text("live")
        shown = shown_events(page)
        listed = [e["id"] for e in history(http, session_id)]
    assert len(shown) == len(set(shown)), "duplicate events in the timeline"
    # Exactly the Session's sequence: no gap, no duplicate, nothing out of place.
    assert shown == listed
    # The interrupted turn committed no reply: nothing from the agent between the interrupt and the next message.
    types = page.eval_on_selector_all("#timeline li[data-event-id]", "els => els.map(e => e.dataset.type)")
    after = types[len(types) - 1 - types[::-1].index("user.interrupt") :]
    assert "agent.message" not in after[: after.index("user.message")], after

    # Raw JSON of any event.
    first = page.locator("#timeline li").first
    first.locator("summary").click()
    expect(first.locator("pre").last).to_contain_text('"type": "user.message"')
    shot(page, "session", full_page=False)
    page.set_viewport_size({"width": 420, "height": 800})
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 420, f"the Session page scrolls sideways at 420 px ({width} px)"
    shot(page, "session-narrow")
    # The browser logs the requests the dropped relay refused; anything else is a console error.
    assert [e for e in errors if not any(o in e for o in OFFLINE_ERRORS)] == []


def _wait_idle(http: httpx.Client, session_id: str) -> None:
    # The interrupted turn's model call may still be sleeping in its activity: allow for it.
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        events = _ok(http.get(f"/v1/sessions/{session_id}/events", params={"limit": 100, "order": "desc"}))["data"]
        if events and events[0]["type"] == "session.status_idle":
            return
        time.sleep(0.2)
    raise AssertionError("the Session did not become idle")
