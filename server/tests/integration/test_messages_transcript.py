"""Turns through the Messages API adapter against a local server speaking its wire format: the
provider's blocks (server tools, opaque fields, unknown types) are replayed exactly in the next
request, and provider tool-use ids are mapped to public event ids."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from mango_server.devstack import DevStack, Platform

from ..support.fake_messages import FakeMessagesServer, MessageReply
from ._client import client, history, new_session, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]

API_KEY = "sk-fake-transcript-key"
OPAQUE_BLOCKS: list[dict[str, Any]] = [
    {"type": "text", "text": "Searching."},
    {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {"query": "mango"}},
    {
        "type": "web_search_tool_result",
        "tool_use_id": "srvtoolu_1",
        "content": [{"type": "web_search_result", "url": "https://example.invalid", "encrypted_content": "Zm9vYmFy"}],
        "zz_unknown_first": {"b": 2, "a": 1},
    },
    {"type": "brand_new_block", "payload": {"z": [3, 2, 1], "a": None}, "citations": []},
    {"type": "text", "text": "Found it."},
]


@pytest.fixture
def fake() -> Iterator[FakeMessagesServer]:
    with FakeMessagesServer(api_key=API_KEY) as server:
        yield server


@pytest.fixture
def platform(
    mango_services: DevStack, fake: FakeMessagesServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Platform]:
    running = Platform(mango_services, tmp_path_factory.mktemp("messages"))
    running.extra_env = {
        "MANGO_MODEL_PROVIDER": "messages",
        "MANGO_MODEL_BASE_URL": fake.base_url,
        "MANGO_MODEL_API_KEY": API_KEY,
    }
    running.start()
    try:
        yield running
    finally:
        running.stop()


def _assistant_blocks(body: dict[str, Any]) -> list[str]:
    return [json.dumps(block) for m in body["messages"] if m["role"] == "assistant" for block in m["content"]]


def test_transcript_is_replayed_exactly_and_tool_ids_are_mapped(platform: Platform, fake: FakeMessagesServer) -> None:
    fake.enqueue(
        MessageReply(content=OPAQUE_BLOCKS),
        MessageReply(
            content=[{"type": "tool_use", "id": "toolu_provider_9", "name": "get_weather", "input": {"city": "Oslo"}}],
            stop_reason="tool_use",
        ),
        MessageReply(content=[{"type": "text", "text": "Cold."}]),
    )
    tenant = platform.create_tenant("messages")
    with client(platform, tenant) as http:
        sid = new_session(http, "messages")
        say(http, sid, "first")
        wait_status(http, sid, "end_turn")
        say(http, sid, "second")
        session = wait_status(http, sid, "requires_action")
        [event_id] = session["stop_reason"]["event_ids"]
        assert event_id.startswith("sevt_")
        http.post(
            f"/v1/sessions/{sid}/events",
            json={
                "events": [
                    {
                        "type": "user.custom_tool_result",
                        "custom_tool_use_id": event_id,
                        "content": [{"type": "text", "text": "-3C"}],
                    }
                ]
            },
        ).raise_for_status()
        wait_status(http, sid, "end_turn")
        events = history(http, sid)
    first, second, third = (r.json() for r in fake.requests)
    # Every provider block of turn 1, unknown fields and key order included, goes back unchanged.
    assert _assistant_blocks(second) == [json.dumps(b) for b in OPAQUE_BLOCKS]
    assert second["messages"][0]["content"] == first["messages"][0]["content"]
    # The public id maps back to the provider's tool-use id.
    tool_result = third["messages"][-1]["content"][0]
    assert tool_result["type"] == "tool_result"
    assert tool_result["tool_use_id"] == "toolu_provider_9"
    assert not any("toolu_provider_9" in json.dumps(e) for e in events)
    assert next(e for e in events if e["type"] == "agent.message")["content"] == [
        {"type": "text", "text": "Searching."},
        {"type": "text", "text": "Found it."},
    ]
    # The model key is sent to the provider but never appears in public history.
    assert all(r.headers.get("x-api-key") == API_KEY for r in fake.requests)
    assert API_KEY not in json.dumps(events)
