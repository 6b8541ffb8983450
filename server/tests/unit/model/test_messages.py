"""Tests for the Messages API adapter against the local fake Messages server."""

from __future__ import annotations

import json
import logging
import socket
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from mango_server.model import (
    MessagesClient,
    ModelContextOverflowError,
    ModelError,
    ModelOverloadedError,
    ModelRequest,
    ModelRequestFailedError,
    ToolSpec,
    build_model_client,
    response_text,
    tool_uses,
)

from tests.support.fake_messages import (
    FakeMessagesServer,
    MessageReply,
    RawReply,
    error_body,
    message_events,
)

API_KEY = "sk-test-0123456789-secret"

SERVER_BLOCKS: list[dict[str, Any]] = [
    {"type": "text", "text": "Let me search for that."},
    {
        "type": "server_tool_use",
        "id": "srvtoolu_01",
        "name": "web_search",
        "input": {"query": "mango season", "nested": {"a": [1, 2.5, None, True]}},
        "caller": {"type": "direct"},
    },
    {
        "type": "web_search_tool_result",
        "tool_use_id": "srvtoolu_01",
        "content": [
            {
                "type": "web_search_result",
                "url": "https://example.com/mango",
                "title": "Mango – season ☀",
                "encrypted_content": "EqgfCioIARgBIiQ3YTAwMjY1Mi1mZjM5LTQ1NGUtODgxNC1kNjNjNTk1ZWI3Y2YSDGVuY3J5cHRlZA==",
                "page_age": None,
            }
        ],
    },
    {
        "type": "text",
        "text": "Mangoes peak in summer.",
        "citations": [
            {
                "type": "web_search_result_location",
                "url": "https://example.com/mango",
                "title": "Mango – season ☀",
                "encrypted_index": "Eo8BCioIAhgBIiQyYjQ0OWJmZi1lNm",
                "cited_text": "Mango season peaks in summer",
            }
        ],
    },
    {"type": "future_block_v9", "opaque": {"k": ["x", 1]}, "zeta": "last", "alpha": 0},
]


@pytest.fixture(scope="module")
def server() -> Iterator[FakeMessagesServer]:
    with FakeMessagesServer(api_key=API_KEY) as fake:
        yield fake


@pytest.fixture
def fake(server: FakeMessagesServer) -> Iterator[FakeMessagesServer]:
    server.reset()
    yield server
    server.reset()


@pytest.fixture
def sleeps() -> list[float]:
    return []


def _client(fake: FakeMessagesServer, sleeps: list[float], **kwargs: Any) -> MessagesClient:
    async def sleep(delay: float) -> None:
        sleeps.append(delay)

    return MessagesClient(api_key=API_KEY, base_url=fake.base_url, sleep=sleep, **kwargs)


def _request(messages: list[dict[str, Any]] | None = None, **kwargs: Any) -> ModelRequest:
    messages = messages or [{"role": "user", "content": [{"type": "text", "text": "hi"}]}]
    return ModelRequest(model="claude-fake", messages=messages, max_tokens=512, **kwargs)


async def test_streamed_rounds_reuse_one_connection(fake: FakeMessagesServer, sleeps: list[float]) -> None:
    """The rest of a stream after ``message_stop`` is read, so the connection goes back to the pool (closing
    an unfinished response closes its connection: every round would open one, a TLS handshake included)."""
    for turn in range(3):
        fake.enqueue(MessageReply([{"type": "text", "text": f"answer {turn}"}]))
    async with _client(fake, sleeps) as client:
        answers = [response_text(await client.create(_request())) for _ in range(3)]
    assert answers == ["answer 0", "answer 1", "answer 2"]
    assert len({request.client_port for request in fake.requests}) == 1


async def test_a_stream_kept_open_after_message_stop_is_not_waited_for(
    fake: FakeMessagesServer, sleeps: list[float]
) -> None:
    reply = MessageReply([{"type": "text", "text": "done"}])
    fake.enqueue(RawReply(events=message_events(reply), linger=60.0))
    fake.enqueue(MessageReply([{"type": "text", "text": "next"}]))
    async with _client(fake, sleeps) as client:
        started = time.monotonic()
        first = await client.create(_request())
        waited = time.monotonic() - started
        second = await client.create(_request())
    assert response_text(first) == "done"
    assert waited < 10  # the drain's bound, not the 60 s the response stays open
    assert response_text(second) == "next"  # over a new connection: the open one was closed


def _exact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


async def test_streams_text_and_sends_the_expected_request(fake: FakeMessagesServer, sleeps: list[float]) -> None:
    fake.enqueue(MessageReply([{"type": "text", "text": "Hello there, streaming world!"}], request_id="req_abc"))
    deltas: list[tuple[int, str]] = []

    async def on_delta(index: int, text: str) -> None:
        deltas.append((index, text))

    tools = (
        ToolSpec("read", "Read a file", {"type": "object", "properties": {"path": {"type": "string"}}}),
        ToolSpec("web_search", kind="provider_native", options={"max_uses": 3}),
    )
    async with _client(fake, sleeps) as client:
        response = await client.create(_request(system="Be brief.", tools=tools), on_delta)
    assert response.content == [{"type": "text", "text": "Hello there, streaming world!"}]
    assert response.stop_reason == "end_turn"
    assert (response.usage.input_tokens, response.usage.output_tokens) == (11, 7)
    assert response.request_id == "req_abc"
    assert response.message_id == "msg_fake_01"
    assert len(deltas) > 1
    assert "".join(text for _, text in deltas) == "Hello there, streaming world!"
    [received] = fake.requests
    assert received.path == "/v1/messages"
    assert received.headers["x-api-key"] == API_KEY
    assert received.headers["anthropic-version"] == "2023-06-01"
    assert received.headers["content-type"] == "application/json"
    body = received.json()
    assert (body["model"], body["system"], body["max_tokens"], body["stream"]) == (
        "claude-fake",
        "Be brief.",
        512,
        True,
    )
    assert body["tools"] == [
        {"name": "read", "description": "Read a file", "input_schema": tools[0].input_schema},
        {"type": "web_search_20250305", "name": "web_search", "max_uses": 3},
    ]


async def test_tool_use_input_is_parsed_from_json_deltas(fake: FakeMessagesServer, sleeps: list[float]) -> None:
    tool_input = {"command": "ls -la /tmp && echo 'done'", "timeout": 30, "env": {"A": "1"}}
    block = {"type": "tool_use", "id": "toolu_01", "name": "bash", "input": tool_input}
    fake.enqueue(MessageReply([{"type": "text", "text": "Running."}, block], stop_reason="tool_use", chunk_size=5))
    async with _client(fake, sleeps) as client:
        response = await client.create(_request())
    assert response.stop_reason == "tool_use"
    assert response.content[1] == block
    [call] = tool_uses(response.content)
    assert (call.id, call.name, call.input) == ("toolu_01", "bash", tool_input)


async def test_server_tool_and_unknown_blocks_round_trip_exactly(fake: FakeMessagesServer, sleeps: list[float]) -> None:
    fake.enqueue(MessageReply(SERVER_BLOCKS), MessageReply([{"type": "text", "text": "ok"}]))
    async with _client(fake, sleeps) as client:
        first = await client.create(_request())
        assert [_exact(block) for block in first.content] == [_exact(block) for block in SERVER_BLOCKS]
        assert response_text(first.content) == "Let me search for that.Mangoes peak in summer."
        assert tool_uses(first.content) == []
        transcript = [
            {"role": "user", "content": [{"type": "text", "text": "hi"}]},
            {"role": "assistant", "content": first.content},
            {"role": "user", "content": [{"type": "text", "text": "and then?"}]},
        ]
        await client.create(_request(transcript))
    replayed = fake.requests[1]
    assert replayed.json()["messages"] == transcript
    assert _exact(transcript).encode() in replayed.body
    for block in SERVER_BLOCKS:
        assert _exact(block).encode() in replayed.body


async def test_non_streaming_json_keeps_blocks_unchanged(fake: FakeMessagesServer, sleeps: list[float]) -> None:
    fake.enqueue(
        MessageReply(SERVER_BLOCKS, usage={"input_tokens": 5, "output_tokens": 2, "cache_read_input_tokens": 3})
    )
    async with _client(fake, sleeps, stream=False) as client:
        response = await client.create(_request())
    assert [_exact(block) for block in response.content] == [_exact(block) for block in SERVER_BLOCKS]
    assert response.usage.cache_read_input_tokens == 3
    assert response.request_id == "req_fake_01"
    assert fake.requests[0].json()["stream"] is False
    assert fake.requests[0].headers["accept"] == "application/json"


async def test_transcript_blocks_with_unknown_fields_are_sent_byte_identical(
    fake: FakeMessagesServer, sleeps: list[float]
) -> None:
    transcript = [
        {"role": "user", "content": [{"type": "text", "text": "q", "cache_control": {"type": "ephemeral"}}]},
        {"role": "assistant", "content": [{"zzz": 1, "type": "mystery", "aaa": [{"b": 2, "a": 1}], "n": 1.0}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t", "content": "é\u0000", "extra": None}]},
    ]
    fake.enqueue(MessageReply([{"type": "text", "text": "ok"}]))
    async with _client(fake, sleeps) as client:
        await client.create(_request(transcript))
    body = fake.requests[0].body
    assert b'"messages":' + _exact(transcript).encode() in body
    assert json.loads(body)["messages"] == transcript


async def test_thinking_and_unknown_deltas_are_reassembled(fake: FakeMessagesServer, sleeps: list[float]) -> None:
    thinking = {"type": "thinking", "thinking": "Let me think step by step.", "signature": "sig-opaque=="}
    events = message_events(MessageReply([thinking, {"type": "gizmo", "parts": ["a"], "note": "x"}]))
    stop_index = next(i for i, (name, data) in enumerate(events) if name == "content_block_stop" and data["index"] == 1)
    delta = {"type": "gizmo_delta", "parts": ["b"], "note": "yz", "fresh": {"k": 1}}
    events.insert(stop_index, ("content_block_delta", {"type": "content_block_delta", "index": 1, "delta": delta}))
    fake.enqueue(RawReply(events=events))
    async with _client(fake, sleeps) as client:
        response = await client.create(_request())
    assert response.content == [thinking, {"type": "gizmo", "parts": ["a", "b"], "note": "xyz", "fresh": {"k": 1}}]


async def test_rate_limit_honours_retry_after(fake: FakeMessagesServer, sleeps: list[float]) -> None:
    limited = RawReply(429, error_body("rate_limit_error", "slow down"), headers={"retry-after": "2"})
    fake.enqueue(limited, MessageReply([{"type": "text", "text": "ok"}]))
    async with _client(fake, sleeps) as client:
        response = await client.create(_request())
    assert response_text(response.content) == "ok"
    assert sleeps == [2.0]
    assert len(fake.requests) == 2
    assert fake.requests[0].body == fake.requests[1].body


async def test_retry_after_ms_is_preferred(fake: FakeMessagesServer, sleeps: list[float]) -> None:
    headers = {"retry-after-ms": "250", "retry-after": "9"}
    fake.enqueue(RawReply(429, error_body("rate_limit_error", "slow"), headers=headers), MessageReply([]))
    async with _client(fake, sleeps) as client:
        await client.create(_request())
    assert sleeps == [0.25]


async def test_overloaded_retries_with_backoff_then_fails(fake: FakeMessagesServer, sleeps: list[float]) -> None:
    fake.enqueue(*[RawReply(529, error_body("overloaded_error", "Overloaded")) for _ in range(3)])
    async with _client(fake, sleeps, max_retries=2, backoff_base=1.0) as client:
        with pytest.raises(ModelOverloadedError) as caught:
            await client.create(_request())
    error = caught.value
    assert (error.retryable, error.status_code, error.error_type) == (True, 529, "model_overloaded_error")
    assert error.request_id == "req_fake_err"
    assert len(fake.requests) == 3
    assert len(sleeps) == 2
    assert 0.5 <= sleeps[0] <= 1.0
    assert 1.0 <= sleeps[1] <= 2.0


async def test_overloaded_then_success(fake: FakeMessagesServer, sleeps: list[float]) -> None:
    fake.enqueue(
        RawReply(529, error_body("overloaded_error", "Overloaded")), MessageReply([{"type": "text", "text": "ok"}])
    )
    async with _client(fake, sleeps) as client:
        response = await client.create(_request())
    assert response_text(response.content) == "ok"
    assert len(sleeps) == 1


async def test_server_errors_are_retried_unless_told_not_to(fake: FakeMessagesServer, sleeps: list[float]) -> None:
    fake.enqueue(RawReply(503, body=b"<html>bad gateway</html>"), MessageReply([]))
    async with _client(fake, sleeps) as client:
        await client.create(_request())
        assert len(fake.requests) == 2
        fake.enqueue(RawReply(500, error_body("api_error", "boom"), headers={"x-should-retry": "false"}))
        with pytest.raises(ModelRequestFailedError) as caught:
            await client.create(_request())
    assert not caught.value.retryable
    assert len(fake.requests) == 3


async def test_error_event_mid_stream_is_retried(fake: FakeMessagesServer, sleeps: list[float]) -> None:
    events = message_events(MessageReply([{"type": "text", "text": "partial answer"}]))[:4]
    events.append(("error", {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}))
    fake.enqueue(RawReply(events=events), MessageReply([{"type": "text", "text": "full"}]))
    async with _client(fake, sleeps) as client:
        response = await client.create(_request())
        assert response.content == [{"type": "text", "text": "full"}]
        fake.enqueue(RawReply(events=events))
        with pytest.raises(ModelOverloadedError) as caught:
            await _client(fake, sleeps, max_retries=0).create(_request())
    assert caught.value.status_code is None
    assert "overloaded_error" in str(caught.value)


async def test_truncated_stream_is_retried(fake: FakeMessagesServer, sleeps: list[float]) -> None:
    events = message_events(MessageReply([{"type": "text", "text": "cut"}]))[:-1]
    fake.enqueue(RawReply(events=events), MessageReply([{"type": "text", "text": "whole"}]))
    async with _client(fake, sleeps) as client:
        response = await client.create(_request())
    assert response_text(response.content) == "whole"
    assert len(fake.requests) == 2


async def test_invalid_request_is_permanent_and_never_leaks_the_key(
    fake: FakeMessagesServer, sleeps: list[float], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    echo = error_body("invalid_request_error", f"bad header x-api-key={API_KEY}")
    fake.enqueue(RawReply(400, echo, headers={"request-id": "req_400"}))
    client = _client(fake, sleeps)
    with pytest.raises(ModelRequestFailedError) as caught:
        await client.create(_request())
    await client.aclose()
    error = caught.value
    assert (error.retryable, error.status_code, error.provider_error_type) == (False, 400, "invalid_request_error")
    assert error.request_id == "req_400"
    assert len(fake.requests) == 1
    assert fake.requests[0].headers["x-api-key"] == API_KEY
    for text in (str(error), repr(error), repr(client), caplog.text):
        assert API_KEY not in text
    assert any(getattr(record, "action", None) == "model.failed" for record in caplog.records)
    assert "[redacted]" in str(error)


async def test_wrong_key_is_an_authentication_failure(fake: FakeMessagesServer, sleeps: list[float]) -> None:
    client = MessagesClient(api_key="sk-wrong-key-value", base_url=fake.base_url)
    with pytest.raises(ModelRequestFailedError) as caught:
        await client.create(_request())
    await client.aclose()
    assert caught.value.provider_error_type == "authentication_error"
    assert not caught.value.retryable
    assert "sk-wrong-key-value" not in str(caught.value)


async def test_connection_errors_are_retryable_and_redacted(sleeps: list[float]) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]

    async def sleep(delay: float) -> None:
        sleeps.append(delay)

    client = MessagesClient(api_key=API_KEY, base_url=f"http://127.0.0.1:{port}", max_retries=1, sleep=sleep)
    with pytest.raises(ModelError) as caught:
        await client.create(_request())
    await client.aclose()
    assert caught.value.retryable
    assert caught.value.error_type == "model_request_failed_error"
    assert API_KEY not in str(caught.value)
    assert len(sleeps) == 1


async def test_timeouts_map_to_retryable_errors(sleeps: list[float]) -> None:
    def timeout(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("timed out", request=request)

    http = httpx.AsyncClient(transport=httpx.MockTransport(timeout))
    client = MessagesClient(api_key=API_KEY, base_url="http://127.0.0.1:9", http_client=http, max_retries=0)
    with pytest.raises(ModelRequestFailedError, match="timed out") as caught:
        await client.create(_request())
    await http.aclose()
    assert caught.value.retryable


def test_factory_builds_a_messages_client() -> None:
    client = build_model_client("messages", base_url="http://127.0.0.1:1", api_key=API_KEY)
    assert isinstance(client, MessagesClient)
    assert API_KEY not in repr(client)
    with pytest.raises(ValueError, match="MANGO_MODEL_BASE_URL"):
        build_model_client("messages", base_url="", api_key=API_KEY)


def test_provider_native_tool_without_a_version_is_rejected() -> None:
    from mango_server.model import tool_declaration

    with pytest.raises(ValueError, match="no pinned server-tool version"):
        tool_declaration(ToolSpec("web_magic", kind="provider_native"))
    assert tool_declaration(ToolSpec("web_fetch", kind="provider_native", provider_type="web_fetch_20260101")) == {
        "type": "web_fetch_20260101",
        "name": "web_fetch",
    }


async def test_request_too_large_is_a_context_overflow_and_not_retried(
    fake: FakeMessagesServer, sleeps: list[float]
) -> None:
    fake.enqueue(RawReply(413, error_body("request_too_large", "Request exceeds the maximum allowed number of bytes.")))
    client = _client(fake, sleeps)
    with pytest.raises(ModelContextOverflowError) as caught:
        await client.create(_request())
    await client.aclose()
    assert (caught.value.status_code, caught.value.provider_error_type) == (413, "request_too_large")
    assert len(fake.requests) == 1
    assert sleeps == []


async def test_prompt_too_long_from_a_windowed_fake_is_a_context_overflow(sleeps: list[float]) -> None:
    with FakeMessagesServer(api_key=API_KEY, context_window=600) as fake:
        fake.enqueue(MessageReply([{"type": "text", "text": "ok"}]))
        client = _client(fake, sleeps)
        small = await client.create(_request())
        assert small.usage.input_tokens > 11  # measured by the fake, not the scripted default
        big = [{"role": "user", "content": [{"type": "text", "text": "x" * 3000}]}]
        with pytest.raises(ModelContextOverflowError) as caught:
            await client.create(_request(big))
        await client.aclose()
    assert caught.value.status_code == 400
    assert "prompt is too long" in str(caught.value)
    assert fake.pending == 0
