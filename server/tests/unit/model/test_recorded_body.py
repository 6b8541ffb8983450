"""``recorded_body`` rebuilds, from a recipe's adapter object, the exact bytes each adapter sent: the
Chat Completions client (with each of its body options) and the Messages client, each against its
wire fake."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from mango_server.model import MessagesClient, ModelRequest, OpenAIChatClient, ToolSpec, recorded_body

from tests.support.fake_messages import FakeMessagesServer, MessageReply
from tests.support.fake_openai import ChatReply, FakeOpenAIServer

REQUEST = ModelRequest(
    model="matrix-model",
    system="Be brief.",
    messages=[{"role": "user", "content": [{"type": "text", "text": "hi"}]}],
    tools=[ToolSpec(name="get_weather", description="Weather.", input_schema={"type": "object"})],
    max_tokens=300,
    extra={"temperature": 0},
)


@pytest.fixture(scope="module")
def chat() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer(api_key=None) as fake:
        yield fake


@pytest.fixture(scope="module")
def messages() -> Iterator[FakeMessagesServer]:
    with FakeMessagesServer() as fake:
        yield fake


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"stream": False},
        {"include_usage": False},
        {"max_tokens_field": "max_completion_tokens", "replay_reasoning": False},
    ],
    ids=["defaults", "not-streamed", "no-usage", "completion-tokens"],
)
async def test_a_chat_completions_recipe_rebuilds_the_bytes_sent(
    chat: FakeOpenAIServer, options: dict[str, Any]
) -> None:
    chat.reset()
    chat.enqueue(ChatReply("ok"))
    async with OpenAIChatClient(base_url=chat.base_url, **options) as client:
        await client.create(REQUEST)
        recorded = client.profile.recorded()
    assert recorded["adapter"] == "openai-chat"
    assert recorded_body(REQUEST, recorded) == chat.requests[-1].body


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "not-streamed"])
async def test_a_messages_recipe_rebuilds_the_bytes_sent(messages: FakeMessagesServer, stream: bool) -> None:
    messages.reset()
    messages.enqueue(MessageReply([{"type": "text", "text": "ok"}]))
    async with MessagesClient(api_key="sk-fake-test-key", base_url=messages.base_url, stream=stream) as client:
        await client.create(REQUEST)
        recorded = client.profile.recorded()
    assert recorded_body(REQUEST, recorded) == messages.requests[-1].body
    assert b'"max_completion_tokens"' not in recorded_body(REQUEST, recorded)
