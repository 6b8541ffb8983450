"""Typed values exchanged across the model boundary.

Role: the provider-neutral request/response shapes that the agent loop hands to a
``ModelClient`` and gets back, the tool declarations sent to the provider, and small pure
helpers to read text and ``tool_use`` blocks out of a response.

Lifecycle: values are built per provider round and are immutable once built. Content
blocks are plain JSON dicts exactly as stored in (and hydrated from) the Provider
Transcript; nothing here copies, normalises or re-orders them, so unknown block types and
unknown fields survive a round trip.

The ``ModelClient`` protocol declares everything the turn engine reads of an adapter: how it
answers a round (``create``), what it can honour (``capabilities``), what a request recipe
records about it (``profile``) and the list price of a model id (``price``, from
``domain.prices``); every adapter implements each member itself, nothing is probed.

Not responsible for: any I/O, retries, permission policy or capability resolution (the
tool plane decides which tools are ``provider_native`` and pins their versions; this
module only renders the declaration).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from mango_server.domain.json import JsonObject, json_count
from mango_server.domain.model_catalogue import DEFAULT_TOOL_VERSIONS, ModelCapabilities
from mango_server.domain.prices import Price

__all__ = [
    "PROVIDER_TOOL_VERSIONS",
    "AdapterProfile",
    "ModelCapabilities",
    "ModelClient",
    "ModelRequest",
    "ModelResponse",
    "TextDeltaCallback",
    "ToolKind",
    "ToolSpec",
    "ToolUse",
    "Usage",
    "response_text",
    "tool_declaration",
    "tool_uses",
]

ToolKind = Literal["custom", "builtin", "provider_native"]

# Default pinned server-tool versions for provider-native tools. A Session snapshot pins its
# own version through ``ToolSpec.provider_type`` so a rollout of this table never changes a
# running Session.
PROVIDER_TOOL_VERSIONS: Mapping[str, str] = DEFAULT_TOOL_VERSIONS

TextDeltaCallback = Callable[[int, str], Awaitable[None]]
"""Receives ``(content block index, text fragment)`` while a response streams."""


@dataclass(frozen=True, slots=True)
class ToolSpec:
    """One tool offered to the model.

    ``custom`` and ``builtin`` tools become ordinary function declarations. A
    ``provider_native`` tool (web_search, web_fetch) becomes a versioned server-tool
    declaration: ``provider_type`` pins the version (defaults to ``PROVIDER_TOOL_VERSIONS``)
    and ``options`` carries extra declaration fields such as ``max_uses``.
    """

    name: str
    description: str = ""
    input_schema: Mapping[str, object] = field(default_factory=lambda: {"type": "object", "properties": {}})
    kind: ToolKind = "custom"
    provider_type: str | None = None
    options: Mapping[str, object] = field(default_factory=dict)


def tool_declaration(spec: ToolSpec) -> dict[str, object]:
    """Render the Messages API ``tools`` entry for ``spec``.

    Raises:
        ValueError: a provider-native tool has no known or pinned server-tool version.
    """
    if spec.kind == "provider_native":
        version = spec.provider_type or PROVIDER_TOOL_VERSIONS.get(spec.name)
        if version is None:
            raise ValueError(f"provider-native tool {spec.name!r} has no pinned server-tool version")
        return {"type": version, "name": spec.name, **spec.options}
    declaration: dict[str, object] = {"name": spec.name, "description": spec.description}
    declaration["input_schema"] = dict(spec.input_schema)
    declaration.update(spec.options)
    return declaration


@dataclass(frozen=True, slots=True)
class ModelRequest:
    """One provider round.

    ``messages`` are provider-wire messages (``role`` plus content blocks) exactly as kept
    in the Provider Transcript; adapters send them unchanged. ``attempt`` is the caller's
    1-based attempt number for this round (for example the orchestration retry attempt);
    adapters may ignore it. ``extra`` holds further body fields (``tool_choice``,
    ``thinking``, ``temperature``) passed through verbatim.
    """

    model: str
    messages: list[JsonObject]
    max_tokens: int
    system: str | None = None
    tools: Sequence[ToolSpec] = ()
    metadata: Mapping[str, object] | None = None
    extra: Mapping[str, object] = field(default_factory=dict)
    attempt: int | None = None


@dataclass(frozen=True, slots=True)
class Usage:
    """Token accounting reported by the provider for one response."""

    input_tokens: int = 0
    output_tokens: int = 0
    cache_creation_input_tokens: int = 0
    cache_read_input_tokens: int = 0
    server_tool_use: Mapping[str, object] | None = None

    @classmethod
    def from_wire(cls, raw: Mapping[str, object] | None) -> Usage:
        """Build from a provider ``usage`` object, treating missing or null counts as 0."""
        raw = raw or {}
        server_tool_use = raw.get("server_tool_use")
        return cls(
            input_tokens=json_count(raw.get("input_tokens")),
            output_tokens=json_count(raw.get("output_tokens")),
            cache_creation_input_tokens=json_count(raw.get("cache_creation_input_tokens")),
            cache_read_input_tokens=json_count(raw.get("cache_read_input_tokens")),
            server_tool_use=dict(server_tool_use) if isinstance(server_tool_use, Mapping) else None,
        )


@dataclass(frozen=True, slots=True)
class ModelResponse:
    """A complete provider response.

    ``content`` holds the provider's content blocks as received, unknown block types and
    fields included; store them in the transcript as they are.
    """

    content: list[JsonObject]
    stop_reason: str
    usage: Usage = field(default_factory=Usage)
    request_id: str | None = None
    message_id: str | None = None
    model: str | None = None
    stop_sequence: str | None = None


@dataclass(frozen=True, slots=True)
class ToolUse:
    """A client-executed tool call requested by the model (a ``tool_use`` block)."""

    id: str
    name: str
    input: JsonObject


def _blocks(source: ModelResponse | Sequence[Mapping[str, object]]) -> Sequence[Mapping[str, object]]:
    return source.content if isinstance(source, ModelResponse) else source


def response_text(source: ModelResponse | Sequence[Mapping[str, object]]) -> str:
    """Concatenate the ``text`` blocks of a response (or of its content) in order."""
    return "".join(str(block.get("text", "")) for block in _blocks(source) if block.get("type") == "text")


def tool_uses(source: ModelResponse | Sequence[Mapping[str, object]]) -> list[ToolUse]:
    """Return the ``tool_use`` blocks of a response (or of its content) in order.

    Provider-executed ``server_tool_use`` blocks are not included: the provider already ran
    them inside the call.
    """
    calls: list[ToolUse] = []
    for block in _blocks(source):
        if block.get("type") != "tool_use":
            continue
        raw_input = block.get("input")
        calls.append(
            ToolUse(str(block["id"]), str(block["name"]), dict(raw_input) if isinstance(raw_input, Mapping) else {})
        )
    return calls


@dataclass(frozen=True, slots=True)
class AdapterProfile:
    """What a request recipe records about the adapter that sends it (the recipe's ``adapter`` object).

    ``name`` is the adapter (``offline``, ``messages``), ``version`` its wire version, recorded under
    ``version_field``, and ``options`` the body options that change what is sent (``stream``).
    """

    name: str
    version: str
    version_field: str = "version"
    options: Mapping[str, str | int | bool] = field(default_factory=dict)

    def recorded(self) -> dict[str, str | int | bool]:
        """The recipe's ``adapter`` object: ``{"adapter": name, <version_field>: version, **options}``."""
        return {"adapter": self.name, self.version_field: self.version, **self.options}


class ModelClient(Protocol):
    """The model boundary used by the agent loop: the one call, and what the engine reads of the adapter."""

    @property
    def capabilities(self) -> ModelCapabilities:
        """What the adapter can honour (frozen; fixed for the adapter's life)."""
        ...

    @property
    def profile(self) -> AdapterProfile:
        """What a request recipe records about the adapter."""
        ...

    def price(self, model_id: str) -> Price | None:
        """The list price of ``model_id`` (``domain.prices``); ``None`` when the model has none."""
        ...

    async def create(self, request: ModelRequest, on_text_delta: TextDeltaCallback | None = None) -> ModelResponse:
        """Run one provider round and return the complete response.

        ``on_text_delta`` receives live text fragments for previews; it is best effort and
        may see a restarted stream when the adapter retries.

        Raises:
            ModelError: the call failed; ``retryable`` says whether to try again.
        """
        ...
