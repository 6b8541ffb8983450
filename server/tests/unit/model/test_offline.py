"""Tests for the deterministic offline model and its directives."""

from __future__ import annotations

import time
from typing import Any

import pytest
from mango_server.domain.model_windows import parse_windows
from mango_server.domain.tokens import estimate_request
from mango_server.model import (
    ModelContextOverflowError,
    ModelOverloadedError,
    ModelRequest,
    ModelRequestFailedError,
    OfflineModel,
    ToolSpec,
    build_model_client,
    response_text,
    tool_uses,
)


def _request(*messages: dict[str, Any], tools: tuple[ToolSpec, ...] = (), attempt: int | None = None) -> ModelRequest:
    return ModelRequest(model="mango-offline-1", messages=list(messages), max_tokens=256, tools=tools, attempt=attempt)


def _user(text: str) -> dict[str, Any]:
    return {"role": "user", "content": [{"type": "text", "text": text}]}


async def test_default_reply_echoes_the_last_user_text() -> None:
    model = OfflineModel()
    response = await model.create(_request(_user("earlier"), {"role": "assistant", "content": []}, _user("hello")))
    assert response.content == [{"type": "text", "text": "You said: hello"}]
    assert response.stop_reason == "end_turn"
    assert response.usage.input_tokens > 0
    assert response.usage.output_tokens > 0
    assert response.request_id is not None
    assert response.request_id.startswith("req_offline_")


async def test_plain_string_content_is_read() -> None:
    response = await OfflineModel().create(_request({"role": "user", "content": "plain"}))
    assert response_text(response.content) == "You said: plain"


async def test_text_directive_replies_exactly_and_streams_deltas() -> None:
    deltas: list[tuple[int, str]] = []

    async def on_delta(index: int, text: str) -> None:
        deltas.append((index, text))

    response = await OfflineModel().create(_request(_user("/text The answer is 42.")), on_delta)
    assert response.content == [{"type": "text", "text": "The answer is 42."}]
    assert len(deltas) > 1
    assert {index for index, _ in deltas} == {0}
    assert "".join(text for _, text in deltas) == "The answer is 42."


async def test_several_tool_directives_give_several_tool_uses_in_one_response() -> None:
    text = 'Please do both\n/tool read {"path": "a.txt"}\n/tool bash {"command": "ls"}'
    response = await OfflineModel().create(_request(_user(text)))
    assert response.stop_reason == "tool_use"
    calls = tool_uses(response)
    assert calls == tool_uses(response.content)
    assert [(call.name, call.input) for call in calls] == [("read", {"path": "a.txt"}), ("bash", {"command": "ls"})]
    assert all(call.id.startswith("toolu_offline_") for call in calls)
    assert len({call.id for call in calls}) == 2


async def test_text_and_tool_directives_combine() -> None:
    response = await OfflineModel().create(_request(_user("/text Looking.\n/tool glob")))
    assert [block["type"] for block in response.content] == ["text", "tool_use"]
    assert response.content[1]["input"] == {}


async def test_tool_results_complete_the_round() -> None:
    first = await OfflineModel().create(_request(_user('/tool read {"path": "a"}')))
    call = tool_uses(first.content)[0]
    result = {
        "role": "user",
        "content": [
            {"type": "tool_result", "tool_use_id": call.id, "content": [{"type": "text", "text": "file body"}]},
        ],
    }
    second = await OfflineModel().create(
        _request(_user('/tool read {"path": "a"}'), {"role": "assistant", "content": first.content}, result)
    )
    assert second.stop_reason == "end_turn"
    assert second.content == [{"type": "text", "text": f"Tool results: {call.id}: file body"}]


async def test_error_tool_results_are_marked() -> None:
    result = {
        "role": "user",
        "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "boom", "is_error": True}],
    }
    response = await OfflineModel().create(_request(result))
    assert response_text(response.content) == "Tool results: t1 (error): boom"


async def test_invalid_tool_input_answers_with_an_explanation() -> None:
    response = await OfflineModel().create(_request(_user("/tool read {not json")))
    assert response.stop_reason == "end_turn"
    assert response_text(response.content).startswith("Offline model: invalid /tool input for read")


async def test_fail_n_counts_attempts_per_conversation_then_succeeds() -> None:
    model = OfflineModel()
    request = _request(_user("/fail 2\nhi"))
    for _ in range(2):
        with pytest.raises(ModelOverloadedError) as caught:
            await model.create(request)
        assert caught.value.retryable
        assert caught.value.error_type == "model_overloaded_error"
    response = await model.create(request)
    assert response_text(response.content) == "You said: hi"
    other = await OfflineModel().create(_request(_user("/fail 0\nhi")))
    assert other.stop_reason == "end_turn"


async def test_fail_n_uses_the_callers_attempt_when_given() -> None:
    request = _user("/fail 1")
    with pytest.raises(ModelOverloadedError):
        await OfflineModel().create(_request(request, attempt=1))
    response = await OfflineModel().create(_request(request, attempt=2))
    assert response.stop_reason == "end_turn"


async def test_fail_always_never_succeeds() -> None:
    model = OfflineModel()
    for _ in range(5):
        with pytest.raises(ModelOverloadedError):
            await model.create(_request(_user("/fail always")))


async def test_fail_permanent_is_not_retryable() -> None:
    with pytest.raises(ModelRequestFailedError) as caught:
        await OfflineModel().create(_request(_user("/fail-permanent")))
    assert not caught.value.retryable
    assert caught.value.error_type == "model_request_failed_error"


async def test_sleep_delays_the_answer() -> None:
    started = time.monotonic()
    await OfflineModel().create(_request(_user("/sleep 50\nhi")))
    assert time.monotonic() - started >= 0.045


async def test_provider_native_tools_are_simulated_as_server_tool_blocks() -> None:
    tools = (ToolSpec(name="web_search", kind="provider_native"), ToolSpec(name="read"))
    response = await OfflineModel().create(_request(_user('/tool web_search {"query": "mango"}'), tools=tools))
    assert [block["type"] for block in response.content] == ["server_tool_use", "web_search_tool_result", "text"]
    assert response.content[1]["tool_use_id"] == response.content[0]["id"]
    assert response.content[1]["content"][0]["encrypted_content"].startswith("offline-")
    assert response.stop_reason == "end_turn"
    assert tool_uses(response.content) == []


async def test_responses_are_deterministic_across_instances() -> None:
    request = _request(_user('/text ok\n/tool a {"x": 1}\n/tool b'))
    first = await OfflineModel().create(request)
    second = await OfflineModel().create(request)
    assert first == second
    changed = await OfflineModel().create(_request(_user("before"), _user('/text ok\n/tool a {"x": 1}\n/tool b')))
    assert tool_uses(changed.content)[0].id != tool_uses(first.content)[0].id


def test_factory_builds_the_offline_model() -> None:
    assert isinstance(build_model_client("offline"), OfflineModel)
    with pytest.raises(ValueError, match="MANGO_MODEL_PROVIDER"):
        build_model_client("other")
    with pytest.raises(ValueError, match="MANGO_MODEL_API_KEY"):
        build_model_client("messages", api_key="")


async def test_the_echo_of_a_long_message_respects_the_text_block_bound() -> None:
    # A window far above the message, so the bound under test is the text block's, not the context's.
    response = await OfflineModel(parse_windows("mango-offline-1=4000000:256")).create(_request(_user("x" * 1_000_000)))
    text = response.content[0]["text"]
    assert len(text) == 1_000_000
    assert text.startswith("You said: ")


async def test_a_non_ascii_digit_is_not_a_directive_count() -> None:
    response = await OfflineModel().create(_request(_user("/fail \u00b2")))
    assert response.stop_reason == "end_turn"


async def test_offline_model_counts_with_the_estimator_and_refuses_over_its_window() -> None:
    small = OfflineModel(parse_windows("mango-offline-1=2000:256"))
    reply = await small.create(_request(_user("hello")))
    request = _request(_user("hello"))
    assert reply.usage.input_tokens == estimate_request(None, request.messages, [])
    with pytest.raises(ModelContextOverflowError) as caught:
        await small.create(_request(_user("x" * 6000)))
    assert (caught.value.status_code, caught.value.provider_error_type) == (413, "request_too_large")
    assert not caught.value.retryable
    assert (await OfflineModel().create(_request(_user("x" * 6000)))).stop_reason == "end_turn"  # 200,000 by default


async def test_too_large_directive_refuses_the_first_attempts() -> None:
    model = OfflineModel()
    with pytest.raises(ModelContextOverflowError):
        await model.create(_request(_user("/too-large 1"), attempt=1))
    assert (await model.create(_request(_user("/too-large 1"), attempt=2))).stop_reason == "end_turn"
    with pytest.raises(ModelContextOverflowError):
        await model.create(_request(_user("/too-large always"), attempt=7))


async def test_thinking_pause_and_max_tokens_directives() -> None:
    model = OfflineModel()
    thought = await model.create(_request(_user("/thinking weigh it\n/text answer")))
    assert thought.content[0]["type"] == "thinking"
    assert thought.content[0]["thinking"] == "weigh it"
    assert thought.content[0]["signature"].startswith("offline-")
    assert response_text(thought) == "answer"
    paused = await model.create(_request(_user("/pause\n/text part")))
    assert paused.stop_reason == "pause_turn"
    resumed = await model.create(
        _request(_user("/pause\n/text part"), {"role": "assistant", "content": paused.content})
    )
    assert resumed.stop_reason == "end_turn"
    assert (await model.create(_request(_user("/max-tokens")))).stop_reason == "max_tokens"


async def test_delegation_directives_call_the_coordinator_tools() -> None:
    text = "/delegate researcher /text facts\\n/sleep 1\n/send_to_agent sthr_1 more please"
    response = await OfflineModel().create(_request(_user(text)))
    calls = tool_uses(response)
    assert [(c.name, c.input) for c in calls] == [
        ("delegate", {"agent": "researcher", "message": "/text facts\n/sleep 1"}),
        ("send_to_agent", {"session_thread_id": "sthr_1", "message": "more please"}),
    ]
    assert response.stop_reason == "tool_use"


async def test_report_directive_replies_like_text() -> None:
    response = await OfflineModel().create(_request(_user("/report all green")))
    assert response_text(response) == "all green"
    assert response.stop_reason == "end_turn"
