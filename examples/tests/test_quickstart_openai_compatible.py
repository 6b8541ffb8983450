"""The quickstarts run unchanged on an OpenAI-compatible model: only the model catalogue changes.

The catalogue offers ``mango-offline-1`` (the id the quickstarts name) through the ``openai-chat``
adapter, pointed at the local Chat Completions stand-in (``server/tests/support/fake_openai.py``, a
vLLM-style server: no key, its own model name). The stand-in answers as a model would: the user's
question with a ``get_weather`` call, the tool's result with a reply quoting it. Each quickstart
(Python, curl, TypeScript, Go, run as ``test_quickstarts.py`` runs them) then prints the same tool
call, tool result and final reply as on the offline model.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

import pytest
import yaml
from mango_server.devstack import DevStack, Platform

from ._quickstarts import LANGUAGES, REPO, assert_turn_completed, run_quickstart

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(420)]

SERVED_AS = "Qwen/Qwen2.5-7B-Instruct"


@pytest.fixture(scope="module")
def fake() -> Iterator[Any]:
    # The wire stand-ins live with the server's tests (``tests.support``), outside any installed package.
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(REPO / "server"))
        from tests.support.fake_openai import FakeOpenAIServer

        with FakeOpenAIServer(api_key=None) as server:
            yield server


@pytest.fixture(scope="module")
def platform(mango_services: DevStack, fake: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    folder = tmp_path_factory.mktemp("quickstart-openai")
    entry = {
        "id": "mango-offline-1",
        "adapter": "openai-chat",
        "base_url": fake.base_url,
        "provider_model": SERVED_AS,
        "context_window": 32768,
        "max_output_tokens": 4096,
        "capabilities": {"parallel_tool_calls": True},
    }
    catalogue = folder / "models.yaml"
    catalogue.write_text(yaml.safe_dump({"models": [entry]}))
    running = Platform(mango_services, folder, extra_env={"MANGO_MODELS_FILE": str(catalogue)})
    running.start()
    try:
        yield running
    finally:
        running.stop()


def _answer(request: Any) -> Any:
    """What a tool-calling model answers: a question gets a get_weather call, a tool result a reply quoting it."""
    from tests.support.fake_openai import ChatReply, FakeToolCall

    last = request.json()["messages"][-1]
    if last["role"] == "tool":
        content = last["content"]
        text = content if isinstance(content, str) else "".join(part.get("text", "") for part in content)
        return ChatReply(content=f"Tool results: {text}")
    call = FakeToolCall("call_weather_paris", "get_weather", json.dumps({"city": "Paris"}))
    return ChatReply(content="Let me check.", tool_calls=[call])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_quickstart_runs_on_an_openai_compatible_model(platform: Platform, fake: Any, language: str) -> None:
    fake.reset()
    fake.enqueue(_answer, _answer)
    tenant = platform.create_tenant(f"quickstart-{language}")
    env = {**os.environ, "MANGO_BASE_URL": platform.base_url, "MANGO_API_KEY": tenant.api_key}
    output = run_quickstart(language, env)
    assert_turn_completed(output)
    # The stand-in's reply word for word: the final reply came from the Chat Completions server.
    final = [line for line in output.splitlines() if line.startswith("final reply: ")]
    assert final == ["final reply: Tool results: 18°C and sunny in Paris"], output

    # The two requests went to the stand-in in Chat Completions form, under the served model's name, and
    # the tool's result came back under the model's own tool-call id.
    first, second = fake.bodies()
    assert first["model"] == second["model"] == SERVED_AS
    assert [t["function"]["name"] for t in first["tools"]] == ["get_weather"]
    assert second["messages"][-1]["role"] == "tool"
    assert second["messages"][-1]["tool_call_id"] == "call_weather_paris"
    assert fake.pending == 0
