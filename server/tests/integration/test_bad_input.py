"""Hostile input on the real stack: every case here answered 500 once and must answer a 4xx envelope.

Also the partial resolution of a ``requires_action`` barrier (the Session re-announces what is
still owed) and the total bytes one request may snapshot from File documents. The api runs with
``MANGO_VALIDATE_RESPONSES=true``, so a response that would break the contract is a 500 too.
"""

from __future__ import annotations

import base64
import json
import socket
from pathlib import Path
from typing import Any

import httpx
import pytest
from mango_server.devstack import DevStack, Platform, Tenant

from ._client import CUSTOM_TOOL, client, history, new_session, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(240)]


def _refused(response: httpx.Response, status: int = 400) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert body["type"] == "error", body
    assert body["error"]["type"], body
    return body


def _agent(http: httpx.Client, **extra: Any) -> httpx.Response:
    return http.post("/v1/agents", json={"name": "probe", "model": "mango-offline-1", **extra})


def test_nul_in_body_strings_names_and_metadata_keys(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        _refused(_agent(http, name="pro\x00be"))
        _refused(_agent(http, metadata={"k\x00": "v"}))
        _refused(http.post("/v1/environments", json={"name": "env", "metadata": {"k": "v\x00"}}))
        sid = new_session(http, "nul")
        message = {"type": "user.message", "content": [{"type": "text", "text": "hello\x00world"}]}
        _refused(http.post(f"/v1/sessions/{sid}/events", json={"events": [message]}))
        # httpx would escape the NUL in a filename (%00), so the multipart body is written by hand.
        form = (
            b"--b0undary\r\n"
            b'Content-Disposition: form-data; name="file"; filename="a\x00b.txt"\r\n'
            b"Content-Type: text/plain\r\n\r\ndata\r\n--b0undary--\r\n"
        )
        kind = {"content-type": "multipart/form-data; boundary=b0undary"}
        upload = http.post("/v1/files", content=form, headers=kind)
        _refused(upload)


def test_nul_in_path_and_query_parameters(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        _refused(http.get("/v1/agents/agent_%00x"))
        _refused(http.get("/v1/sessions", params={"agent_id": "agent_\x00"}))
        _refused(http.get("/v1/agents", params={"page": "\x00"}))


def test_invalid_percent_encoding_or_utf8_in_a_path_id(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        for path in ("/v1/agents/%FF%FE", "/v1/sessions/sesn_%C3%28", "/v1/files/%ED%A0%80"):
            body = http.get(path)
            assert 400 <= body.status_code < 500, (path, body.text)
            assert body.json()["type"] == "error"
        body = http.get("/v1/agents/agent_%ZZ")  # not an escape at all: just an id that does not exist
        assert body.status_code == 404, body.text


def test_raw_non_ascii_bytes_in_the_path(mango_platform: Platform, mango_tenant: Tenant) -> None:
    """A request line with raw bytes past ASCII: the server answers 4xx (never 500) or closes."""
    with socket.create_connection(("127.0.0.1", mango_platform.api_port), timeout=10) as sock:
        sock.sendall(b"GET /v1/agents/\xff\xfe HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + b"k" * 8 + b"\r\n\r\n")
        reply = sock.recv(4096)
    if reply:
        status = int(reply.split(b" ", 2)[1])
        assert 400 <= status < 500, reply[:200]


def test_null_for_a_non_nullable_field_on_update(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        agent = _agent(http).json()
        for field in ("name", "model", "tools", "metadata"):
            body = _refused(http.post(f"/v1/agents/{agent['id']}", json={field: None}))
            assert field in body["error"]["message"]
        cleared = http.post(f"/v1/agents/{agent['id']}", json={"description": None})  # nullable: allowed
        assert cleared.status_code == 200, cleared.text
        env = http.post("/v1/environments", json={"name": "nullable-env"}).json()
        _refused(http.post(f"/v1/environments/{env['id']}", json={"name": None}))
        store = http.post("/v1/memory_stores", json={"name": "notes"}).json()
        _refused(http.post(f"/v1/memory_stores/{store['id']}", json={"metadata": None}))


def test_null_custom_tool_description_is_refused_not_echoed(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        _refused(_agent(http, tools=[{**CUSTOM_TOOL, "description": None}]))


@pytest.mark.parametrize(
    "key", [[{"x": 1}, "agent_1"], [17, "agent_1"], ["yesterday", "agent_1"], ["2026-01-01T00:00:00+00:00", 5]]
)
def test_forged_cursor_with_wrongly_typed_keys(mango_platform: Platform, mango_tenant: Tenant, key: list[Any]) -> None:
    forged = json.dumps({"o": "desc", "d": "after", "k": key}).encode()
    page = base64.urlsafe_b64encode(forged).decode().rstrip("=")
    with client(mango_platform, mango_tenant) as http:
        _refused(http.get("/v1/agents", params={"page": page}))
        _refused(http.get("/v1/files", params={"page": page}))


def test_forged_event_cursor(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "cursor")
        for key in (["3"], [2**70]):
            raw = json.dumps({"o": "asc", "d": "after", "k": key}).encode()
            page = base64.urlsafe_b64encode(raw).decode().rstrip("=")
            _refused(http.get(f"/v1/sessions/{sid}/events", params={"page": page}))


def test_non_ascii_digit_as_a_skill_version(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        for version in ("\u00b2", "\u0663", "\uff11"):
            response = http.get(f"/v1/skills/skill_none/versions/{version}")
            assert response.status_code in (400, 404), response.text
            assert response.json()["type"] == "error"


def test_a_2048_character_mcp_url_is_echoed_exactly(mango_platform: Platform, mango_tenant: Tenant) -> None:
    url = "https://mcp.example.com" + "/a" * 1012 + "b"
    assert len(url) == 2048
    with client(mango_platform, mango_tenant) as http:
        created = _agent(http, mcp_servers=[{"type": "url", "name": "docs", "url": url}])
        assert created.status_code == 200, created.text
        assert created.json()["mcp_servers"][0]["url"] == url
        host_only = _agent(http, mcp_servers=[{"type": "url", "name": "h", "url": "https://mcp.example.com"}])
        assert host_only.json()["mcp_servers"][0]["url"] == "https://mcp.example.com"
        _refused(_agent(http, mcp_servers=[{"type": "url", "name": "f", "url": "ftp://mcp.example.com/x"}]))


def test_a_5000_deep_input_schema(mango_platform: Platform, mango_tenant: Tenant) -> None:
    deep = '{"items": ' * 5000 + "{}" + "}" * 5000
    tool = json.dumps({**CUSTOM_TOOL, "input_schema": "SCHEMA"}).replace('"SCHEMA"', deep)
    body = '{"name": "deep", "model": "mango-offline-1", "tools": [' + tool + "]}"
    with client(mango_platform, mango_tenant) as http:
        response = http.post("/v1/agents", content=body, headers={"content-type": "application/json"})
        _refused(response)


def _rss_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def test_a_body_past_the_bound_is_refused_while_streaming(mango_platform: Platform, mango_tenant: Tenant) -> None:
    """A 256 MiB JSON body: 413 once 8 MiB arrived, the connection closed, the api's memory barely moves."""
    api_pid = mango_platform.processes["api"].pid
    before = _rss_bytes(api_pid)
    sent = 0

    def chunks() -> Any:
        nonlocal sent
        yield b'{"name": "'
        for _ in range(64 * 1024):  # up to 256 MiB, never sent whole
            sent += 4096
            yield b"a" * 4096

    with client(mango_platform, mango_tenant) as http:
        try:
            response = http.post("/v1/agents", content=chunks(), headers={"content-type": "application/json"})
        except httpx.TransportError:
            response = None  # the server answered and closed before the client finished sending
        if response is not None:
            _refused(response, 413)
    assert sent < 64 * 1024 * 1024, f"the server kept reading: {sent} bytes"
    grown = _rss_bytes(api_pid) - before
    assert grown < 48 * 1024 * 1024, f"the api grew by {grown} bytes"


def test_the_offline_reply_to_a_long_message_respects_the_text_bound(
    mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory
) -> None:
    # The default 200,000-token window refuses a million-character message before the model answers;
    # a window far above it lets the reply's own bound be the one under test.
    env = {"MANGO_MODEL_WINDOWS": "mango-offline-1=4000000:4096"}
    platform = Platform(mango_services, tmp_path_factory.mktemp("long-reply"), extra_env=env).start()
    try:
        _long_reply(platform, platform.create_tenant("long-reply"))
    finally:
        platform.stop()


def _long_reply(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "long")
        say(http, sid, "x" * 999_999)
        wait_status(http, sid, "end_turn", timeout=60)
        reply = next(e for e in history(http, sid) if e["type"] == "agent.message")
        assert len(reply["content"][0]["text"]) == 1_000_000


def test_document_snapshots_are_bounded_per_request(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        uploaded = http.post("/v1/files", files={"file": ("big.txt", b"a" * 900_000, "text/plain")})
        assert uploaded.status_code == 200, uploaded.text
        file_id = uploaded.json()["id"]
        sid = new_session(http, "snapshots")
        block = {"type": "document", "source": {"type": "file", "file_id": file_id}}
        message = {"type": "user.message", "content": [{"type": "text", "text": "read"}] + [block] * 5}
        body = _refused(http.post(f"/v1/sessions/{sid}/events", json={"events": [message]}))
        assert "at most" in body["error"]["message"]
        one = {"type": "user.message", "content": [{"type": "text", "text": "read"}, block]}
        assert http.post(f"/v1/sessions/{sid}/events", json={"events": [one]}).status_code == 200


def test_a_partial_resolution_re_emits_idle_with_the_remaining_ids(
    mango_platform: Platform, mango_tenant: Tenant
) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "partial")
        say(http, sid, 'go\n/tool get_weather {"city": "Paris"}\n/tool get_weather {"city": "Rome"}')
        first, second = wait_status(http, sid, "requires_action")["stop_reason"]["event_ids"]
        result = {"type": "user.custom_tool_result", "custom_tool_use_id": first, "content": []}
        answered = http.post(f"/v1/sessions/{sid}/events", json={"events": [result]})
        assert answered.status_code == 200, answered.text
        session = http.get(f"/v1/sessions/{sid}").json()
        assert session["status"] == "idle"
        assert session["stop_reason"] == {"type": "requires_action", "event_ids": [second]}
        idles = [e for e in history(http, sid) if e["type"] == "session.status_idle"]
        assert idles[-1]["stop_reason"] == {"type": "requires_action", "event_ids": [second]}
        assert len(idles) == 2
        done = {"type": "user.custom_tool_result", "custom_tool_use_id": second, "content": []}
        http.post(f"/v1/sessions/{sid}/events", json={"events": [done]}).raise_for_status()
        wait_status(http, sid, "end_turn")


def test_non_finite_numbers_in_a_free_form_schema(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        for number in ("NaN", "Infinity", "1e999"):
            tool = json.dumps({**CUSTOM_TOOL, "input_schema": {"type": "number", "maximum": 0}})
            body = (
                '{"name": "nan", "model": "mango-offline-1", "tools": ['
                + tool.replace('"maximum": 0', f'"maximum": {number}')
                + "]}"
            )
            _refused(http.post("/v1/agents", content=body, headers={"content-type": "application/json"}))


def test_answering_the_whole_barrier_at_once_re_emits_nothing(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "whole")
        say(http, sid, 'go\n/tool get_weather {"city": "Paris"}\n/tool get_weather {"city": "Rome"}')
        ids = wait_status(http, sid, "requires_action")["stop_reason"]["event_ids"]
        results = [{"type": "user.custom_tool_result", "custom_tool_use_id": i, "content": []} for i in ids]
        http.post(f"/v1/sessions/{sid}/events", json={"events": results}).raise_for_status()
        wait_status(http, sid, "end_turn")
        stops = [e["stop_reason"]["type"] for e in history(http, sid) if e["type"] == "session.status_idle"]
        assert stops == ["requires_action", "end_turn"]
