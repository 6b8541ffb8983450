"""The timeline's specific renderings, from real events of a real Mango: MCP calls with the `auto`
evaluator's verdicts and an approval, an MCP result too large for its event that links its File
(downloaded byte for byte), a compaction with its token counts, `session.usage` against the
Session's budget, and thinking. An event type this console does not know is shown generically
without breaking the timeline, and a preview that races ahead of earlier committed events never
puts its message out of the Session's sequence.

The platform admits loopback egress (the MCP test server of the server suite listens on
127.0.0.1) and gives the offline model a small window.
"""

from __future__ import annotations

import importlib.util
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from mango_server.devstack import DevStack, Platform, Tenant
from playwright.sync_api import BrowserContext, Page, Route, expect

from .conftest import ROOT, console_errors, history, in_thread, shot, shown_events

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(300)]

DUMP_SIZE = 150_000
LINE = "0123456789abcdefghijklmnopqrstuvwxyz\n"


def _mcp_module() -> ModuleType:
    # The server suite's MCP test server; loaded by path (both suites have a `tests` package).
    path = ROOT / "server" / "tests" / "support" / "mcp_server.py"
    spec = importlib.util.spec_from_file_location("mango_console_mcp_server", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def mcp_url() -> Iterator[str]:
    with _mcp_module().McpTestServer() as server:
        yield str(server.url)


@pytest.fixture(scope="module")
def kinds_platform(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    running = Platform(
        mango_services,
        tmp_path_factory.mktemp("console-kinds"),
        extra_env={"MANGO_EGRESS_ALLOW": "127.0.0.1/32", "MANGO_MODEL_WINDOWS": "mango-offline-1=6000:512"},
    )
    in_thread(running.start)
    try:
        yield running
    finally:
        in_thread(running.stop)


@pytest.fixture(scope="module")
def kinds_tenant(kinds_platform: Platform) -> Tenant:
    return in_thread(lambda: kinds_platform.create_tenant("console-kinds"))


def _ok(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    return dict(response.json())


def _rows(page: Page, event_type: str) -> Any:
    return page.locator(f'#timeline li[data-type="{event_type}"]')


def _say(page: Page, text: str) -> None:
    page.get_by_label("Message", exact=True).fill(text)
    page.get_by_role("button", name="Send").click()


def _idle(page: Page, count: int) -> None:
    """Wait for the `count`-th idle status of the Session (one per finished turn)."""
    expect(_rows(page, "session.status_idle")).to_have_count(count, timeout=60_000)


def _of(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def test_mcp_compaction_usage_and_thinking_render_from_real_events(
    kinds_platform: Platform, kinds_tenant: Tenant, mcp_url: str, context: BrowserContext
) -> None:
    http = httpx.Client(
        base_url=kinds_platform.base_url, headers={"authorization": f"Bearer {kinds_tenant.api_key}"}, timeout=30
    )
    with http:
        agent = _ok(
            http.post(
                "/v1/agents",
                json={
                    "name": "console-kinds",
                    "model": "mango-offline-1",
                    "mcp_servers": [{"type": "url", "name": "tests", "url": mcp_url}],
                    "tools": [
                        {
                            "type": "mcp_toolset",
                            "mcp_server_name": "tests",
                            "default_config": {"permission_policy": {"type": "auto"}},
                        }
                    ],
                },
            )
        )
        env = _ok(http.post("/v1/environments", json={"name": f"console-kinds-{time.monotonic_ns()}"}))
        budget = {"type": "limit", "max_tokens": 10_000_000}
        session = _ok(
            http.post(
                "/v1/sessions",
                json={"agent": agent["id"], "environment_id": env["id"], "title": "Kinds", "budget": budget},
            )
        )
        _walk(kinds_platform, kinds_tenant, http, context, session["id"])


def _walk(platform: Platform, tenant: Tenant, http: httpx.Client, context: BrowserContext, sid: str) -> None:
    page = context.new_page()
    errors = console_errors(page)
    page.goto(f"{platform.base_url}/console/")
    page.get_by_label("API key").fill(tenant.api_key)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Sessions")).to_be_visible()
    page.goto(f"{platform.base_url}/console/#/sessions/{sid}")
    expect(page.locator("#connection")).to_have_text("live")

    # Three MCP calls in one turn: the evaluator allows one, denies one and asks about the third.
    _say(page, '/tool lookup {"key": "a"}\n/tool record {"note": "mango-auto:deny"}\n/tool record {"note": "b"}')
    uses = _rows(page, "agent.mcp_tool_use")
    expect(uses).to_have_count(3)
    expect(uses.nth(0)).to_contain_text("tests / lookup")
    expect(uses.nth(0).locator(".evaluation")).to_contain_text("Evaluator: allow (routine) lookup only reads")
    expect(uses.nth(0).locator(".badge.perm-allow")).to_have_text("allow")
    expect(uses.nth(1).locator(".evaluation")).to_contain_text("Evaluator: deny (high_risk)")
    expect(uses.nth(2).locator(".evaluation")).to_contain_text("Evaluator: ask (uncertain)")
    expect(uses.nth(2).locator("pre.input")).to_contain_text('"note": "b"')
    card = page.locator(".action", has_text="Approve record?")
    card.get_by_role("button", name="Allow").click()
    results = _rows(page, "agent.mcp_tool_result")
    expect(results).to_have_count(3, timeout=60_000)
    expect(results.filter(has_text="value-of-a")).to_have_count(1)
    expect(results.filter(has_text="recorded b")).to_have_count(1)
    denied = results.filter(has_text="denied")
    expect(denied.locator(".badge.bad")).to_have_text("error")
    _idle(page, 2)

    # A result too large for its event: a preview, and a link to the File with the full text.
    _say(page, "/tool dump " + json.dumps({"size": DUMP_SIZE}))
    page.locator(".action", has_text="Approve dump?").get_by_role("button", name="Allow").click()
    big = _rows(page, "agent.mcp_tool_result").nth(3)
    link = big.locator(".file-ref a")
    expect(link).to_contain_text("File file_", timeout=60_000)
    shot(page, "mcp")
    _idle(page, 4)

    # Compaction: the provider refuses the request as too large once; Mango compacts and retries.
    _say(page, "/too-large 1\n/text recovered after compaction")
    expect(_rows(page, "agent.message").last).to_contain_text("recovered after compaction", timeout=60_000)
    # Thinking: a signal only (the API carries no thinking text).
    _say(page, "/thinking pondering mangoes\n/text thought it through")
    expect(_rows(page, "agent.message").last).to_contain_text("thought it through", timeout=60_000)
    _idle(page, 6)

    events = history(http, sid)
    [compaction] = _of(events, "agent.thread_context_compacted")
    row = _rows(page, "agent.thread_context_compacted")
    expect(row).to_contain_text(f"{compaction['pre_tokens']:,} → {compaction['post_tokens']:,} input tokens")
    expect(row.locator(".badge")).to_have_text("extractive_aggressive")
    # The refused request's span is marked failed.
    failed = [e for e in _of(events, "span.model_request_end") if e["is_error"]]
    assert failed, "the refused request ends its span with is_error"
    expect(_rows(page, "span.model_request_end").filter(has_text="failed")).to_have_count(len(failed))
    expect(_rows(page, "agent.thinking")).to_contain_text("The model thought before answering.")
    assert "pondering" not in (_rows(page, "agent.thinking").inner_text())
    usage = _of(events, "session.usage")
    assert len(usage) >= 4, "a Session with a budget reports its usage after every model request"
    expect(_rows(page, "session.usage")).to_have_count(len(usage))
    last = usage[-1]["usage"]
    expect(_rows(page, "session.usage").last).to_contain_text(
        f"{last['input_tokens']:,} in / {last['output_tokens']:,} out tokens"
    )
    expect(_rows(page, "session.usage").last).to_contain_text("budget 10,000,000 tokens")
    # The header follows the latest usage.
    header = f"{last['input_tokens']:,} in / {last['output_tokens']:,} out tokens"
    expect(page.locator("#session-usage")).to_contain_text(header)
    assert shown_events(page) == [e["id"] for e in events], "the timeline is not the Session's sequence"
    _rows(page, "agent.thread_context_compacted").scroll_into_view_if_needed()
    shot(page, "compaction")

    # The File behind the large result: its page, and the downloaded bytes.
    [dumped] = [r for r in _of(events, "agent.mcp_tool_result") if r.get("file_id")]
    big.locator(".file-ref a").click()
    expect(page.get_by_role("heading", name="File")).to_be_visible()
    expect(page.locator("dl.stats")).to_contain_text(f"{DUMP_SIZE} B")
    with page.expect_download() as download:
        page.get_by_role("button", name="Download").click()
    full = (LINE * (DUMP_SIZE // len(LINE) + 1))[:DUMP_SIZE]
    assert Path(download.value.path()).read_bytes() == full.encode()
    assert dumped["file_id"] in page.url
    assert errors == []


def test_an_unknown_event_type_is_shown_generically(
    kinds_platform: Platform, kinds_tenant: Tenant, context: BrowserContext
) -> None:
    """A newer server's event (Threads) in the history: a generic row with its JSON; the rest renders."""
    http = httpx.Client(
        base_url=kinds_platform.base_url, headers={"authorization": f"Bearer {kinds_tenant.api_key}"}, timeout=30
    )
    with http:
        agent = _ok(http.post("/v1/agents", json={"name": "console-unknown", "model": "mango-offline-1"}))
        env = _ok(http.post("/v1/environments", json={"name": f"console-unknown-{time.monotonic_ns()}"}))
        first = {"type": "user.message", "content": [{"type": "text", "text": "/text known reply"}]}
        sid = _ok(
            http.post(
                "/v1/sessions", json={"agent": agent["id"], "environment_id": env["id"], "initial_events": [first]}
            )
        )["id"]
        deadline = time.monotonic() + 60
        while not _of(history(http, sid), "session.status_idle"):
            assert time.monotonic() < deadline, "the first turn did not finish"
            time.sleep(0.2)
        events = history(http, sid)
    novel = {
        "type": "agent.future_kind",
        "id": "sevt_console_unknown_0001",
        "session_thread_id": "sthr_console_0001",
        "agent_name": "helper",
        "processed_at": None,
        "created_at": events[1]["created_at"],
    }

    def with_novel(route: Route) -> None:
        response = route.fetch()
        body = response.json()
        body["data"].insert(1, novel)
        route.fulfill(response=response, body=json.dumps(body))

    page = context.new_page()
    errors = console_errors(page)
    page.route(lambda url: url.split("?")[0].endswith(f"/v1/sessions/{sid}/events"), with_novel)
    page.goto(f"{kinds_platform.base_url}/console/")
    page.get_by_label("API key").fill(kinds_tenant.api_key)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Sessions")).to_be_visible()
    page.goto(f"{kinds_platform.base_url}/console/#/sessions/{sid}")
    row = _rows(page, "agent.future_kind")
    expect(row.locator(".label")).to_have_text("agent.future_kind")
    # A Thread the Threads listing does not name is badged by its id.
    expect(row.locator(".thread")).to_have_text("sthr_console_0001")
    row.locator("summary").click()
    expect(row.locator("pre")).to_contain_text('"agent_name": "helper"')
    expect(_rows(page, "agent.message")).to_contain_text("known reply")
    ids = [e["id"] for e in events]
    assert shown_events(page) == [ids[0], novel["id"], *ids[1:]]
    assert errors == []


def _fake(n: int, kind: str, **fields: Any) -> dict[str, Any]:
    stamps = {"processed_at": None, "created_at": "2026-01-01T00:00:00Z"}
    return {"type": kind, "id": f"sevt_fake_{n:02d}", **fields, **stamps}


def _frame(event: dict[str, Any], *, persisted: bool = True) -> str:
    head = f"id: {event['id']}\n" if persisted else ""
    return f"{head}event: {event['type']}\ndata: {json.dumps(event)}\n\n"


def test_previews_never_take_a_place_in_the_sequence(
    kinds_platform: Platform, kinds_tenant: Tenant, context: BrowserContext
) -> None:
    """The race the stream allows, replayed exactly: a message's preview arrives before events
    committed ahead of that message (previews of one wakeup go out before its committed rows), an
    already listed event comes again, and a preview whose message is never committed is left open."""
    http = httpx.Client(
        base_url=kinds_platform.base_url, headers={"authorization": f"Bearer {kinds_tenant.api_key}"}, timeout=30
    )
    with http:
        agent = _ok(http.post("/v1/agents", json={"name": "console-race", "model": "mango-offline-1"}))
        env = _ok(http.post("/v1/environments", json={"name": f"console-race-{time.monotonic_ns()}"}))
        sid = _ok(http.post("/v1/sessions", json={"agent": agent["id"], "environment_id": env["id"]}))["id"]
    said = _fake(1, "user.message", content=[{"type": "text", "text": "hello"}])
    running, start = _fake(2, "session.status_running"), _fake(3, "span.model_request_start")
    thought = _fake(4, "agent.thinking")
    reply = _fake(5, "agent.message", content=[{"type": "text", "text": "the committed reply"}])
    end = _fake(6, "span.model_request_end", model_request_start_id=start["id"], is_error=False, model_usage={})
    idle = _fake(7, "session.status_idle", stop_reason={"type": "end_turn"})
    delta = {"type": "content_delta", "index": 0, "content": {"type": "text", "text": "the "}}
    frames = [
        _frame({"type": "event_start", "event": {"id": reply["id"], "type": "agent.message"}}, persisted=False),
        _frame({"type": "event_delta", "event_id": reply["id"], "delta": delta}, persisted=False),
        _frame({"type": "event_start", "event": {"id": "sevt_fake_never", "type": "agent.message"}}, persisted=False),
        _frame({"type": "event_start", "event": {"id": thought["id"], "type": "agent.thinking"}}, persisted=False),
        _frame(said),  # already in the history
        _frame(running),
        _frame(start),
        _frame(thought),
        _frame(reply),
        _frame(end),
        _frame(idle),
    ]

    def history_route(route: Route) -> None:
        route.fulfill(json={"data": [said], "next_page": None, "prev_page": None})

    def stream_route(route: Route) -> None:
        body = ": connected\n\n" + "".join(frames)
        route.fulfill(status=200, headers={"content-type": "text/event-stream"}, body=body)

    page = context.new_page()
    errors = console_errors(page)
    page.route(lambda url: url.split("?")[0].endswith(f"/v1/sessions/{sid}/events"), history_route)
    page.route(lambda url: url.split("?")[0].endswith(f"/v1/sessions/{sid}/events/stream"), stream_route)
    page.goto(f"{kinds_platform.base_url}/console/")
    page.get_by_label("API key").fill(kinds_tenant.api_key)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Sessions")).to_be_visible()
    page.goto(f"{kinds_platform.base_url}/console/#/sessions/{sid}")
    expect(page.locator("#connection")).to_have_text("closed")  # the routed stream ends after its frames
    assert shown_events(page) == [e["id"] for e in (said, running, start, thought, reply, end, idle)]
    expect(_rows(page, "agent.message")).to_have_text(re.compile("the committed reply"))
    expect(page.locator("#timeline [data-preview-id]")).to_have_count(0)
    expect(page.locator("#session-status")).to_have_text("idle")
    assert errors == []
