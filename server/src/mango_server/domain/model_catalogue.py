"""The operator's model catalogue: the models a deployment offers, what each endpoint can do, and the checks
an Agent's model configuration must pass.

Role: one :class:`ModelEntry` per model Agents may name (its id and aliases), with the adapter that speaks
to it, where it is (base URL), where its credential comes from (an environment variable or a file: never
the secret itself), extra headers, its window and output limit, its capabilities and its list price.
:func:`parse_catalogue` validates the parsed ``MANGO_MODELS_FILE`` (YAML) and names the file, the entry and
the field of every problem; :func:`legacy_catalogue` is the one-entry catalogue of the older
``MANGO_MODEL_PROVIDER`` / ``MANGO_DEFAULT_MODEL`` variables. Capabilities are declared, never guessed from
a hostname: anything an entry does not declare is off (fail closed).

:func:`check_agent_model` is what the api runs on an Agent's body: the model (and an Advisor member's) must
be offered, an enabled ``web_search`` needs an endpoint with native web search, ``max_tokens`` is bounded by
the entry's output limit and ``speed: fast`` needs an endpoint that offers it.

Pure: reading the file and resolving credentials belong to ``model`` (``load_catalogue``, the adapter table).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from mango_server.domain.errors import InvalidRequestError
from mango_server.domain.model_windows import ModelWindow, resolve_window
from mango_server.domain.prices import Price, resolve_price

__all__ = [
    "CAPABILITY_KEYS",
    "AdapterRules",
    "CatalogueError",
    "CredentialSource",
    "ModelCapabilities",
    "ModelCatalogue",
    "ModelEntry",
    "check_agent_model",
    "legacy_catalogue",
    "parse_catalogue",
]

#: Default pinned server-tool versions of provider-native tools (``web_search: true`` in an entry means these).
DEFAULT_TOOL_VERSIONS: Mapping[str, str] = {
    "web_search": "web_search_20250305",
    "web_fetch": "web_fetch_20250910",
}
#: Every capability an entry may declare, in the order the catalogue and ``GET /v1/models`` list them.
CAPABILITY_KEYS = (
    "web_search",
    "web_fetch",
    "citations",
    "thinking",
    "image_input",
    "pdf_input",
    "parallel_tool_calls",
    "prompt_caching",
    "fast_mode",
)
_ENTRY_KEYS = frozenset(
    {
        "id", "aliases", "adapter", "base_url", "provider_model", "credential", "headers", "options",
        "context_window", "max_output_tokens", "capabilities", "list_price",
    }
)  # fmt: skip
_PRICE_KEYS = ("input", "output", "cache_write", "cache_read", "web_search", "web_fetch")
_SECRET_KEYS = frozenset({"api_key", "key", "token", "secret", "password"})
_CREDENTIAL_HEADERS = frozenset({"authorization", "x-api-key", "api-key", "proxy-authorization"})
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,255}$")
_HEADER = re.compile(r"^[A-Za-z0-9!#$%&'*+.^_`|~-]+$")
_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_TOOL_VERSION = re.compile(r"^(web_search|web_fetch)_\d{8}$")


class CatalogueError(ValueError):
    """The model catalogue is invalid; the message names the file, the entry and the field."""


@dataclass(frozen=True, slots=True)
class ModelCapabilities:
    """What a model endpoint can honour, declared by its catalogue entry (or its adapter), never guessed.

    ``provider_tool_versions`` pins the server-tool version of each native web tool (``web_search``,
    ``web_fetch``). Every flag defaults to off.
    """

    native_web_search: bool = False
    native_web_fetch: bool = False
    native_citations: bool = False
    preserves_unknown_content_blocks: bool = True
    provider_tool_versions: Mapping[str, str] = field(default_factory=dict)
    thinking: bool = False
    image_input: bool = False
    pdf_input: bool = False
    parallel_tool_calls: bool = False
    prompt_caching: bool = False
    fast_mode: bool = False

    def flags(self) -> dict[str, bool]:
        """Every capability by its catalogue name (``CAPABILITY_KEYS``), on or off."""
        return {
            "web_search": self.native_web_search,
            "web_fetch": self.native_web_fetch,
            "citations": self.native_citations,
            "thinking": self.thinking,
            "image_input": self.image_input,
            "pdf_input": self.pdf_input,
            "parallel_tool_calls": self.parallel_tool_calls,
            "prompt_caching": self.prompt_caching,
            "fast_mode": self.fast_mode,
        }


@dataclass(frozen=True, slots=True)
class CredentialSource:
    """Where an endpoint's credential is read from at start-up: an environment variable or a file."""

    kind: Literal["env", "file"]
    name: str  # the variable's name or the file's path, never the secret

    def describe(self) -> str:
        """``env MY_KEY`` / ``file /run/secrets/key``: safe to show and log."""
        return f"{self.kind} {self.name}"


@dataclass(frozen=True, slots=True)
class AdapterRules:
    """What the catalogue accepts for one adapter (the model package's adapter table supplies them)."""

    #: The capabilities the adapter can carry; declaring another is an error.
    capabilities: frozenset[str]
    base_url: Literal["required", "optional", "none"] = "required"
    default_base_url: str | None = None
    credential: Literal["required", "optional", "none"] = "required"
    #: The adapter's own options an entry may set, each with the values it takes.
    options: Mapping[str, tuple[str | bool, ...]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ModelEntry:
    """One model the deployment offers."""

    id: str
    adapter: str
    context_window: int
    max_output_tokens: int
    capabilities: ModelCapabilities = field(default_factory=ModelCapabilities)
    aliases: tuple[str, ...] = ()
    base_url: str | None = None
    #: The model name sent to the endpoint (the id unless the entry says otherwise).
    provider_model: str = ""
    credential: CredentialSource | None = None
    headers: Mapping[str, str] = field(default_factory=dict)
    #: The adapter's own options (``AdapterRules.options``), for example ``max_tokens_field``.
    options: Mapping[str, str | bool] = field(default_factory=dict)
    #: ``None``: unpriced (a Session cost budget cannot be honoured, so it stops the Session).
    list_price: Price | None = None

    @property
    def window(self) -> ModelWindow:
        """The window admission measures requests against."""
        return ModelWindow(self.context_window, self.max_output_tokens)

    @property
    def upstream_model(self) -> str:
        """The name the endpoint knows the model by."""
        return self.provider_model or self.id


@dataclass(frozen=True)
class ModelCatalogue:
    """The models a deployment offers, looked up by id or alias; ``default`` answers platform calls
    that name no Agent model (the permission evaluator)."""

    entries: tuple[ModelEntry, ...]
    default: str
    source: str = ""  # the file it was read from ("" for the one-entry catalogue of the older variables)
    _names: dict[str, ModelEntry] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for entry in self.entries:
            for name in (entry.id, *entry.aliases):
                self._names[name] = entry

    def get(self, model_id: str) -> ModelEntry | None:
        """The entry ``model_id`` names (its id or one of its aliases); None when it is not offered."""
        return self._names.get(model_id)

    def offered(self) -> list[str]:
        """Every id Agents may name (aliases after their entry's id), in catalogue order."""
        return [name for entry in self.entries for name in (entry.id, *entry.aliases)]

    def windows(self) -> dict[str, ModelWindow]:
        """Every offered name's window, for admission (``domain.model_windows.resolve_window``)."""
        return {name: entry.window for name, entry in self._names.items()}


def parse_catalogue(data: object, source: str, adapters: Mapping[str, AdapterRules]) -> ModelCatalogue:
    """Validate the parsed catalogue file ``source`` against the adapters this build knows.

    The file is a mapping with ``models`` (a non-empty list of entries) and an optional ``default`` (an
    offered id; the first entry's by default).

    Raises:
        CatalogueError: the first problem found, naming the file, the entry and the field.
    """
    if not isinstance(data, Mapping):
        raise CatalogueError(f"{source}: must be a mapping with a `models` list")
    unknown = sorted(set(map(str, data)) - {"models", "default", "version"})
    if unknown:
        raise CatalogueError(f"{source}: unknown top-level key {unknown[0]!r} (expected models, default, version)")
    if data.get("version", 1) != 1:
        raise CatalogueError(f"{source}: version: only version 1 is understood, got {data.get('version')!r}")
    raw_models = data.get("models")
    if not isinstance(raw_models, list) or not raw_models:
        raise CatalogueError(f"{source}: models: must be a non-empty list of model entries")
    entries: list[ModelEntry] = []
    names: dict[str, str] = {}
    for index, raw in enumerate(raw_models):
        entry = _entry(raw, f"{source}: models[{index}]", adapters)
        for name in (entry.id, *entry.aliases):
            if name in names:
                raise CatalogueError(
                    f"{source}: models[{index}] ({entry.id}): {name!r} is already offered by {names[name]!r}"
                )
            names[name] = entry.id
        entries.append(entry)
    default = data.get("default", entries[0].id)
    if not isinstance(default, str) or default not in names:
        raise CatalogueError(f"{source}: default: {default!r} is not an offered model id or alias")
    return ModelCatalogue(tuple(entries), names[default], source)


def _entry(raw: object, where: str, adapters: Mapping[str, AdapterRules]) -> ModelEntry:
    if not isinstance(raw, Mapping):
        raise CatalogueError(f"{where}: must be a mapping")
    model_id = raw.get("id")
    if not isinstance(model_id, str) or not _ID.match(model_id):
        raise CatalogueError(f"{where}: id: required, 1-256 characters of letters, digits and ._:/@+-")
    where = f"{where} ({model_id})"
    keys = set(map(str, raw))
    if secret := sorted(keys & _SECRET_KEYS):
        raise CatalogueError(
            f"{where}: {secret[0]}: a credential is never written in the catalogue; "
            "name where it is read from with credential: {env: VARIABLE} or credential: {file: PATH}"
        )
    if unknown := sorted(keys - _ENTRY_KEYS):
        raise CatalogueError(f"{where}: unknown field {unknown[0]!r} (expected {', '.join(sorted(_ENTRY_KEYS))})")
    adapter = raw.get("adapter")
    if adapter not in adapters:
        known = ", ".join(sorted(adapters))
        raise CatalogueError(f"{where}: adapter: must be one of {known}, got {adapter!r}")
    assert isinstance(adapter, str)
    rules = adapters[adapter]
    aliases = raw.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) and _ID.match(a) for a in aliases):
        raise CatalogueError(f"{where}: aliases: must be a list of model ids")
    if len(set(aliases)) != len(aliases) or model_id in aliases:
        raise CatalogueError(f"{where}: aliases: must be distinct from each other and from the id")
    provider_model = raw.get("provider_model", "")
    if not isinstance(provider_model, str) or (provider_model == "" and "provider_model" in raw):
        raise CatalogueError(f"{where}: provider_model: must be a non-empty string")
    window = _window(raw, where, provider_model or model_id)
    return ModelEntry(
        id=model_id,
        adapter=adapter,
        context_window=window.context_window,
        max_output_tokens=window.max_output,
        capabilities=_capabilities(raw.get("capabilities"), f"{where}: capabilities", adapter, rules),
        aliases=tuple(aliases),
        base_url=_base_url(raw.get("base_url"), where, adapter, rules),
        provider_model=provider_model,
        credential=_credential(raw.get("credential"), where, adapter, rules),
        headers=_headers(raw.get("headers"), where),
        options=_options(raw.get("options"), where, adapter, rules),
        list_price=_price(raw.get("list_price"), f"{where}: list_price"),
    )


def _count(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise CatalogueError(f"{where}: must be a positive integer, got {value!r}")
    return value


def _window(raw: Mapping[str, object], where: str, known_as: str) -> ModelWindow:
    """The declared window, or the built-in table's for a model it knows; an unknown model must declare it."""
    builtin = resolve_window(known_as)
    if "context_window" in raw:
        context = _count(raw["context_window"], f"{where}: context_window")
    elif builtin.known:
        context = builtin.context_window
    else:
        raise CatalogueError(f"{where}: context_window: required (Mango's built-in window table does not know it)")
    if "max_output_tokens" in raw:
        output = _count(raw["max_output_tokens"], f"{where}: max_output_tokens")
    elif builtin.known:
        output = min(builtin.max_output, context - 1)
    else:
        raise CatalogueError(f"{where}: max_output_tokens: required (Mango's built-in window table does not know it)")
    if output >= context:
        raise CatalogueError(f"{where}: max_output_tokens: must be smaller than context_window ({context})")
    return ModelWindow(context, output)


def _capabilities(raw: object, where: str, adapter: str, rules: AdapterRules) -> ModelCapabilities:
    if raw is None:
        return ModelCapabilities()
    if not isinstance(raw, Mapping):
        raise CatalogueError(f"{where}: must be a mapping of capability: true|false")
    flags: dict[str, bool] = {}
    versions: dict[str, str] = {}
    for key, value in raw.items():
        if key not in CAPABILITY_KEYS:
            raise CatalogueError(f"{where}: unknown capability {key!r} (expected {', '.join(CAPABILITY_KEYS)})")
        if key in DEFAULT_TOOL_VERSIONS and isinstance(value, str):
            if not _TOOL_VERSION.match(value) or not value.startswith(key):
                raise CatalogueError(f"{where}: {key}: a tool version such as {DEFAULT_TOOL_VERSIONS[key]!r}, or true")
            versions[key] = value
            value = True
        elif not isinstance(value, bool):
            raise CatalogueError(f"{where}: {key}: must be true or false, got {value!r}")
        elif value and key in DEFAULT_TOOL_VERSIONS:
            versions[key] = DEFAULT_TOOL_VERSIONS[key]
        if value and key not in rules.capabilities:
            raise CatalogueError(f"{where}: {key}: the {adapter} adapter cannot offer it")
        flags[key] = value
    return ModelCapabilities(
        native_web_search=flags.get("web_search", False),
        native_web_fetch=flags.get("web_fetch", False),
        native_citations=flags.get("citations", False),
        provider_tool_versions=versions,
        thinking=flags.get("thinking", False),
        image_input=flags.get("image_input", False),
        pdf_input=flags.get("pdf_input", False),
        parallel_tool_calls=flags.get("parallel_tool_calls", False),
        prompt_caching=flags.get("prompt_caching", False),
        fast_mode=flags.get("fast_mode", False),
    )


def _base_url(raw: object, where: str, adapter: str, rules: AdapterRules) -> str | None:
    if raw is None:
        if rules.base_url == "required" and rules.default_base_url is None:
            raise CatalogueError(f"{where}: base_url: required by the {adapter} adapter")
        return rules.default_base_url
    if rules.base_url == "none":
        raise CatalogueError(f"{where}: base_url: the {adapter} adapter takes none")
    if not isinstance(raw, str) or not re.match(r"^https?://[^\s/?#]+[^\s?#]*$", raw):
        raise CatalogueError(f"{where}: base_url: must be an absolute http or https URL without query or fragment")
    return raw.rstrip("/")


def _credential(raw: object, where: str, adapter: str, rules: AdapterRules) -> CredentialSource | None:
    if raw is None:
        if rules.credential == "required":
            raise CatalogueError(
                f"{where}: credential: required by the {adapter} adapter ({{env: VARIABLE}} or {{file: PATH}})"
            )
        return None
    if rules.credential == "none":
        raise CatalogueError(f"{where}: credential: the {adapter} adapter takes none")
    if not isinstance(raw, Mapping) or len(raw) != 1 or next(iter(raw)) not in ("env", "file"):
        raise CatalogueError(f"{where}: credential: must be {{env: VARIABLE}} or {{file: PATH}}")
    kind, name = next(iter(raw.items()))
    if not isinstance(name, str) or not name:
        raise CatalogueError(f"{where}: credential.{kind}: must be a non-empty string")
    if kind == "env" and not _ENV_NAME.match(name):
        raise CatalogueError(f"{where}: credential.env: {name!r} is not an environment variable name")
    return CredentialSource("env" if kind == "env" else "file", name)


def _headers(raw: object, where: str) -> dict[str, str]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise CatalogueError(f"{where}: headers: must be a mapping of header name: value")
    out: dict[str, str] = {}
    for name, value in raw.items():
        if not isinstance(name, str) or not _HEADER.match(name):
            raise CatalogueError(f"{where}: headers: {name!r} is not a header name")
        if name.lower() in _CREDENTIAL_HEADERS:
            raise CatalogueError(
                f"{where}: headers.{name}: credentials are never written in the catalogue; use credential:"
            )
        if not isinstance(value, str) or any(c in value for c in "\r\n"):
            raise CatalogueError(f"{where}: headers.{name}: must be a single-line string")
        out[name] = value
    return out


def _options(raw: object, where: str, adapter: str, rules: AdapterRules) -> dict[str, str | bool]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise CatalogueError(f"{where}: options: must be a mapping of option: value")
    out: dict[str, str | bool] = {}
    for key, value in raw.items():
        if key not in rules.options:
            known = ", ".join(sorted(rules.options)) or "none"
            raise CatalogueError(f"{where}: options.{key}: the {adapter} adapter has no such option (it has {known})")
        allowed = rules.options[key]
        if not any(value is choice or (type(value) is type(choice) and value == choice) for choice in allowed):
            raise CatalogueError(f"{where}: options.{key}: must be one of {', '.join(map(str, allowed))}")
        out[str(key)] = value
    return out


def _price(raw: object, where: str) -> Price | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise CatalogueError(f"{where}: must be a mapping of US dollars per million tokens (input, output, ...)")
    if unknown := sorted(set(map(str, raw)) - set(_PRICE_KEYS)):
        raise CatalogueError(f"{where}: unknown field {unknown[0]!r} (expected {', '.join(_PRICE_KEYS)})")
    values: dict[str, float] = {}
    for key, value in raw.items():
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            raise CatalogueError(f"{where}.{key}: must be a number of US dollars, 0 or more")
        values[str(key)] = float(value)
    for key in ("input", "output"):
        if key not in values:
            raise CatalogueError(f"{where}.{key}: required (US dollars per million tokens)")
    return Price(
        input=values["input"],
        output=values["output"],
        cache_write=values.get("cache_write", values["input"]),
        cache_read=values.get("cache_read", values["input"]),
        web_search=values.get("web_search", 0.0),
        web_fetch=values.get("web_fetch", 0.0),
    )


#: What the older variables' one entry can do, by provider (the adapters' known configuration).
_LEGACY_CAPABILITIES: Mapping[str, ModelCapabilities] = {
    "offline": ModelCapabilities(
        native_web_search=True,
        provider_tool_versions={"web_search": DEFAULT_TOOL_VERSIONS["web_search"]},
        thinking=True,
        parallel_tool_calls=True,
    ),
    "messages": ModelCapabilities(
        native_web_search=True,
        native_web_fetch=True,
        native_citations=True,
        provider_tool_versions=dict(DEFAULT_TOOL_VERSIONS),
        thinking=True,
        image_input=True,
        pdf_input=True,
        parallel_tool_calls=True,
        prompt_caching=True,
    ),
}


def legacy_catalogue(
    provider: str, model_id: str, base_url: str, windows: Mapping[str, ModelWindow] | None = None
) -> ModelCatalogue:
    """The one-entry catalogue of ``MANGO_MODEL_PROVIDER`` (offline or messages), ``MANGO_DEFAULT_MODEL``,
    ``MANGO_MODEL_BASE_URL``, ``MANGO_MODEL_API_KEY`` (its credential) and ``MANGO_MODEL_WINDOWS``.

    Raises:
        CatalogueError: an unknown provider, or the Messages provider without a base URL.
    """
    if provider not in _LEGACY_CAPABILITIES:
        raise CatalogueError(f"MANGO_MODEL_PROVIDER must be 'offline' or 'messages', got {provider!r}")
    if provider == "messages" and not base_url:
        raise CatalogueError("MANGO_MODEL_BASE_URL is required when MANGO_MODEL_PROVIDER=messages")
    window = resolve_window(model_id, windows)
    messages = provider == "messages"
    entry = ModelEntry(
        id=model_id,
        adapter=provider,
        context_window=window.context_window,
        max_output_tokens=window.max_output,
        capabilities=_LEGACY_CAPABILITIES[provider],
        base_url=base_url.rstrip("/") if messages else None,
        credential=CredentialSource("env", "MANGO_MODEL_API_KEY") if messages else None,
        list_price=resolve_price(model_id),
    )
    return ModelCatalogue((entry,), model_id)


def _names(catalogue: ModelCatalogue) -> str:
    return ", ".join(catalogue.offered())


def check_agent_model(
    catalogue: ModelCatalogue, model: Mapping[str, object], *, where: str = "model", enabled: Sequence[str] = ()
) -> ModelEntry:
    """Refuse (400) an Agent model configuration the deployment cannot honour; returns its entry.

    ``model`` is the normalised ``ModelConfig`` (``id``, ``speed``, optional ``max_tokens``); ``enabled``
    the Agent's enabled built-in tools (their names).
    """
    model_id = str(model.get("id"))
    entry = catalogue.get(model_id)
    if entry is None:
        raise InvalidRequestError(
            f"{where}: model {model_id!r} is not offered by this deployment; offered models: {_names(catalogue)}",
            details={"offered_models": catalogue.offered()},
        )
    max_tokens = model.get("max_tokens")
    if isinstance(max_tokens, int) and max_tokens > entry.max_output_tokens:
        raise InvalidRequestError(
            f"{where}.max_tokens: {max_tokens} exceeds the output limit of {model_id!r} ({entry.max_output_tokens})"
        )
    if model.get("speed", "standard") != "standard" and not entry.capabilities.fast_mode:
        raise InvalidRequestError(
            f"{where}.speed: {model.get('speed')!r} is not offered by {model_id!r} (its endpoint has no fast mode); "
            "use speed standard or a model that offers it"
        )
    if "web_search" in enabled and not entry.capabilities.native_web_search:
        with_search = [n for e in catalogue.entries if e.capabilities.native_web_search for n in (e.id, *e.aliases)]
        raise InvalidRequestError(
            f"tools: web_search is enabled but {model_id!r} has no native web search; disable it in the toolset's "
            f"configs or choose a model that offers it ({', '.join(with_search) or 'none is offered'})"
        )
    return entry
