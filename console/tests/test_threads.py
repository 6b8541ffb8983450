"""A multi-agent Session on the Session page: a coordinator with a one-member roster delegates
from a message typed in the console; the timeline badges the child Thread's rows with its Agent's
name, shows the messages exchanged (to / from, text), the Threads panel lists both Threads with
their status, and the filter narrows the timeline to one Thread."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import httpx
import pytest
from mango_server.devstack import Platform, Tenant
from playwright.sync_api import BrowserContext, Page, expect

from .conftest import console_errors, history, shot

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(300)]


def _ok(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    return dict(response.json())


def _rows(page: Page, event_type: str) -> Any:
    return page.locator(f'#timeline li[data-type="{event_type}"]')


def _visible_types(page: Page) -> list[str]:
    return list(
        page.eval_on_selector_all(
            "#timeline li[data-event-id]", "els => els.filter(e => !e.hidden).map(e => e.dataset.type)"
        )
    )


def test_delegation_shows_threads_badges_messages_and_filter(
    mango_platform: Platform, mango_tenant: Tenant, context: BrowserContext
) -> None:
    suffix = time.monotonic_ns()
    member_name = f"researcher-{suffix}"
    http = httpx.Client(
        base_url=mango_platform.base_url, headers={"authorization": f"Bearer {mango_tenant.api_key}"}, timeout=30
    )
    with http:
        member = _ok(http.post("/v1/agents", json={"name": member_name, "model": "mango-offline-1"}))
        lead = _ok(
            http.post(
                "/v1/agents",
                json={
                    "name": f"lead-{suffix}",
                    "model": "mango-offline-1",
                    "multiagent": {"type": "coordinator", "agents": [member["id"]]},
                },
            )
        )
        env = _ok(http.post("/v1/environments", json={"name": f"console-threads-{suffix}"}))
        session = _ok(
            http.post("/v1/sessions", json={"agent": lead["id"], "environment_id": env["id"], "title": "Threads"})
        )
        sid = session["id"]

        page = context.new_page()
        errors = console_errors(page)
        page.goto(f"{mango_platform.base_url}/console/")
        page.get_by_label("API key").fill(mango_tenant.api_key)
        page.get_by_role("button", name="Sign in").click()
        expect(page.get_by_role("heading", name="Sessions")).to_be_visible()
        page.goto(f"{mango_platform.base_url}/console/#/sessions/{sid}")
        expect(page.locator("#connection")).to_have_text("live")
        # Before any delegation: only the primary Thread, and no row carries a Thread badge.
        expect(page.locator("#threads-list li")).to_have_count(1)
        expect(page.locator("#threads-list li")).to_contain_text("primary")

        page.get_by_label("Message", exact=True).fill(f"/delegate {member_name} /report ready")
        page.get_by_role("button", name="Send").click()

        # The report comes back to the coordinator as a received message from the member.
        received = _rows(page, "agent.thread_message_received")
        expect(received).to_have_count(1, timeout=90_000)
        expect(received).to_contain_text(f"from {member_name}")
        # The message text as the coordinator receives it: the member's report, attributed.
        expect(received.locator(".text")).to_have_text(
            re.compile(rf"^Message from {member_name} .*:\s*ready\s*$", re.S)
        )
        sent = _rows(page, "agent.thread_message_sent")
        expect(sent).to_have_count(1)
        expect(sent).to_contain_text(f"to {member_name}")
        expect(sent.locator(".text")).to_contain_text("/report ready")
        created = _rows(page, "session.thread_created")
        expect(created).to_have_count(1)
        expect(created).to_contain_text(f"{member_name} joined")
        # The child's status, cross-posted to the Session stream, badged with the member's name.
        idle = _rows(page, "session.thread_status_idle")
        expect(idle.first).to_contain_text(f"{member_name}: idle")
        expect(idle.first.locator(".badge.thread")).to_have_text(member_name)
        # Primary rows carry their Thread too, but show no badge.
        expect(_rows(page, "user.message").locator(".badge.thread")).to_have_count(0)
        # The coordinator's turn that takes the report ends (the report can arrive while the
        # delegating turn still runs, so it is one turn or two): the Session's last event is idle.
        expect(page.locator("#timeline li[data-event-id]").last).to_have_attribute(
            "data-type", "session.status_idle", timeout=90_000
        )

        # The Threads panel: the primary and the member's Thread, idle, as the API lists them.
        threads = _ok(http.get(f"/v1/sessions/{sid}/threads", params={"include_archived": "true"}))["data"]
        assert len(threads) == 2
        child = next(t for t in threads if t["parent_thread_id"] is not None)
        primary = next(t for t in threads if t["parent_thread_id"] is None)
        assert child["agent_name"] == member_name
        items = page.locator("#threads-list li")
        expect(items).to_have_count(2)
        child_item = page.locator(f'#threads-list li[data-thread-id="{child["id"]}"]')
        expect(child_item).to_contain_text(member_name)
        expect(child_item.locator('[data-role="status"]')).to_have_text("idle")
        expect(page.locator(f'#threads-list li[data-thread-id="{primary["id"]}"]')).to_contain_text("primary")

        # Every primary-ledger event is shown once; the badges follow each event's Thread.
        events = history(http, sid)
        shown = page.eval_on_selector_all(
            "#timeline li[data-event-id]", "els => els.map(e => [e.dataset.eventId, e.dataset.threadId])"
        )
        assert [e["id"] for e in events] == [row[0] for row in shown]
        assert {e["id"]: e.get("session_thread_id") for e in events} == {row[0]: row[1] for row in shown}
        badged = page.eval_on_selector_all(
            "#timeline li[data-event-id]",
            "els => els.filter(e => e.querySelector('.badge.thread')).map(e => e.dataset.eventId)",
        )
        assert badged == [e["id"] for e in events if e.get("session_thread_id") == child["id"]]
        assert badged, "no event of the child Thread in the Session stream"
        shot(page, "threads", full_page=True)

        # The filter: the member's Thread keeps its own events and the messages exchanged with it.
        page.get_by_label("Show in timeline").select_option(label=member_name)
        only_child = _visible_types(page)
        assert "user.message" not in only_child
        assert {"session.thread_created", "agent.thread_message_sent", "agent.thread_message_received"} <= set(
            only_child
        )
        page.get_by_label("Show in timeline").select_option("primary")
        only_primary = _visible_types(page)
        assert "user.message" in only_primary
        assert not any(t.startswith("session.thread_") for t in only_primary)
        page.get_by_label("Show in timeline").select_option("all")
        assert len(_visible_types(page)) == len(events)

    assert errors == []


LOOKUP = {
    "type": "custom",
    "name": "lookup",
    "description": "Look something up.",
    "input_schema": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]},
}


def test_a_child_threads_custom_tool_is_answered_on_its_thread(
    mango_platform: Platform, mango_tenant: Tenant, context: BrowserContext
) -> None:
    suffix = time.monotonic_ns()
    member_name = f"finder-{suffix}"
    http = httpx.Client(
        base_url=mango_platform.base_url, headers={"authorization": f"Bearer {mango_tenant.api_key}"}, timeout=30
    )
    with http:
        member = _ok(http.post("/v1/agents", json={"name": member_name, "model": "mango-offline-1", "tools": [LOOKUP]}))
        lead = _ok(
            http.post(
                "/v1/agents",
                json={
                    "name": f"lead-{suffix}",
                    "model": "mango-offline-1",
                    "multiagent": {"type": "coordinator", "agents": [member["id"]]},
                },
            )
        )
        env = _ok(http.post("/v1/environments", json={"name": f"console-threads-tool-{suffix}"}))
        sid = _ok(http.post("/v1/sessions", json={"agent": lead["id"], "environment_id": env["id"]}))["id"]

        page = context.new_page()
        errors = console_errors(page)
        page.goto(f"{mango_platform.base_url}/console/")
        page.get_by_label("API key").fill(mango_tenant.api_key)
        page.get_by_role("button", name="Sign in").click()
        expect(page.get_by_role("heading", name="Sessions")).to_be_visible()
        page.goto(f"{mango_platform.base_url}/console/#/sessions/{sid}")
        expect(page.locator("#connection")).to_have_text("live")
        page.get_by_label("Message", exact=True).fill(f'/delegate {member_name} /tool lookup {{"q": "mango"}}')
        page.get_by_role("button", name="Send").click()

        # The child's call, cross-posted to the Session stream, gets its result form.
        form = page.locator("form.action", has_text="Custom tool lookup")
        expect(form).to_be_visible(timeout=90_000)
        child = next(
            t for t in _ok(http.get(f"/v1/sessions/{sid}/threads"))["data"] if t["parent_thread_id"] is not None
        )
        expect(page.locator('#timeline li[data-type="agent.custom_tool_use"] .badge.thread')).to_have_text(member_name)
        form.get_by_label("Result").fill("forty-two ripe mangoes")
        with page.expect_request(lambda r: r.method == "POST" and r.url.endswith(f"/v1/sessions/{sid}/events")) as sent:
            form.get_by_role("button", name="Send result").click()
        answer = json.loads(sent.value.post_data or "{}")["events"][0]
        assert answer["type"] == "user.custom_tool_result"
        assert answer["session_thread_id"] == child["id"]

        # The child runs on with the result and reports; the card is gone.
        expect(_rows(page, "agent.thread_message_received")).to_have_count(1, timeout=90_000)
        expect(page.locator("#actions")).to_be_hidden()
        child_events = _ok(http.get(f"/v1/sessions/{sid}/threads/{child['id']}/events", params={"limit": 100}))["data"]
        results = [e for e in child_events if e["type"] == "user.custom_tool_result"]
        assert [r["content"][0]["text"] for r in results] == ["forty-two ripe mangoes"]
        expect(page.locator(f'#threads-list li[data-thread-id="{child["id"]}"] [data-role="status"]')).to_have_text(
            "idle"
        )

    assert errors == []
