"""The model router over the operator's catalogue: one client per entry picked by model id or alias, the name
the endpoint knows, entry prices and endpoint profiles, credentials read once from the environment or a file,
and the start-up errors of ``load_catalogue`` / ``build_router``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from mango_server.domain.model_catalogue import CatalogueError, parse_catalogue
from mango_server.domain.model_windows import ModelWindow
from mango_server.model import (
    ADAPTERS,
    Adapter,
    ModelRequest,
    ModelRequestFailedError,
    ModelRouter,
    adapter_rules,
    build_router,
    load_catalogue,
    response_text,
)
from mango_server.settings import Settings

from tests.support.fake_messages import FakeMessagesServer, MessageReply
from tests.support.fake_openai import ChatReply, FakeOpenAIServer

SECRET = "sk-router-test-0123456789"


def _catalogue(entries: list[dict[str, Any]], source: str = "models.yaml") -> Any:
    return parse_catalogue({"models": entries}, source, adapter_rules())


def _offline(model_id: str, **fields: Any) -> dict[str, Any]:
    return {"id": model_id, "adapter": "offline", "context_window": 50_000, "max_output_tokens": 2000, **fields}


def _ask(model: str, text: str = "hello", **fields: Any) -> ModelRequest:
    user = {"role": "user", "content": [{"type": "text", "text": text}]}
    return ModelRequest(model=model, messages=[user], max_tokens=100, **fields)


async def test_requests_go_to_their_entry_by_id_or_alias() -> None:
    catalogue = _catalogue(
        [
            _offline("a", aliases=["first"], capabilities={"web_search": True}, list_price={"input": 1, "output": 2}),
            _offline("b", provider_model="b-upstream", context_window=9000, max_output_tokens=900),
        ]
    )
    router = build_router(catalogue, {})
    answer = await router.create(_ask("first"))
    assert response_text(answer) == "You said: hello"
    assert answer.model == "a"
    assert (await router.create(_ask("b"))).model == "b-upstream"  # the name the endpoint knows
    assert router.price("first") == catalogue.get("a").list_price
    assert router.price("b") is None  # undeclared: unpriced
    endpoint = router.endpoint("first")
    assert endpoint is not None
    assert endpoint.model == "a"
    assert endpoint.adapter.name == "offline"
    assert endpoint.capabilities.native_web_search
    assert not endpoint.capabilities.native_web_fetch
    assert router.endpoint("b") is not None
    assert router.endpoint("b").window == ModelWindow(9000, 900)
    # A recipe records the name each request is sent under, whichever id or alias the Agent named.
    assert endpoint.recorded()["provider_model"] == "a"
    assert router.endpoint("b").recorded()["provider_model"] == "b-upstream"
    pinned = router.endpoint("b").pinned(router.endpoint("b").recorded())
    assert (pinned.model, pinned.provider_model) == ("b", "b-upstream")
    assert router.endpoint("gpt-9") is None
    assert router.capabilities == catalogue.get("a").capabilities  # the default entry's
    with pytest.raises(ModelRequestFailedError, match=r"'gpt-9' is not offered by this deployment") as refused:
        await router.create(_ask("gpt-9"))
    assert not refused.value.retryable
    await router.aclose()


async def test_a_session_pins_what_its_first_request_recorded() -> None:
    router = build_router(_catalogue([_offline("a", capabilities={"web_search": True, "fast_mode": True})]), {})
    current = router.endpoint("a")
    assert current is not None
    recorded = current.recorded()
    assert recorded == {
        "model": "a",
        "adapter": "offline",
        "capabilities": {**dict.fromkeys(current.capabilities.flags(), False), "web_search": True, "fast_mode": True},
        "tool_versions": {"web_search": "web_search_20250305"},
        "context_window": 50_000,
        "max_output_tokens": 2000,
        "provider_model": "a",
    }
    assert current.pinned(None) is current
    older = {**recorded, "capabilities": {"web_search": False}, "tool_versions": {}, "context_window": 40_000}
    pinned = current.pinned(older)
    assert not pinned.capabilities.native_web_search
    assert not pinned.capabilities.fast_mode
    assert pinned.window == ModelWindow(40_000, 2000)


async def test_a_messages_entry_sends_its_headers_name_and_key_read_from_the_environment() -> None:
    with FakeMessagesServer(api_key=SECRET) as fake:
        catalogue = _catalogue(
            [
                {
                    "id": "sonnet",
                    "adapter": "messages",
                    "base_url": fake.base_url,
                    "provider_model": "claude-sonnet-4-5",
                    "credential": {"env": "MY_ANTHROPIC_KEY"},
                    "headers": {"anthropic-beta": "fast-mode-2026-02-01"},
                    "capabilities": {"fast_mode": True},
                }
            ]
        )
        router = build_router(catalogue, {"MY_ANTHROPIC_KEY": SECRET})
        fake.enqueue(MessageReply([{"type": "text", "text": "hi"}]))
        answer = await router.create(_ask("sonnet", extra={"speed": "fast"}))
        assert response_text(answer) == "hi"
        sent = fake.requests[-1]
        assert sent.headers["anthropic-beta"] == "fast-mode-2026-02-01"
        assert sent.json()["model"] == "claude-sonnet-4-5"
        assert sent.json()["speed"] == "fast"
        assert SECRET not in repr(router.endpoint("sonnet"))
        await router.aclose()


def test_credentials_are_read_at_start_up_and_errors_name_the_entry(tmp_path: Path) -> None:
    entry = {"id": "claude-sonnet-4-5", "adapter": "messages", "credential": {"env": "MISSING_KEY"}}
    where = r"^models.yaml: models\[0\] \(claude-sonnet-4-5\): "
    with pytest.raises(CatalogueError, match=where + r"credential.env: .*MISSING_KEY"):
        build_router(_catalogue([entry]), {})
    key_file = tmp_path / "key"
    key_file.write_text(SECRET + "\n")
    router = build_router(_catalogue([{**entry, "credential": {"file": str(key_file)}}]), {})
    assert isinstance(router, ModelRouter)
    with pytest.raises(CatalogueError, match=r"credential.file: cannot read .*/absent \(No such file"):
        build_router(_catalogue([{**entry, "credential": {"file": str(tmp_path / "absent")}}]), {})
    key_file.write_text("\n")
    with pytest.raises(CatalogueError, match=r"credential.file: .* is empty"):
        build_router(_catalogue([{**entry, "credential": {"file": str(key_file)}}]), {})


async def test_an_openai_chat_entry_speaks_chat_completions_with_its_options() -> None:
    with FakeOpenAIServer(api_key=None) as fake:
        entry = {
            "id": "qwen",
            "adapter": "openai-chat",
            "base_url": fake.base_url,
            "provider_model": "Qwen/Qwen2.5-7B-Instruct",
            "options": {"max_tokens_field": "max_completion_tokens"},
            "context_window": 32768,
            "max_output_tokens": 4096,
            "capabilities": {"parallel_tool_calls": True},
        }
        router = build_router(_catalogue([entry]), {})
        fake.enqueue(ChatReply(content="hi"))
        answer = await router.create(_ask("qwen"))
        assert response_text(answer) == "hi"
        sent = fake.requests[-1]
        assert "authorization" not in sent.headers  # no credential declared: none sent
        body = sent.json()
        assert body["model"] == "Qwen/Qwen2.5-7B-Instruct"
        assert body["max_completion_tokens"] == 100
        assert "max_tokens" not in body
        endpoint = router.endpoint("qwen")
        assert endpoint is not None
        assert endpoint.adapter.name == "openai-chat"
        assert endpoint.capabilities.parallel_tool_calls
        assert not endpoint.capabilities.native_web_search
        await router.aclose()


def test_an_adapter_without_a_builder_is_validated_then_refused() -> None:
    adapters = {**ADAPTERS, "openai-chat": Adapter(ADAPTERS["openai-chat"].rules, None, "not in this build")}
    entry = {
        "id": "qwen",
        "adapter": "openai-chat",
        "base_url": "http://127.0.0.1:8001/v1",
        "context_window": 32768,
        "max_output_tokens": 4096,
    }
    catalogue = _catalogue([_offline("a"), entry])
    with pytest.raises(CatalogueError, match=r"models\[1\] \(qwen\): adapter: not in this build"):
        build_router(catalogue, {}, adapters=adapters)


def test_load_catalogue_reads_the_file_or_the_older_variables(tmp_path: Path) -> None:
    path = tmp_path / "models.yaml"
    path.write_text(yaml.safe_dump({"models": [_offline("a")]}))
    assert load_catalogue(Settings(models_file=str(path))).offered() == ["a"]
    path.write_text("models: [\n")
    with pytest.raises(CatalogueError, match=rf"^{path}: not valid YAML at line"):
        load_catalogue(Settings(models_file=str(path)))
    with pytest.raises(CatalogueError, match=r"MANGO_MODELS_FILE: cannot read .*nope.yaml"):
        load_catalogue(Settings(models_file=str(tmp_path / "nope.yaml")))
    legacy = load_catalogue(Settings(model_windows="mango-offline-1=9000:900"))
    assert legacy.offered() == ["mango-offline-1"]
    assert legacy.entries[0].window == ModelWindow(9000, 900)
    with pytest.raises(CatalogueError, match=r"MANGO_MODEL_PROVIDER=messages: credential.env: .*MANGO_MODEL_API_KEY"):
        build_router(load_catalogue(Settings(model_provider="messages", default_model="claude-sonnet-4-5")), {})
