"""One Session per model adapter on the real components, each against a local stand-in speaking its wire
format: the ``messages`` adapter (the Messages fake) and the ``openai-chat`` adapter in three server styles
(OpenAI itself; vLLM: no key, its own model name, reasoning in ``reasoning_content`` and not replayed;
Ollama: no key, ``reasoning``, whole tool calls without an index, no streamed usage).

Each Session runs a text turn, a custom tool round trip, a worker ``bash`` call through the Python worker
kit and an ``always_ask`` approval (allowed, then run by the worker); every request the stand-in received
is rebuilt byte for byte by ``mango session inspect``. The Agent's ``max_tokens`` is sent by every
adapter, ``speed`` only where the entry declares fast mode (refused at Agent create otherwise), and a
model without native web fetch is given the platform-managed ``web_fetch`` as a regular tool.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml
from mango_server.devstack import DevStack, Platform, Tenant

from ..support.fake_messages import FakeMessagesServer, MessageReply
from ..support.fake_openai import ChatReply, FakeOpenAIServer, FakeToolCall
from ._client import CUSTOM_TOOL, client, history, say, wait_status
from .test_worker_kit_live import drain_worker

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(300)]

MESSAGES_KEY = "sk-matrix-messages"
OPENAI_KEY = "sk-matrix-openai"
MAX_OUTPUT = 4096
TOOLSET = {
    "type": "agent_toolset_20260401",
    "configs": [
        {"name": "web_search", "enabled": False},
        {"name": "bash", "permission_policy": {"type": "always_allow"}},
        {"name": "write", "permission_policy": {"type": "always_ask"}},
    ],
}


@dataclass(frozen=True)
class Style:
    """How one adapter's stand-in answers and what its requests look like."""

    model: str  # the catalogue id
    entry: dict[str, Any]  # the catalogue entry, without base_url
    make_server: Callable[[], FakeMessagesServer | FakeOpenAIServer]
    text: Callable[[str], Any]
    tool_call: Callable[[str, str, dict[str, Any]], Any]
    tool_results: Callable[[dict[str, Any]], dict[str, str]]  # tool-call id -> result text, from a request body
    tool_names: Callable[[dict[str, Any]], dict[str, dict[str, Any]]]  # declared tools by name
    max_tokens_field: str = "max_tokens"
    fast_mode: bool = False


def _messages_results(body: dict[str, Any]) -> dict[str, str]:
    out: dict[str, str] = {}
    for message in body["messages"]:
        for block in message["content"] if isinstance(message["content"], list) else []:
            if block.get("type") == "tool_result":
                content = block.get("content")
                text = content if isinstance(content, str) else "".join(c.get("text", "") for c in content or [])
                out[block["tool_use_id"]] = text
    return out


def _chat_results(body: dict[str, Any]) -> dict[str, str]:
    out: dict[str, str] = {}
    for message in body["messages"]:
        if message["role"] == "tool":
            content = message["content"]
            text = content if isinstance(content, str) else "".join(c.get("text", "") for c in content)
            out[message["tool_call_id"]] = text
    return out


def _messages_tool_call(call_id: str, name: str, arguments: dict[str, Any]) -> MessageReply:
    blocks = [{"type": "text", "text": f"Calling {name}."}, {"type": "tool_use", "id": call_id, "name": name}]
    blocks[1]["input"] = arguments
    return MessageReply(content=blocks, stop_reason="tool_use", chunk_size=5)


def _chat_style(model_id: str, entry: dict[str, Any], *, key: str | None, **reply: Any) -> Style:
    def tool_call(call_id: str, name: str, arguments: dict[str, Any]) -> ChatReply:
        call = FakeToolCall(call_id, name, json.dumps(arguments))
        return ChatReply(content=None, tool_calls=[call], reasoning=f"I should use {name}.", chunk_size=5, **reply)

    return Style(
        model=model_id,
        entry={"id": model_id, "adapter": "openai-chat", **entry},
        make_server=lambda: FakeOpenAIServer(api_key=key),
        text=lambda text: ChatReply(content=text, chunk_size=5, **reply),
        tool_call=tool_call,
        tool_results=_chat_results,
        tool_names=lambda body: {t["function"]["name"]: t for t in body.get("tools") or []},
        max_tokens_field=str((entry.get("options") or {}).get("max_tokens_field", "max_tokens")),
    )


WINDOW = {"context_window": 32768, "max_output_tokens": MAX_OUTPUT}
STYLES = {
    "messages": Style(
        model="matrix-claude",
        entry={
            "id": "matrix-claude",
            "adapter": "messages",
            "credential": {"env": "MATRIX_MESSAGES_KEY"},
            "headers": {"anthropic-beta": "fast-mode-2026-02-01"},
            "capabilities": {"fast_mode": True, "parallel_tool_calls": True},
            **WINDOW,
        },
        make_server=lambda: FakeMessagesServer(api_key=MESSAGES_KEY),
        text=lambda text: MessageReply(content=[{"type": "text", "text": text}], chunk_size=5),
        tool_call=_messages_tool_call,
        tool_results=_messages_results,
        tool_names=lambda body: {t["name"]: t for t in body.get("tools") or []},
        fast_mode=True,
    ),
    "openai-chat": _chat_style(
        "matrix-gpt",
        {"credential": {"env": "MATRIX_OPENAI_KEY"}, "capabilities": {"parallel_tool_calls": True}, **WINDOW},
        key=OPENAI_KEY,
    ),
    "openai-chat-vllm": _chat_style(
        "matrix-vllm",
        {"provider_model": "Qwen/Qwen2.5-7B-Instruct", "options": {"replay_reasoning": False}, **WINDOW},
        key=None,
        reasoning_field="reasoning_content",
        model="Qwen/Qwen2.5-7B-Instruct",
    ),
    "openai-chat-ollama": _chat_style(
        "matrix-ollama",
        {"options": {"include_usage": False, "max_tokens_field": "max_completion_tokens"}, **WINDOW},
        key=None,
        reasoning_field="reasoning",
        whole_tool_calls=True,
        model="llama3.1",
    ),
}


@pytest.fixture(scope="module")
def fakes() -> Iterator[dict[str, FakeMessagesServer | FakeOpenAIServer]]:
    servers = {name: style.make_server() for name, style in STYLES.items()}
    for server in servers.values():
        server.start()
    try:
        yield servers
    finally:
        for server in servers.values():
            server.stop()


@pytest.fixture(scope="module")
def platform(
    mango_services: DevStack,
    fakes: dict[str, FakeMessagesServer | FakeOpenAIServer],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Platform]:
    folder = tmp_path_factory.mktemp("matrix")
    offline = {"id": "mango-offline-1", "adapter": "offline", "context_window": 200000, "max_output_tokens": 8192}
    entries = [{**style.entry, "base_url": fakes[name].base_url} for name, style in STYLES.items()]
    catalogue = folder / "models.yaml"
    catalogue.write_text(yaml.safe_dump({"default": "mango-offline-1", "models": [offline, *entries]}))
    env = {"MANGO_MODELS_FILE": str(catalogue), "MATRIX_MESSAGES_KEY": MESSAGES_KEY, "MATRIX_OPENAI_KEY": OPENAI_KEY}
    running = Platform(mango_services, folder, extra_env=env)
    running.start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def tenant(platform: Platform) -> Tenant:
    return platform.create_tenant("matrix")


def _ok(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    return dict(response.json())


def _mango(platform: Platform, *args: str) -> bytes:
    done = subprocess.run(
        [sys.executable, "-m", "mango_server", *args],
        env={**os.environ, **platform.env()},
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout


def _events(http: httpx.Client, sid: str, kind: str) -> list[dict[str, Any]]:
    return [e for e in history(http, sid) if e["type"] == kind]


def _wait_for(http: httpx.Client, sid: str, kind: str, count: int) -> list[dict[str, Any]]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        found = _events(http, sid, kind)
        if len(found) >= count:
            return found
        time.sleep(0.1)
    raise AssertionError(f"fewer than {count} {kind} events")


@pytest.mark.parametrize("style_name", list(STYLES))
def test_a_session_runs_every_kind_of_turn_on_each_adapter(
    platform: Platform,
    tenant: Tenant,
    fakes: dict[str, FakeMessagesServer | FakeOpenAIServer],
    style_name: str,
    tmp_path: Path,
) -> None:
    style, fake = STYLES[style_name], fakes[style_name]
    fake.reset()
    model: dict[str, Any] = {"id": style.model, "max_tokens": 1000}
    if style.fast_mode:
        model["speed"] = "fast"
    with client(platform, tenant) as http:
        agent = _ok(http.post("/v1/agents", json={"name": style_name, "model": model, "tools": [TOOLSET, CUSTOM_TOOL]}))
        env = _ok(http.post("/v1/environments", json={"name": f"matrix-{style_name}-{time.monotonic_ns()}"}))
        sid = str(_ok(http.post("/v1/sessions", json={"agent": agent["id"], "environment_id": env["id"]}))["id"])

        # A text turn.
        fake.enqueue(style.text(f"Hello from {style_name}."))
        say(http, sid, "hello")
        wait_status(http, sid, "end_turn", timeout=60)
        assert _events(http, sid, "agent.message")[-1]["content"] == [
            {"type": "text", "text": f"Hello from {style_name}."}
        ]

        # A custom tool round trip: the result goes back under the model's exact tool-call id.
        fake.enqueue(style.tool_call("call_weather_1", "get_weather", {"city": "Paris"}), style.text("Sunny, then."))
        say(http, sid, "weather?")
        [pending] = wait_status(http, sid, "requires_action", timeout=60)["stop_reason"]["event_ids"]
        [use] = _events(http, sid, "agent.custom_tool_use")
        assert (use["id"], use["name"], use["input"]) == (pending, "get_weather", {"city": "Paris"})
        result = {"type": "user.custom_tool_result", "custom_tool_use_id": pending}
        result["content"] = [{"type": "text", "text": "sunny, 21C"}]
        _ok(http.post(f"/v1/sessions/{sid}/events", json={"events": [result]}))
        wait_status(http, sid, "end_turn", timeout=60)
        assert style.tool_results(fake.bodies()[-1]) == {"call_weather_1": "sunny, 21C"}

        # A built-in bash call, run by the Python worker kit.
        fake.enqueue(
            style.tool_call("call_bash_1", "bash", {"command": f"echo ran-on-{style_name}"}), style.text("Ran.")
        )
        say(http, sid, "run it")
        _wait_for(http, sid, "agent.tool_use", 1)
        drain_worker(platform, tenant, env["id"], tmp_path, max_idle=1.0, memory_sync_interval=None)
        wait_status(http, sid, "end_turn", timeout=60)
        [bash_result] = _events(http, sid, "user.tool_result")
        assert not bash_result.get("is_error"), bash_result
        assert f"ran-on-{style_name}" in style.tool_results(fake.bodies()[-1])["call_bash_1"]

        # An always_ask call: the Session waits for approval; once allowed, the worker runs it.
        write = {"file_path": "approved.txt", "content": f"approved on {style_name}\n"}
        fake.enqueue(style.tool_call("call_write_1", "write", write), style.text("Written."))
        say(http, sid, "write it")
        [ask] = wait_status(http, sid, "requires_action", timeout=60)["stop_reason"]["event_ids"]
        allow = {"type": "user.tool_confirmation", "tool_use_id": ask, "result": "allow"}
        _ok(http.post(f"/v1/sessions/{sid}/events", json={"events": [allow]}))
        _wait_for(http, sid, "agent.tool_use", 2)
        drain_worker(platform, tenant, env["id"], tmp_path, max_idle=1.0, memory_sync_interval=None)
        wait_status(http, sid, "end_turn", timeout=60)
        assert (tmp_path / "approved.txt").read_text() == f"approved on {style_name}\n"
        assert "call_write_1" in style.tool_results(fake.bodies()[-1])
        assert not _events(http, sid, "session.error")

    # What each adapter sent: the Agent's max_tokens, speed only where fast mode is declared, and the
    # platform-managed web_fetch as a regular tool (no entry declares native web fetch).
    bodies = fake.bodies()
    assert len(bodies) == 7  # text 1, custom tool 2, bash 2, approved write 2
    for body in bodies:
        assert body[style.max_tokens_field] == 1000
        assert body.get("speed") == ("fast" if style.fast_mode else None)
        declared = style.tool_names(body)
        assert {"bash", "write", "web_fetch", "get_weather"} <= set(declared)
        assert "web_search" not in declared
    assert "type" not in declared["web_fetch"] or declared["web_fetch"]["type"] in ("custom", "function")

    # mango session inspect rebuilds, byte for byte, every body the stand-in received.
    listing = [json.loads(line) for line in _mango(platform, "session", "inspect", sid).decode().splitlines()]
    assert len(listing) == len(fake.requests)
    for row, sent in zip(listing, fake.requests, strict=True):
        assert _mango(platform, "session", "inspect", sid, "--request", row["id"]) == sent.body + b"\n"


@pytest.mark.parametrize("style_name", list(STYLES))
def test_max_tokens_and_speed_the_endpoint_cannot_honour_are_refused_at_create(
    platform: Platform, tenant: Tenant, style_name: str
) -> None:
    style = STYLES[style_name]
    with client(platform, tenant) as http:
        over = http.post(
            "/v1/agents", json={"name": "over", "model": {"id": style.model, "max_tokens": MAX_OUTPUT + 1}}
        )
        assert over.status_code == 400, over.text
        assert f"model.max_tokens: {MAX_OUTPUT + 1} exceeds the output limit" in over.json()["error"]["message"]
        fast = http.post(
            "/v1/agents", json={"name": "fast", "model": {"id": style.model, "speed": "fast"}, "tools": [TOOLSET]}
        )
        if style.fast_mode:
            assert fast.status_code == 200, fast.text
        else:
            assert fast.status_code == 400, fast.text
            assert "its endpoint has no fast mode" in fast.json()["error"]["message"]
        searching = http.post(
            "/v1/agents", json={"name": "search", "model": style.model, "tools": [{"type": "agent_toolset_20260401"}]}
        )
        assert searching.status_code == 400, searching.text
        assert f"{style.model!r} has no native web search" in searching.json()["error"]["message"]
