"""The adapter table: which ``ModelClient`` speaks each catalogue ``adapter``, and what an entry of it may declare.

Role: one :class:`Adapter` per name a catalogue entry may give (``offline``, ``messages``, ``openai-chat``):
the rules the catalogue validates the entry against (``domain.model_catalogue.AdapterRules``: which
capabilities the adapter can carry, whether it takes a base URL and a credential) and the builder that
makes the entry's client. A new adapter is one more row. An adapter whose row has no builder is still
validated, and refused at start-up with a "not available" error naming the entry.

Credentials are read here, once, at start-up (:func:`read_credential`), from the environment variable or
the file the entry names; the secret goes to the client and nowhere else (never a log or an error).

Not responsible for: parsing the catalogue (``domain.model_catalogue``) or routing requests (``_router``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import cast

import httpx

from mango_server.domain.model_catalogue import (
    CAPABILITY_KEYS,
    AdapterRules,
    CatalogueError,
    CredentialSource,
    ModelEntry,
)

from ._types import ModelClient
from .messages import MessagesClient
from .offline import OfflineModel

__all__ = ["ADAPTERS", "Adapter", "EndpointOptions", "adapter_rules", "read_credential"]


@dataclass(frozen=True, slots=True)
class EndpointOptions:
    """Process-wide transport settings every endpoint client gets."""

    connect_timeout: float = 10.0
    read_timeout: float = 600.0
    max_retries: int = 4
    stream: bool = True


Builder = Callable[[ModelEntry, str | None, EndpointOptions], ModelClient]


@dataclass(frozen=True, slots=True)
class Adapter:
    """One adapter: what the catalogue accepts for it and how its client is built (``None``: not in this build)."""

    rules: AdapterRules
    build: Builder | None
    unavailable: str = ""


def _offline(entry: ModelEntry, secret: str | None, options: EndpointOptions) -> ModelClient:
    return OfflineModel({entry.upstream_model: entry.window}, capabilities=entry.capabilities)


def _messages(entry: ModelEntry, secret: str | None, options: EndpointOptions) -> ModelClient:
    assert secret, "the catalogue requires a credential for this adapter"
    assert entry.base_url, "the catalogue gives this adapter a base URL"
    return MessagesClient(
        api_key=secret,
        base_url=entry.base_url,
        timeout=httpx.Timeout(options.read_timeout, connect=options.connect_timeout),
        max_retries=options.max_retries,
        stream=options.stream,
        capabilities=entry.capabilities,
        headers=entry.headers,
    )


def _openai_chat(entry: ModelEntry, secret: str | None, options: EndpointOptions) -> ModelClient:
    """The OpenAI Chat Completions adapter (OpenAI, vLLM, Ollama, llama.cpp, gateways); ``openai`` is
    imported only when an entry uses it."""
    from ._chat_wire import MaxTokensField
    from .openai_chat import OpenAIChatClient

    assert entry.base_url, "the catalogue requires a base URL for this adapter"
    return OpenAIChatClient(
        api_key=secret or "",
        base_url=entry.base_url,
        headers=entry.headers,
        timeout=httpx.Timeout(options.read_timeout, connect=options.connect_timeout),
        max_retries=options.max_retries,
        stream=options.stream,
        include_usage=bool(entry.options.get("include_usage", True)),
        max_tokens_field=cast(MaxTokensField, entry.options.get("max_tokens_field", "max_tokens")),
        replay_reasoning=bool(entry.options.get("replay_reasoning", True)),
        # Chat Completions carries no Messages blocks it does not know.
        capabilities=dataclasses.replace(entry.capabilities, preserves_unknown_content_blocks=False),
    )


ADAPTERS: Mapping[str, Adapter] = {
    "offline": Adapter(AdapterRules(frozenset(CAPABILITY_KEYS), base_url="none", credential="none"), _offline),
    "messages": Adapter(
        AdapterRules(
            frozenset(CAPABILITY_KEYS),
            base_url="optional",
            default_base_url="https://api.anthropic.com",
            credential="required",
        ),
        _messages,
    ),
    "openai-chat": Adapter(
        AdapterRules(
            frozenset({"thinking", "image_input", "pdf_input", "parallel_tool_calls", "prompt_caching"}),
            base_url="required",
            credential="optional",
            options={
                "max_tokens_field": ("max_tokens", "max_completion_tokens"),
                "replay_reasoning": (True, False),
                "include_usage": (True, False),
            },
        ),
        _openai_chat,
    ),
}


def adapter_rules(adapters: Mapping[str, Adapter] = ADAPTERS) -> dict[str, AdapterRules]:
    """What the catalogue validates entries against, by adapter name."""
    return {name: adapter.rules for name, adapter in adapters.items()}


def read_credential(source: CredentialSource, environ: Mapping[str, str], where: str) -> str:
    """The secret ``source`` names (an environment variable's value or a file's stripped content).

    Raises:
        CatalogueError: the variable is unset or empty, or the file cannot be read or is empty; the
            message names the variable or the path, never a value.
    """
    if source.kind == "env":
        value = environ.get(source.name, "")
        if not value:
            raise CatalogueError(f"{where}: credential.env: the environment variable {source.name} is not set")
        return value
    try:
        value = Path(source.name).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else type(exc).__name__
        raise CatalogueError(f"{where}: credential.file: cannot read {source.name} ({reason})") from None
    if not value:
        raise CatalogueError(f"{where}: credential.file: {source.name} is empty")
    return value
