"""Tests for the OpenAI Chat Completions adapter against the local fake Chat Completions server."""

from __future__ import annotations

import json
import logging
import socket
from collections.abc import Iterator
from typing import Any

import httpx2
import pytest
from mango_server.domain.prices import Price
from mango_server.model import (
    ModelContextOverflowError,
    ModelError,
    ModelRateLimitedError,
    ModelRequest,
    ModelRequestFailedError,
    ToolSpec,
    response_text,
    tool_uses,
)
from mango_server.model._chat_wire import OPENAI_MESSAGE_BLOCK, chat_messages, encode_chat_body
from mango_server.model.openai_chat import OpenAIChatClient

from tests.support.fake_openai import (
    ChatReply,
    FakeOpenAIServer,
    FakeToolCall,
    RawReply,
    chat_chunks,
    llama_cpp_error,
    ollama_error,
    openai_error,
    vllm_error,
)

API_KEY = "sk-openai-test-0123456789-secret"
USER_HI = {"role": "user", "content": [{"type": "text", "text": "hi"}]}


@pytest.fixture(scope="module")
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer(api_key=API_KEY) as fake:
        yield fake


@pytest.fixture
def fake(server: FakeOpenAIServer) -> Iterator[FakeOpenAIServer]:
    server.reset()
    yield server
    server.reset()


@pytest.fixture
def sleeps() -> list[float]:
    return []


def _client(fake: FakeOpenAIServer, sleeps: list[float], **kwargs: Any) -> OpenAIChatClient:
    async def sleep(delay: float) -> None:
        sleeps.append(delay)

    kwargs.setdefault("api_key", API_KEY)
    return OpenAIChatClient(base_url=fake.base_url, sleep=sleep, **kwargs)


async def _create_once(fake: FakeOpenAIServer, sleeps: list[float], request: ModelRequest, **kwargs: Any) -> None:
    async with _client(fake, sleeps, **kwargs) as client:
        await client.create(request)


def _request(messages: list[dict[str, Any]] | None = None, **kwargs: Any) -> ModelRequest:
    return ModelRequest(model="gpt-fake", messages=messages or [USER_HI], max_tokens=512, **kwargs)


def _exact(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def _exact_message(response_content: list[dict[str, Any]]) -> dict[str, Any]:
    [block] = [b for b in response_content if b["type"] == OPENAI_MESSAGE_BLOCK]
    message: dict[str, Any] = block["message"]
    return message


# Streaming, request shape and previews


async def test_streams_text_and_sends_the_expected_request(fake: FakeOpenAIServer, sleeps: list[float]) -> None:
    fake.enqueue(ChatReply("Hello there, streaming world!", request_id="req_abc"))
    deltas: list[tuple[int, str]] = []

    async def on_delta(index: int, text: str) -> None:
        deltas.append((index, text))

    schema = {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}
    tools = (ToolSpec("read", "Read a file", schema), ToolSpec("noop", options={"strict": False}))
    request = _request(system="Be brief.", tools=tools, extra={"temperature": 0.2})
    async with _client(fake, sleeps) as client:
        response = await client.create(request, on_delta)
    assert response_text(response) == "Hello there, streaming world!"
    assert response.content[1:] == [{"type": "text", "text": "Hello there, streaming world!"}]
    assert _exact_message(response.content) == {"role": "assistant", "content": "Hello there, streaming world!"}
    assert response.stop_reason == "end_turn"
    assert (response.usage.input_tokens, response.usage.output_tokens) == (11, 7)
    assert (response.request_id, response.message_id, response.model) == ("req_abc", "chatcmpl-fake-01", "gpt-fake")
    assert len(deltas) > 1
    assert {index for index, _ in deltas} == {0}
    assert "".join(text for _, text in deltas) == "Hello there, streaming world!"
    [received] = fake.requests
    assert received.path == "/v1/chat/completions"
    assert received.headers["authorization"] == f"Bearer {API_KEY}"
    assert received.headers["accept"] == "text/event-stream"
    assert received.headers["content-type"] == "application/json"
    body = received.json()
    assert body == {
        "model": "gpt-fake",
        "messages": [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "hi"}],
        "max_tokens": 512,
        "tools": [
            {"type": "function", "function": {"name": "read", "description": "Read a file", "parameters": schema}},
            {
                "type": "function",
                "function": {"name": "noop", "parameters": {"type": "object", "properties": {}}, "strict": False},
            },
        ],
        "temperature": 0.2,
        "stream": True,
        "stream_options": {"include_usage": True},
    }


async def test_parallel_tool_calls_are_assembled_from_interleaved_fragments(
    fake: FakeOpenAIServer, sleeps: list[float]
) -> None:
    read_args = '{"file_path": "/etc/hosts", "view_range": [1, 20]}'
    bash_args = '{"command":"ls -la /tmp && echo \'done ☀\'","timeout_ms":3000}'
    calls = [FakeToolCall("call_AbC123", "read", read_args), FakeToolCall("call_XyZ789", "bash", bash_args)]
    fake.enqueue(ChatReply("Checking both.", calls, chunk_size=4, interleave_tool_calls=True))
    async with _client(fake, sleeps) as client:
        response = await client.create(_request())
    assert response.stop_reason == "tool_use"
    uses = tool_uses(response)
    assert [(u.id, u.name, u.input) for u in uses] == [
        ("call_AbC123", "read", {"file_path": "/etc/hosts", "view_range": [1, 20]}),
        ("call_XyZ789", "bash", {"command": "ls -la /tmp && echo 'done ☀'", "timeout_ms": 3000}),
    ]
    # The kept message has the raw argument strings, exactly as the model produced them, and no stream indexes.
    assert _exact_message(response.content) == {
        "role": "assistant",
        "content": "Checking both.",
        "tool_calls": [
            {"id": "call_AbC123", "type": "function", "function": {"name": "read", "arguments": read_args}},
            {"id": "call_XyZ789", "type": "function", "function": {"name": "bash", "arguments": bash_args}},
        ],
    }


async def test_whole_tool_calls_without_an_index_are_separate_calls(
    fake: FakeOpenAIServer, sleeps: list[float]
) -> None:
    calls = [FakeToolCall("call_1", "glob", '{"pattern":"*.py"}'), FakeToolCall("call_2", "glob", '{"pattern":"*.md"}')]
    # Some servers answer tool calls whole, without an index, and finish with "stop".
    fake.enqueue(ChatReply(None, calls, whole_tool_calls=True, finish_reason="stop"))
    async with _client(fake, sleeps) as client:
        response = await client.create(_request())
    assert [(u.id, u.input) for u in tool_uses(response)] == [
        ("call_1", {"pattern": "*.py"}),
        ("call_2", {"pattern": "*.md"}),
    ]
    assert response.stop_reason == "tool_use"
    assert response_text(response) == ""
    assert _exact_message(response.content)["content"] == ""  # the first chunk's empty content, concatenated


async def test_a_tool_round_replays_the_assistant_message_unchanged(
    fake: FakeOpenAIServer, sleeps: list[float]
) -> None:
    raw_args = '{ "file_path" : "/a.txt" ,"x":1.50}'  # not what json.dumps would write
    calls = [FakeToolCall("call_r1", "read", raw_args), FakeToolCall("call_r2", "read", '{"file_path":"/b.txt"}')]
    fake.enqueue(
        ChatReply("Reading.", calls, reasoning="Two files to read.", chunk_size=3),
        ChatReply("Both files say hello."),
    )
    async with _client(fake, sleeps) as client:
        first = await client.create(_request(system="sys"))
        results = [
            {"type": "tool_result", "tool_use_id": "call_r1", "content": [{"type": "text", "text": "hello"}]},
            {
                "type": "tool_result",
                "tool_use_id": "call_r2",
                "content": [{"type": "text", "text": "hel"}, {"type": "text", "text": "lo"}],
                "is_error": True,
            },
        ]
        transcript = [USER_HI, {"role": "assistant", "content": first.content}, {"role": "user", "content": results}]
        second = await client.create(_request(transcript, system="sys"))
    assert response_text(second) == "Both files say hello."
    exact = _exact_message(first.content)
    assert exact["tool_calls"][0]["function"]["arguments"] == raw_args
    replayed = fake.requests[1]
    assert replayed.json()["messages"] == [
        {"role": "system", "content": "sys"},
        {"role": "user", "content": "hi"},
        exact,
        {"role": "tool", "tool_call_id": "call_r1", "content": "hello"},
        {
            "role": "tool",
            "tool_call_id": "call_r2",
            "content": [{"type": "text", "text": "hel"}, {"type": "text", "text": "lo"}],
        },
    ]
    # Byte for byte: the kept message, reasoning included, is in the second body as it was assembled.
    assert _exact(exact) in replayed.body
    assert b'"reasoning_content":"Two files to read."' in replayed.body


async def test_reasoning_is_a_thinking_block_and_never_a_preview(fake: FakeOpenAIServer, sleeps: list[float]) -> None:
    fake.enqueue(ChatReply("Answer.", reasoning="Let me think step by step.", reasoning_field="reasoning"))
    deltas: list[str] = []

    async def on_delta(index: int, text: str) -> None:
        deltas.append(text)

    async with _client(fake, sleeps) as client:
        response = await client.create(_request(), on_delta)
    assert response.content[1:] == [
        {"type": "thinking", "thinking": "Let me think step by step."},
        {"type": "text", "text": "Answer."},
    ]
    assert _exact_message(response.content) == {
        "role": "assistant",
        "content": "Answer.",
        "reasoning": "Let me think step by step.",
    }
    assert "".join(deltas) == "Answer."


async def test_reasoning_can_be_left_out_of_replayed_messages(fake: FakeOpenAIServer, sleeps: list[float]) -> None:
    fake.enqueue(ChatReply("One.", reasoning="hmm"), ChatReply("Two."))
    async with _client(fake, sleeps, replay_reasoning=False) as client:
        first = await client.create(_request())
        await client.create(_request([USER_HI, {"role": "assistant", "content": first.content}, USER_HI]))
        assert client.profile.recorded()["replay_reasoning"] is False
    assert fake.requests[1].json()["messages"][1] == {"role": "assistant", "content": "One."}


# Stop reasons and usage


@pytest.mark.parametrize(
    ("finish", "calls", "stop"),
    [
        ("stop", [], "end_turn"),
        ("length", [], "max_tokens"),
        ("content_filter", [], "refusal"),
        ("tool_calls", [FakeToolCall("call_1", "read", "{}")], "tool_use"),
        ("function_call", [FakeToolCall("call_1", "read", "{}")], "tool_use"),
        ("stop", [FakeToolCall("call_1", "read", "{}")], "tool_use"),
        ("eos_token", [], "eos_token"),
    ],
)
async def test_finish_reasons_map_to_stop_reasons(
    fake: FakeOpenAIServer, sleeps: list[float], finish: str, calls: list[FakeToolCall], stop: str
) -> None:
    fake.enqueue(ChatReply("text", calls, finish_reason=finish))
    async with _client(fake, sleeps) as client:
        response = await client.create(_request())
    assert response.stop_reason == stop


async def test_a_refusal_message_is_text_with_a_refusal_stop(fake: FakeOpenAIServer, sleeps: list[float]) -> None:
    completion = ChatReply(None).completion()
    completion["choices"][0]["message"]["refusal"] = "I can't help with that."
    fake.enqueue(RawReply(json_body=completion))
    async with _client(fake, sleeps, stream=False) as client:
        response = await client.create(_request())
    assert response_text(response) == "I can't help with that."
    assert response.stop_reason == "refusal"


async def test_an_aborted_generation_is_retried(fake: FakeOpenAIServer, sleeps: list[float]) -> None:
    fake.enqueue(ChatReply("partial", finish_reason="abort"), ChatReply("whole"))
    async with _client(fake, sleeps) as client:
        response = await client.create(_request())
    assert response_text(response) == "whole"
    assert len(sleeps) == 1


async def test_usage_counts_cached_prompt_tokens_as_cache_reads(fake: FakeOpenAIServer, sleeps: list[float]) -> None:
    usage = {
        "prompt_tokens": 1000,
        "completion_tokens": 50,
        "total_tokens": 1050,
        "prompt_tokens_details": {"cached_tokens": 768, "audio_tokens": 0},
        "completion_tokens_details": {"reasoning_tokens": 20},
    }
    deepseek = {
        "prompt_tokens": 300,
        "completion_tokens": 9,
        "prompt_cache_hit_tokens": 256,
        "prompt_cache_miss_tokens": 44,
    }
    fake.enqueue(ChatReply("a", usage=usage), ChatReply("b", usage=deepseek))
    async with _client(fake, sleeps) as client:
        first = await client.create(_request())
        second = await client.create(_request())
    assert (first.usage.input_tokens, first.usage.cache_read_input_tokens, first.usage.output_tokens) == (232, 768, 50)
    assert first.usage.cache_creation_input_tokens == 0
    assert (second.usage.input_tokens, second.usage.cache_read_input_tokens) == (44, 256)


async def test_without_include_usage_no_stream_options_are_sent(fake: FakeOpenAIServer, sleeps: list[float]) -> None:
    fake.enqueue(ChatReply("ok"))
    async with _client(fake, sleeps, include_usage=False, max_tokens_field="max_completion_tokens") as client:
        response = await client.create(_request())
    body = fake.requests[0].json()
    assert "stream_options" not in body
    assert (body["max_completion_tokens"], "max_tokens" in body) == (512, False)
    assert response.usage.input_tokens == 0  # the server sent no usage chunk


# Non-streaming and JSON answers


async def test_non_streaming_keeps_the_message_exactly(fake: FakeOpenAIServer, sleeps: list[float]) -> None:
    reply = ChatReply("Sure.", [FakeToolCall("call_9", "read", '{"file_path":"x"}')], reasoning="r")
    completion = reply.completion()
    completion["choices"][0]["message"]["annotations"] = []
    fake.enqueue(RawReply(json_body=completion, headers={"x-request-id": "req_json"}))
    async with _client(fake, sleeps, stream=False) as client:
        response = await client.create(_request())
    message = completion["choices"][0]["message"]
    assert _exact(_exact_message(response.content)) == _exact(message)  # keys, nulls and order as sent
    assert [u.id for u in tool_uses(response)] == ["call_9"]
    assert (response.stop_reason, response.request_id) == ("tool_use", "req_json")
    body = fake.requests[0].json()
    assert (body["stream"], "stream_options" in body) == (False, False)
    assert fake.requests[0].headers["accept"] == "application/json"


async def test_a_json_answer_to_a_streaming_request_is_read(fake: FakeOpenAIServer, sleeps: list[float]) -> None:
    fake.enqueue(RawReply(json_body=ChatReply("plain json").completion()))
    async with _client(fake, sleeps) as client:
        response = await client.create(_request())
    assert response_text(response) == "plain json"


# Retries


async def test_rate_limit_honours_retry_after(fake: FakeOpenAIServer, sleeps: list[float]) -> None:
    limited = RawReply(
        429, openai_error("Rate limit reached", "requests", "rate_limit_exceeded"), headers={"retry-after": "2"}
    )
    fake.enqueue(limited, ChatReply("after the wait"))
    async with _client(fake, sleeps) as client:
        response = await client.create(_request())
    assert response_text(response) == "after the wait"
    assert sleeps == [2.0]
    assert len(fake.requests) == 2


async def test_retry_after_ms_is_preferred(fake: FakeOpenAIServer, sleeps: list[float]) -> None:
    headers = {"retry-after-ms": "250", "retry-after": "9"}
    fake.enqueue(RawReply(429, openai_error("slow down", "requests"), headers=headers), ChatReply("ok"))
    async with _client(fake, sleeps) as client:
        await client.create(_request())
    assert sleeps == [0.25]


async def test_server_errors_are_retried_then_given_up(fake: FakeOpenAIServer, sleeps: list[float]) -> None:
    boom = RawReply(500, openai_error("The server had an error.", "server_error"))
    fake.enqueue(boom, ChatReply("recovered"))
    async with _client(fake, sleeps) as client:
        assert response_text(await client.create(_request())) == "recovered"
        fake.enqueue(boom, boom, boom)
        with pytest.raises(ModelRequestFailedError) as caught:
            await _create_once(fake, sleeps, _request(), max_retries=2)
    assert (caught.value.retryable, caught.value.status_code, caught.value.provider_error_type) == (
        True,
        500,
        "server_error",
    )
    assert len(sleeps) == 3


async def test_exhausted_rate_limit_is_a_rate_limited_error(fake: FakeOpenAIServer, sleeps: list[float]) -> None:
    fake.enqueue(*[RawReply(429, openai_error("slow down", "requests"), headers={"retry-after": "1"})] * 2)
    with pytest.raises(ModelRateLimitedError) as caught:
        await _create_once(fake, sleeps, _request(), max_retries=1)
    assert (caught.value.retry_after, caught.value.retryable) == (1.0, True)


async def test_insufficient_quota_and_x_should_retry_are_permanent(fake: FakeOpenAIServer, sleeps: list[float]) -> None:
    quota = openai_error("You exceeded your current quota.", "insufficient_quota", "insufficient_quota")
    fake.enqueue(RawReply(429, quota))
    client = _client(fake, sleeps)
    with pytest.raises(ModelRequestFailedError) as caught:
        await client.create(_request())
    assert (caught.value.retryable, caught.value.provider_error_type) == (False, "insufficient_quota")
    fake.enqueue(RawReply(503, openai_error("busy", "server_error"), headers={"x-should-retry": "false"}))
    with pytest.raises(ModelRequestFailedError) as refused:
        await client.create(_request())
    await client.aclose()
    assert not refused.value.retryable
    assert sleeps == []


async def test_mid_stream_errors_and_truncated_streams_are_retried(fake: FakeOpenAIServer, sleeps: list[float]) -> None:
    chunks = chat_chunks(ChatReply("cut short"), include_usage=True)
    failing = [*chunks[:2], {"error": {"message": "The server had an error.", "type": "server_error"}}]
    truncated = chunks[:2]  # no finish_reason, no [DONE]
    fake.enqueue(RawReply(chunks=failing), RawReply(chunks=truncated), ChatReply("whole"))
    async with _client(fake, sleeps) as client:
        response = await client.create(_request())
    assert response_text(response) == "whole"
    assert len(fake.requests) == 3
    assert len(sleeps) == 2


async def test_connection_errors_are_retryable_and_redacted(sleeps: list[float]) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]

    async def sleep(delay: float) -> None:
        sleeps.append(delay)

    client = OpenAIChatClient(api_key=API_KEY, base_url=f"http://127.0.0.1:{port}/v1", max_retries=1, sleep=sleep)
    with pytest.raises(ModelError) as caught:
        await client.create(_request())
    await client.aclose()
    assert caught.value.retryable
    assert caught.value.error_type == "model_request_failed_error"
    assert API_KEY not in str(caught.value)
    assert len(sleeps) == 1


async def test_timeouts_map_to_retryable_errors(sleeps: list[float]) -> None:
    def timeout(request: httpx2.Request) -> httpx2.Response:
        raise httpx2.ReadTimeout("timed out", request=request)

    http = httpx2.AsyncClient(transport=httpx2.MockTransport(timeout))
    client = OpenAIChatClient(api_key=API_KEY, base_url="http://127.0.0.1:9/v1", http_client=http, max_retries=0)
    with pytest.raises(ModelRequestFailedError, match="timed out") as caught:
        await client.create(_request())
    await client.aclose()
    await http.aclose()
    assert caught.value.retryable


# Errors and context overflow


async def test_invalid_request_is_permanent_and_never_leaks_the_key(
    fake: FakeOpenAIServer, sleeps: list[float], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    echo = openai_error(f"Invalid value for 'temperature' sent with key {API_KEY}", "invalid_request_error", None, "x")
    fake.enqueue(RawReply(400, echo, headers={"x-request-id": "req_400"}))
    client = _client(fake, sleeps)
    with pytest.raises(ModelRequestFailedError) as caught:
        await client.create(_request())
    await client.aclose()
    error = caught.value
    assert (error.retryable, error.status_code, error.provider_error_type) == (False, 400, "invalid_request_error")
    assert error.request_id == "req_400"
    assert len(fake.requests) == 1
    for text in (str(error), repr(error), repr(client), caplog.text):
        assert API_KEY not in text
    assert "[redacted]" in str(error)
    assert any(getattr(record, "action", None) == "model.failed" for record in caplog.records)


async def test_wrong_key_is_an_authentication_failure(fake: FakeOpenAIServer, sleeps: list[float]) -> None:
    client = OpenAIChatClient(api_key="sk-wrong-key-value", base_url=fake.base_url)
    with pytest.raises(ModelRequestFailedError) as caught:
        await client.create(_request())
    await client.aclose()
    assert (caught.value.status_code, caught.value.provider_error_type) == (401, "invalid_api_key")
    assert not caught.value.retryable
    assert "sk-wrong-key-value" not in str(caught.value)


OVERFLOWS = [
    pytest.param(
        400,
        openai_error(
            "This model's maximum context length is 128000 tokens. However, your messages resulted in 130512 tokens. "
            "Please reduce the length of the messages.",
            "invalid_request_error",
            "context_length_exceeded",
            "messages",
        ),
        "context_length_exceeded",
        id="openai",
    ),
    pytest.param(
        400,
        vllm_error(
            "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens (4488 in the "
            "messages, 512 in the completion). Please reduce the length of the messages or completion."
        ),
        "BadRequestError",
        id="vllm-flat",
    ),
    pytest.param(
        400,
        {
            "error": vllm_error(
                "'max_tokens' or 'max_completion_tokens' is too large: 512. This model's maximum context length is "
                "4096 tokens and your request has 3900 input tokens (512 > 4096 - 3900). None"
            )
        },
        "BadRequestError",
        id="vllm-wrapped",
    ),
    pytest.param(400, llama_cpp_error(4476, 4096), "exceed_context_size_error", id="llama.cpp"),
    pytest.param(
        400,
        ollama_error("the input length exceeds the context length"),
        "invalid_request_error",
        id="ollama",
    ),
    pytest.param(413, openai_error("Request too large.", "invalid_request_error"), "invalid_request_error", id="413"),
]


@pytest.mark.parametrize(("status", "body", "provider_type"), OVERFLOWS)
async def test_context_length_refusals_are_overflows_and_not_retried(
    fake: FakeOpenAIServer, sleeps: list[float], status: int, body: dict[str, Any], provider_type: str
) -> None:
    fake.enqueue(RawReply(status, body, headers={"x-should-retry": "true"}))
    client = _client(fake, sleeps)
    with pytest.raises(ModelContextOverflowError) as caught:
        await client.create(_request())
    await client.aclose()
    assert (caught.value.status_code, caught.value.provider_error_type) == (status, provider_type)
    assert not caught.value.retryable
    assert len(fake.requests) == 1
    assert sleeps == []


async def test_an_overflow_reported_inside_the_stream_is_an_overflow(
    fake: FakeOpenAIServer, sleeps: list[float]
) -> None:
    error = vllm_error("The decoder prompt (length 9000) is longer than the maximum model length of 8192.")
    fake.enqueue(RawReply(chunks=[error, "[DONE]"]))
    with pytest.raises(ModelContextOverflowError):
        await _create_once(fake, sleeps, _request())
    assert sleeps == []


async def test_a_windowed_fake_refuses_a_long_prompt_as_an_overflow(sleeps: list[float]) -> None:
    with FakeOpenAIServer(api_key=API_KEY, context_window=900) as fake:
        fake.enqueue(ChatReply("ok"))
        client = _client(fake, sleeps)
        small = await client.create(_request())
        assert small.usage.input_tokens > 11  # measured by the fake, not the scripted default
        big = [{"role": "user", "content": [{"type": "text", "text": "x" * 3000}]}]
        with pytest.raises(ModelContextOverflowError, match="maximum context length"):
            await client.create(_request(big))
        await client.aclose()
    assert fake.pending == 0


@pytest.mark.parametrize(("finish", "retryable"), [("tool_calls", True), ("length", False)])
async def test_tool_arguments_that_are_not_json_fail_the_answer(
    fake: FakeOpenAIServer, sleeps: list[float], finish: str, retryable: bool
) -> None:
    fake.enqueue(ChatReply(None, [FakeToolCall("call_1", "read", '{"file_path": "/a')], finish_reason=finish))
    with pytest.raises(ModelRequestFailedError, match="not a JSON object") as caught:
        await _create_once(fake, sleeps, _request(), max_retries=0)
    assert (caught.value.retryable, caught.value.provider_error_type) == (retryable, "invalid_tool_arguments")


# What the engine reads of the adapter


async def test_capabilities_fail_closed_and_the_profile_and_prices_are_recorded(fake: FakeOpenAIServer) -> None:
    price = Price(input=0.5, output=1.5, cache_write=0.5, cache_read=0.05)
    async with OpenAIChatClient(api_key=API_KEY, base_url=fake.base_url, prices={"gpt-fake": price}) as client:
        capabilities = client.capabilities
        assert (capabilities.native_web_search, capabilities.native_web_fetch, capabilities.native_citations) == (
            False,
            False,
            False,
        )
        assert capabilities.provider_tool_versions == {}
        assert client.profile.recorded() == {
            "adapter": "openai-chat",
            "mapping_version": "1",
            "stream": True,
            "include_usage": True,
            "max_tokens_field": "max_tokens",
            "replay_reasoning": True,
        }
        assert (client.price("gpt-fake"), client.price("other")) == (price, None)
        assert API_KEY not in repr(client)


async def test_an_endpoint_without_a_key_gets_no_credential_from_the_environment(
    sleeps: list[float], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-ambient-key")
    monkeypatch.setenv("OPENAI_ORG_ID", "org-ambient")
    monkeypatch.setenv("OPENAI_PROJECT_ID", "proj-ambient")
    with FakeOpenAIServer(api_key=None) as keyless:
        keyless.enqueue(ChatReply("no key needed"))
        async with _client(keyless, sleeps, api_key="", headers={"X-Team": "blue"}) as client:
            response = await client.create(_request())
        headers = keyless.requests[0].headers
    assert response_text(response) == "no key needed"
    assert "authorization" not in headers
    assert "openai-organization" not in headers
    assert "openai-project" not in headers
    assert headers["x-team"] == "blue"


async def test_a_provider_native_tool_is_refused_before_sending(fake: FakeOpenAIServer, sleeps: list[float]) -> None:
    with pytest.raises(ModelRequestFailedError, match="no provider-native tools") as caught:
        await _create_once(fake, sleeps, _request(tools=[ToolSpec("web_search", kind="provider_native")]))
    assert not caught.value.retryable
    assert fake.requests == []


# The transcript mapping


def test_blocks_written_by_another_adapter_are_mapped() -> None:
    messages = [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "Compare these."},
                {
                    "type": "document",
                    "source": {"type": "text", "media_type": "text/plain", "data": "alpha"},
                    "title": "A",
                    "context": "first",
                },
                {"type": "document", "source": {"type": "base64", "media_type": "text/plain", "data": "YmV0YQ=="}},
                {"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": "JVBERi0="}},
                {"type": "mystery", "x": 1},
            ],
        },
        {
            "role": "assistant",
            "content": [
                {"type": "thinking", "thinking": "t", "signature": "s"},
                {"type": "text", "text": "Let me "},
                {"type": "text", "text": "look."},
                {"type": "tool_use", "id": "toolu_01", "name": "read", "input": {"file_path": "é"}},
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "toolu_01", "content": "plain"},
                {"type": "text", "text": "And then?"},
            ],
        },
    ]
    assert chat_messages(None, messages) == [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "Compare these."},
                {"type": "text", "text": "Document: A\nfirst\n\nalpha"},
                {"type": "text", "text": "beta"},
                {
                    "type": "file",
                    "file": {"filename": "document.pdf", "file_data": "data:application/pdf;base64,JVBERi0="},
                },
                {"type": "text", "text": "[a mystery block was omitted: this model endpoint cannot receive it]"},
            ],
        },
        {
            "role": "assistant",
            "content": "Let me look.",
            "tool_calls": [
                {"id": "toolu_01", "type": "function", "function": {"name": "read", "arguments": '{"file_path":"é"}'}}
            ],
        },
        {"role": "tool", "tool_call_id": "toolu_01", "content": "plain"},
        {"role": "user", "content": "And then?"},
    ]


def test_a_tool_results_images_and_pdfs_follow_in_a_user_message() -> None:
    image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}}
    pdf = {"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": "JVBERi0="}}
    messages = [
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "call_1",
                    "content": [{"type": "text", "text": "chart:"}, image],
                },
                {"type": "tool_result", "tool_use_id": "call_2", "content": [pdf]},
                {"type": "text", "text": "Go on."},
            ],
        }
    ]
    png_part = {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo="}}
    pdf_part = {
        "type": "file",
        "file": {"filename": "document.pdf", "file_data": "data:application/pdf;base64,JVBERi0="},
    }
    assert chat_messages(None, messages) == [
        {
            "role": "tool",
            "tool_call_id": "call_1",
            "content": [
                {"type": "text", "text": "chart:"},
                {"type": "text", "text": "[the image this tool returned follows in the next user message]"},
            ],
        },
        {
            "role": "tool",
            "tool_call_id": "call_2",
            "content": "[the document this tool returned follows in the next user message]",
        },
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "Returned by tool call call_1:"},
                png_part,
                {"type": "text", "text": "Returned by tool call call_2:"},
                pdf_part,
                {"type": "text", "text": "Go on."},
            ],
        },
    ]


def test_consecutive_kept_messages_are_replayed_in_order() -> None:
    first = {"role": "assistant", "content": "one", "x_vendor": {"b": 1, "a": 2}}
    second = {"role": "assistant", "content": None, "tool_calls": []}
    content = [
        {"type": OPENAI_MESSAGE_BLOCK, "message": first},
        {"type": "text", "text": "one"},
        {"type": OPENAI_MESSAGE_BLOCK, "message": second},
    ]
    mapped = chat_messages("s", [{"role": "assistant", "content": content}])
    assert mapped == [{"role": "system", "content": "s"}, first, second]
    assert mapped[1] is first  # the very object: nothing is rebuilt


def test_a_lone_surrogate_in_a_tool_result_still_encodes() -> None:
    transcript = [
        USER_HI,
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "call_1", "content": "bad \ud800 byte"}]},
    ]
    body = encode_chat_body(_request(transcript), stream=True)
    assert json.loads(body)["messages"][1] == {"role": "tool", "tool_call_id": "call_1", "content": "bad \ud800 byte"}


async def test_an_error_object_in_a_json_answer_is_a_provider_error(
    fake: FakeOpenAIServer, sleeps: list[float]
) -> None:
    fake.enqueue(RawReply(json_body=openai_error("upstream provider failed", "server_error")), ChatReply("ok"))
    async with _client(fake, sleeps, stream=False) as client:
        assert response_text(await client.create(_request())) == "ok"
    assert len(sleeps) == 1
