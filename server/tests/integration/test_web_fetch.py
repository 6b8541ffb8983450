"""The platform-managed ``web_fetch`` end to end: the offline model has no native web tools, so its
Sessions get the managed executor, run by the orchestrator through the egress guard against a
loopback HTTP server admitted only by ``MANGO_EGRESS_ALLOW``; ``always_ask`` waits for a
confirmation, ``auto`` is decided by the evaluator, more than 5 redirects are refused, a
platform without the allowlist refuses the loopback address, and a fetch cut off by a crash of the
orchestrator (``kill -9``) is answered ``ambiguous`` and never fetched twice."""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar

import httpx
import psycopg
import pytest
from mango_server.devstack import DevStack, Platform

from ._client import history, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(240)]

PAGE = b"""<html><head><title>Mango fruit</title><script>var secret = 1;</script></head>
<body><h1>About mangoes</h1><p>The mango is a <a href="/stone">stone fruit</a>.</p>
<ul><li>Alphonso</li><li>Kent</li></ul></body></html>"""


class _Site(BaseHTTPRequestHandler):
    hits: ClassVar[Counter[str]] = Counter()
    release: ClassVar[threading.Event] = threading.Event()  # ends the answer of a /hang request

    def do_GET(self) -> None:
        _Site.hits[self.path] += 1
        if self.path.startswith("/hang"):
            _Site.release.wait(60)
        if self.path.startswith("/hop/"):
            left = int(self.path.rsplit("/", 1)[1])
            self.send_response(302)
            self.send_header("location", f"/hop/{left - 1}" if left > 1 else "/page")
            self.send_header("content-length", "0")
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("content-type", "text/html; charset=utf-8")
        self.send_header("content-length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Site)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _start(services: DevStack, path: Any, env: dict[str, str]) -> Platform:
    running = Platform(services, path, extra_env=env)
    running.start()
    return running


@pytest.fixture(scope="module")
def platform(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    running = _start(mango_services, tmp_path_factory.mktemp("webfetch"), {"MANGO_EGRESS_ALLOW": "127.0.0.1/32"})
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def http(platform: Platform) -> Iterator[httpx.Client]:
    tenant = platform.create_tenant("webfetch")
    with httpx.Client(
        base_url=platform.base_url, headers={"authorization": f"Bearer {tenant.api_key}"}, timeout=30
    ) as client:
        yield client


def _session(http: httpx.Client, policy: str) -> str:
    toolset = {
        "type": "agent_toolset_20260401",
        "default_config": {"enabled": False},
        "configs": [{"name": "web_fetch", "enabled": True, "permission_policy": {"type": policy}}],
    }
    agent = http.post("/v1/agents", json={"name": "fetcher", "model": "mango-offline-1", "tools": [toolset]})
    assert agent.status_code == 200, agent.text
    env = http.post("/v1/environments", json={"name": f"fetch-{time.monotonic_ns()}"})
    assert env.status_code == 200, env.text
    session = http.post("/v1/sessions", json={"agent": agent.json()["id"], "environment_id": env.json()["id"]})
    assert session.status_code == 200, session.text
    return str(session.json()["id"])


def _of(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def _fetch(url: str) -> str:
    return '/tool web_fetch {"url": "' + url + '"}'


def _pinned(platform: Platform, session_id: str) -> str | None:
    with psycopg.connect(platform.database_url) as conn:
        row = conn.execute(
            "SELECT web_fetch FROM session_tool_profiles WHERE session_id = %s", (session_id,)
        ).fetchone()
    return None if row is None else str(row[0])


def test_an_allowed_fetch_returns_the_page_as_markdown(platform: Platform, http: httpx.Client, site: str) -> None:
    sid = _session(http, "always_allow")
    say(http, sid, _fetch(f"{site}/page"))
    wait_status(http, sid, "end_turn", timeout=60)
    events = history(http, sid)
    [use] = _of(events, "agent.tool_use")
    assert (use["name"], use["input"], use["evaluated_permission"]) == ("web_fetch", {"url": f"{site}/page"}, "allow")
    [result] = _of(events, "agent.tool_result")
    assert result["tool_use_id"] == use["id"]
    assert result["is_error"] is False
    text = result["content"][0]["text"]
    assert "# About mangoes" in text
    assert f"[stone fruit]({site}/stone)" in text
    assert "- Alphonso" in text
    assert "secret" not in text
    assert "About mangoes" in _of(events, "agent.message")[-1]["content"][0]["text"]  # the model got the result
    assert _pinned(platform, sid) == "managed"  # the offline model has no native web fetch
    with psycopg.connect(platform.database_url) as conn:
        row = conn.execute(
            "SELECT mango_request_recipe(id)->'tools' FROM model_requests WHERE session_id = %s ORDER BY seq LIMIT 1",
            (sid,),
        ).fetchone()
    assert row is not None
    [declared] = [t for t in row[0] if t["name"] == "web_fetch"]
    assert declared["input_schema"]["required"] == ["url"]  # a regular tool declaration, not a server tool
    assert declared["kind"] != "provider_native"


def test_redirects_are_followed_up_to_five(http: httpx.Client, site: str) -> None:
    sid = _session(http, "always_allow")
    say(http, sid, _fetch(f"{site}/hop/5"))
    wait_status(http, sid, "end_turn", timeout=60)
    [ok] = _of(history(http, sid), "agent.tool_result")
    assert ok["is_error"] is False
    assert "# About mangoes" in ok["content"][0]["text"]
    say(http, sid, _fetch(f"{site}/hop/6"))
    wait_status(http, sid, "end_turn", timeout=60)
    refused = _of(history(http, sid), "agent.tool_result")[-1]
    assert refused["is_error"] is True
    assert "redirect" in refused["content"][0]["text"]


def test_always_ask_waits_for_a_confirmation(http: httpx.Client, site: str) -> None:
    sid = _session(http, "always_ask")
    before = _Site.hits["/page?ask"]
    say(http, sid, _fetch(f"{site}/page?ask"))
    session = wait_status(http, sid, "requires_action", timeout=60)
    [use] = _of(history(http, sid), "agent.tool_use")
    assert use["evaluated_permission"] == "ask"
    assert session["stop_reason"]["event_ids"] == [use["id"]]
    assert _Site.hits["/page?ask"] == before  # nothing is fetched before the approval
    confirm = {"type": "user.tool_confirmation", "tool_use_id": use["id"], "result": "allow"}
    assert http.post(f"/v1/sessions/{sid}/events", json={"events": [confirm]}).status_code == 200
    wait_status(http, sid, "end_turn", timeout=60)
    [result] = _of(history(http, sid), "agent.tool_result")
    assert result["is_error"] is False
    assert _Site.hits["/page?ask"] == before + 1

    say(http, sid, _fetch(f"{site}/page?denied"))
    wait_status(http, sid, "requires_action", timeout=60)
    second = _of(history(http, sid), "agent.tool_use")[-1]
    deny = {"type": "user.tool_confirmation", "tool_use_id": second["id"], "result": "deny"}
    assert http.post(f"/v1/sessions/{sid}/events", json={"events": [deny]}).status_code == 200
    wait_status(http, sid, "end_turn", timeout=60)
    assert _Site.hits["/page?denied"] == 0


def test_auto_is_decided_by_the_evaluator(http: httpx.Client, site: str) -> None:
    sid = _session(http, "auto")
    say(http, sid, _fetch(f"{site}/page?mango-auto:deny"))
    wait_status(http, sid, "end_turn", timeout=60)
    events = history(http, sid)
    [use] = _of(events, "agent.tool_use")
    assert use["evaluated_permission"] == "deny"
    assert use["evaluation"]["reason_type"] == "high_risk"
    [result] = _of(events, "agent.tool_result")
    assert result["is_error"] is True
    assert "denied" in result["content"][0]["text"]
    assert _Site.hits["/page?mango-auto:deny"] == 0  # a denied call never runs
    say(http, sid, _fetch(f"{site}/page?auto"))
    wait_status(http, sid, "requires_action", timeout=60)
    asked = _of(history(http, sid), "agent.tool_use")[-1]
    assert (asked["evaluated_permission"], asked["evaluation"]["reason_type"]) == ("ask", "uncertain")


def test_without_the_allowlist_the_loopback_address_is_refused(
    mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory, site: str
) -> None:
    running = _start(mango_services, tmp_path_factory.mktemp("webfetch-default"), {})
    try:
        tenant = running.create_tenant("webfetch-default")
        with httpx.Client(
            base_url=running.base_url, headers={"authorization": f"Bearer {tenant.api_key}"}, timeout=30
        ) as client:
            sid = _session(client, "always_allow")
            before = _Site.hits["/page?default"]
            say(client, sid, _fetch(f"{site}/page?default"))
            wait_status(client, sid, "end_turn", timeout=60)
            [result] = _of(history(client, sid), "agent.tool_result")
    finally:
        running.stop()
    assert result["is_error"] is True
    assert "egress refused" in result["content"][0]["text"]
    assert "loopback" in result["content"][0]["text"]
    assert _Site.hits["/page?default"] == before


def test_a_fetch_cut_off_by_an_orchestrator_crash_is_ambiguous_and_not_fetched_again(
    mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory, site: str
) -> None:
    running = _start(mango_services, tmp_path_factory.mktemp("webfetch-crash"), {"MANGO_EGRESS_ALLOW": "127.0.0.1/32"})
    try:
        tenant = running.create_tenant("webfetch-crash")
        with httpx.Client(
            base_url=running.base_url, headers={"authorization": f"Bearer {tenant.api_key}"}, timeout=30
        ) as client:
            sid = _session(client, "always_allow")
            say(client, sid, _fetch(f"{site}/hang"))
            deadline = time.monotonic() + 60
            while _Site.hits["/hang"] == 0:  # the request reached the site: the journal says started
                assert time.monotonic() < deadline, "the fetch never reached the site"
                time.sleep(0.05)
            running.kill_role("orchestrator")
            _Site.release.set()
            running.start_role("orchestrator")
            wait_status(client, sid, "end_turn", timeout=120)
            events = history(client, sid)
    finally:
        _Site.release.set()
        running.stop()
    [result] = _of(events, "agent.tool_result")
    assert (result["outcome"], result["is_error"]) == ("ambiguous", True)
    assert "not fetched again" in result["content"][0]["text"]
    assert "(error): The outcome of this fetch is unknown" in _of(events, "agent.message")[-1]["content"][0]["text"]
    assert _Site.hits["/hang"] == 1  # never a second fetch
