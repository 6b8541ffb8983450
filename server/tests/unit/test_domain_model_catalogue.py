"""The operator's model catalogue: parsing, errors that name file, entry and field, fail-closed capabilities,
the older variables' one entry, the Agent model checks, and the catalogue ``mango dev`` ships."""

from __future__ import annotations

import re
from typing import Any

import pytest
import yaml
from mango_server.dev_models import DEV_MODELS
from mango_server.domain.errors import InvalidRequestError
from mango_server.domain.model_catalogue import (
    CatalogueError,
    CredentialSource,
    ModelCapabilities,
    check_agent_model,
    legacy_catalogue,
    parse_catalogue,
)
from mango_server.domain.model_windows import ModelWindow
from mango_server.domain.prices import Price
from mango_server.model import adapter_rules

FILE = "/etc/mango/models.yaml"
RULES = adapter_rules()


def _offline(**fields: Any) -> dict[str, Any]:
    return {"id": "local-1", "adapter": "offline", "context_window": 32000, "max_output_tokens": 4096, **fields}


def _messages(**fields: Any) -> dict[str, Any]:
    return {"id": "claude-sonnet-4-5", "adapter": "messages", "credential": {"env": "ANTHROPIC_API_KEY"}, **fields}


def _parse(*entries: dict[str, Any], **top: Any) -> Any:
    return parse_catalogue({"models": list(entries), **top}, FILE, RULES)


def test_a_full_entry() -> None:
    catalogue = _parse(
        _messages(
            aliases=["sonnet"],
            base_url="https://gateway.example/anthropic/",
            provider_model="claude-sonnet-4-5-20250929",
            headers={"anthropic-beta": "fast-mode-2026-02-01"},
            max_output_tokens=32000,
            capabilities={"web_search": "web_search_20250305", "web_fetch": True, "fast_mode": True, "thinking": False},
            list_price={"input": 3, "output": 15, "cache_read": 0.3},
        ),
        _offline(),
        default="local-1",
    )
    entry = catalogue.get("sonnet")
    assert entry is catalogue.get("claude-sonnet-4-5")
    assert entry is not None
    assert entry.base_url == "https://gateway.example/anthropic"
    assert entry.upstream_model == "claude-sonnet-4-5-20250929"
    assert entry.credential == CredentialSource("env", "ANTHROPIC_API_KEY")
    assert entry.headers == {"anthropic-beta": "fast-mode-2026-02-01"}
    # The built-in window table fills an undeclared window of a known model; the declared output limit wins.
    assert entry.window == ModelWindow(200_000, 32_000)
    caps = entry.capabilities
    assert (caps.native_web_search, caps.native_web_fetch, caps.fast_mode) == (True, True, True)
    assert caps.provider_tool_versions == {"web_search": "web_search_20250305", "web_fetch": "web_fetch_20250910"}
    assert entry.list_price == Price(3, 15, cache_write=3, cache_read=0.3, web_search=0.0, web_fetch=0.0)
    assert catalogue.default == "local-1"
    assert catalogue.offered() == ["claude-sonnet-4-5", "sonnet", "local-1"]
    assert catalogue.windows()["sonnet"] == ModelWindow(200_000, 32_000)


def test_undeclared_capabilities_are_off_and_undeclared_prices_unpriced() -> None:
    entry = _parse(_offline()).entries[0]
    assert entry.capabilities == ModelCapabilities()
    assert not any(entry.capabilities.flags().values())
    assert entry.capabilities.provider_tool_versions == {}
    assert entry.list_price is None
    assert entry.base_url is None
    assert entry.credential is None
    # The first entry is the default; the messages adapter has a default endpoint.
    assert _parse(_messages()).entries[0].base_url == "https://api.anthropic.com"


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ([], r"^/etc/mango/models.yaml: must be a mapping"),
        ({"models": []}, r"models: must be a non-empty list"),
        ({"models": [_offline()], "extra": 1}, r"unknown top-level key 'extra'"),
        ({"models": [_offline()], "default": "nope"}, r"default: 'nope' is not an offered model"),
        ({"models": [{"adapter": "offline"}]}, r"models\[0\]: id: required"),
        ({"models": [_offline(adapter="gemini")]}, r"models\[0\] \(local-1\): adapter: must be one of"),
        ({"models": [_offline(api_key="sk-1")]}, r"models\[0\] \(local-1\): api_key: a credential is never written"),
        ({"models": [_offline(colour="red")]}, r"unknown field 'colour'"),
        ({"models": [_offline(), _offline()]}, r"models\[1\] \(local-1\): 'local-1' is already offered"),
        ({"models": [_offline(), _offline(id="b", aliases=["local-1"])]}, r"models\[1\] \(b\): 'local-1'"),
        ({"models": [_offline(context_window=0)]}, r"\(local-1\): context_window: must be a positive integer"),
        ({"models": [_offline(max_output_tokens=32000)]}, r"max_output_tokens: must be smaller than context_window"),
        (
            {"models": [{"id": "my-model", "adapter": "offline"}]},
            r"\(my-model\): context_window: required \(Mango's built-in window table does not know it\)",
        ),
        ({"models": [_offline(capabilities={"telepathy": True})]}, r"capabilities: unknown capability 'telepathy'"),
        ({"models": [_offline(capabilities={"thinking": "yes"})]}, r"capabilities: thinking: must be true or false"),
        ({"models": [_offline(capabilities={"web_search": "web_fetch_20250910"})]}, r"web_search: a tool version"),
        ({"models": [_offline(base_url="http://x")]}, r"base_url: the offline adapter takes none"),
        ({"models": [_offline(credential={"env": "K"})]}, r"credential: the offline adapter takes none"),
        ({"models": [_messages(credential=None)]}, r"credential: required by the messages adapter"),
        ({"models": [_messages(credential={"value": "sk"})]}, r"credential: must be \{env: VARIABLE\}"),
        ({"models": [_messages(credential={"env": "NOT A NAME"})]}, r"credential.env: 'NOT A NAME' is not"),
        ({"models": [_messages(base_url="ftp://x")]}, r"base_url: must be an absolute http or https URL"),
        ({"models": [_messages(headers={"x-api-key": "sk"})]}, r"headers.x-api-key: credentials are never written"),
        ({"models": [_messages(headers={"Authorization": "Bearer x"})]}, r"headers.Authorization: credentials"),
        ({"models": [_messages(headers={"x-a": "1\n2"})]}, r"headers.x-a: must be a single-line string"),
        ({"models": [_offline(options={"stream": False})]}, r"options.stream: the offline adapter has no such option"),
        (
            {"models": [_messages(options={"max_tokens_field": "max_completion_tokens"})]},
            r"options.max_tokens_field: the messages adapter has no such option",
        ),
        ({"models": [_offline(list_price={"input": 1})]}, r"list_price.output: required"),
        ({"models": [_offline(list_price={"input": -1, "output": 1})]}, r"list_price.input: must be a number"),
        ({"models": [_offline(list_price={"input": 1, "output": 1, "per_call": 1})]}, r"unknown field 'per_call'"),
        (
            {"models": [{"id": "gpt", "adapter": "openai-chat", "context_window": 8000, "max_output_tokens": 100}]},
            r"\(gpt\): base_url: required by the openai-chat adapter",
        ),
        (
            {
                "models": [
                    {
                        "id": "gpt",
                        "adapter": "openai-chat",
                        "base_url": "http://127.0.0.1:8001/v1",
                        "context_window": 8000,
                        "max_output_tokens": 100,
                        "capabilities": {"web_search": True},
                    }
                ]
            },
            r"\(gpt\): capabilities: web_search: the openai-chat adapter cannot offer it",
        ),
    ],
)
def test_errors_name_the_file_the_entry_and_the_field(data: Any, expected: str) -> None:
    with pytest.raises(CatalogueError, match=expected) as caught:
        parse_catalogue(data, FILE, RULES)
    assert str(caught.value).startswith(FILE)
    assert "sk-1" not in str(caught.value)
    assert "Bearer x" not in str(caught.value)


def test_an_openai_chat_entry_without_a_credential_is_valid() -> None:
    qwen = {
        "id": "qwen",
        "adapter": "openai-chat",
        "base_url": "http://127.0.0.1:8001/v1",
        "context_window": 32768,
        "max_output_tokens": 4096,
        "capabilities": {"parallel_tool_calls": True},
        "options": {"max_tokens_field": "max_completion_tokens", "replay_reasoning": False},
    }
    entry = _parse(qwen).entries[0]
    assert entry.options == {"max_tokens_field": "max_completion_tokens", "replay_reasoning": False}
    for bad in ({"max_tokens_field": "max_output"}, {"replay_reasoning": "no"}, {"replay_reasoning": 0}):
        with pytest.raises(CatalogueError, match=r"\(qwen\): options\.\w+: must be one of"):
            _parse({**qwen, "options": bad})
    assert entry.credential is None
    assert entry.capabilities.parallel_tool_calls
    assert not entry.capabilities.native_web_search


def test_the_older_variables_are_a_one_entry_catalogue() -> None:
    offline = legacy_catalogue("offline", "mango-offline-1", "https://api.anthropic.com", {})
    assert offline.offered() == ["mango-offline-1"]
    assert offline.default == "mango-offline-1"
    entry = offline.entries[0]
    assert entry.adapter == "offline"
    assert entry.base_url is None
    assert entry.credential is None
    assert entry.capabilities.native_web_search
    assert not entry.capabilities.native_web_fetch
    assert entry.list_price is not None  # the embedded nominal price
    messages = legacy_catalogue(
        "messages", "claude-sonnet-4-5", "https://api.anthropic.com/", {"claude-sonnet-4-5": ModelWindow(9000, 900)}
    )
    entry = messages.entries[0]
    assert entry.credential == CredentialSource("env", "MANGO_MODEL_API_KEY")
    assert entry.base_url == "https://api.anthropic.com"
    assert entry.window == ModelWindow(9000, 900)
    assert entry.capabilities.native_web_search
    assert entry.capabilities.native_web_fetch
    assert not entry.capabilities.fast_mode
    with pytest.raises(CatalogueError, match="MANGO_MODEL_PROVIDER must be"):
        legacy_catalogue("other", "m", "", {})
    with pytest.raises(CatalogueError, match="MANGO_MODEL_BASE_URL is required"):
        legacy_catalogue("messages", "m", "", {})


def test_agent_models_are_checked_against_the_catalogue() -> None:
    catalogue = _parse(
        _offline(id="searcher", aliases=["s"], capabilities={"web_search": True, "fast_mode": True}),
        _offline(id="plain"),
    )
    assert check_agent_model(catalogue, {"id": "s", "speed": "fast", "max_tokens": 4096}, enabled=["web_search"])
    with pytest.raises(InvalidRequestError, match=r"'gpt-9' is not offered by this deployment; offered models: ") as no:
        check_agent_model(catalogue, {"id": "gpt-9"})
    assert no.value.details == {"offered_models": ["searcher", "s", "plain"]}
    with pytest.raises(InvalidRequestError, match=r"tools: web_search is enabled but 'plain' has no native web search"):
        check_agent_model(catalogue, {"id": "plain", "speed": "standard"}, enabled=["bash", "web_search"])
    with pytest.raises(InvalidRequestError, match=r"model.max_tokens: 4097 exceeds the output limit of 'plain'"):
        check_agent_model(catalogue, {"id": "plain", "max_tokens": 4097})
    with pytest.raises(InvalidRequestError, match=r"multiagent.agents\[1\].model.speed: 'fast' is not offered"):
        check_agent_model(catalogue, {"id": "plain", "speed": "fast"}, where="multiagent.agents[1].model")
    # web_fetch needs no native capability: the platform-managed executor answers it.
    assert check_agent_model(catalogue, {"id": "plain"}, enabled=["web_fetch"]).id == "plain"


def test_the_dev_catalogue_and_its_commented_examples_are_valid() -> None:
    shipped = parse_catalogue(yaml.safe_load(DEV_MODELS), "models.yaml", RULES)
    assert shipped.offered() == ["mango-offline-1"]
    assert shipped.entries[0].capabilities.native_web_search  # the quickstart's default toolset keeps working
    # Uncommenting every example entry gives a valid catalogue too.
    lines = DEV_MODELS.splitlines()
    uncommented = [re.sub(r"^  # ([- ] )", r"  \1", line) for line in lines]
    examples = parse_catalogue(yaml.safe_load("\n".join(uncommented)), "models.yaml", RULES)
    assert examples.offered() == ["mango-offline-1", "claude-sonnet-4-5", "sonnet", "gpt-4.1", "qwen2.5-7b", "llama3.1"]
    adapters = {e.id: e.adapter for e in examples.entries}
    assert adapters["claude-sonnet-4-5"] == "messages"
    assert adapters["llama3.1"] == "openai-chat"
