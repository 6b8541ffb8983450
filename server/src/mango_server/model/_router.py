"""The model router: one ``ModelClient`` per catalogue entry, picked by the request's model id.

Role: ``ModelRouter`` implements ``ModelClient`` over a ``domain.model_catalogue.ModelCatalogue``: ``create``
resolves the request's model (an id or an alias) to its entry and asks that entry's client, under the
name the endpoint knows the model by; ``price`` is the entry's declared list price; ``endpoint`` is what a
Session pins of the entry (its capabilities, window and adapter profile, :class:`EndpointProfile`). Its own
``capabilities`` and ``profile`` are the default entry's. :func:`build_router` builds every entry's client
through the adapter table, reading credentials once, at start-up. :func:`load_catalogue` reads
``MANGO_MODELS_FILE`` (or the older variables' one entry).

Not responsible for: retries (each adapter) or deciding what a round offers (``app.turn``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import yaml

from mango_server.domain.model_catalogue import (
    CatalogueError,
    ModelCapabilities,
    ModelCatalogue,
    ModelEntry,
    legacy_catalogue,
    parse_catalogue,
)
from mango_server.domain.model_windows import ModelWindow, parse_windows
from mango_server.domain.prices import Price
from mango_server.settings import Settings

from ._adapters import ADAPTERS, Adapter, EndpointOptions, adapter_rules, read_credential
from ._errors import ModelRequestFailedError
from ._instrumented import InstrumentedModel
from ._types import AdapterProfile, ModelClient, ModelRequest, ModelResponse, TextDeltaCallback

__all__ = ["EndpointProfile", "ModelRouter", "build_router", "load_catalogue"]


@dataclass(frozen=True, slots=True)
class EndpointProfile:
    """What a Session pins of its model's endpoint, and what each request recipe records of it."""

    model: str  # the catalogue entry's id (a request may name an alias)
    adapter: AdapterProfile
    capabilities: ModelCapabilities
    window: ModelWindow
    # The name the router sends requests under (the entry's ``provider_model``, else its id); None when
    # no catalogue entry stands behind the profile and a request goes out under the name it was given.
    provider_model: str | None = None

    def recorded(self) -> dict[str, object]:
        """The recipe's ``endpoint`` object (never a URL, header or credential)."""
        recorded: dict[str, object] = {
            "model": self.model,
            "adapter": self.adapter.name,
            "capabilities": self.capabilities.flags(),
            "tool_versions": dict(self.capabilities.provider_tool_versions),
            "context_window": self.window.context_window,
            "max_output_tokens": self.window.max_output,
        }
        if self.provider_model is not None:
            recorded["provider_model"] = self.provider_model
        return recorded

    def pinned(self, recorded: object) -> EndpointProfile:
        """This endpoint as ``recorded`` by the Session's first request (itself when nothing was recorded)."""
        if not isinstance(recorded, Mapping) or not isinstance(recorded.get("capabilities"), Mapping):
            return self
        flags = recorded["capabilities"]
        versions = recorded.get("tool_versions")
        capabilities = ModelCapabilities(
            native_web_search=bool(flags.get("web_search")),
            native_web_fetch=bool(flags.get("web_fetch")),
            native_citations=bool(flags.get("citations")),
            provider_tool_versions=dict(versions) if isinstance(versions, Mapping) else {},
            thinking=bool(flags.get("thinking")),
            image_input=bool(flags.get("image_input")),
            pdf_input=bool(flags.get("pdf_input")),
            parallel_tool_calls=bool(flags.get("parallel_tool_calls")),
            prompt_caching=bool(flags.get("prompt_caching")),
            fast_mode=bool(flags.get("fast_mode")),
        )
        window = ModelWindow(
            int(recorded.get("context_window") or self.window.context_window),
            int(recorded.get("max_output_tokens") or self.window.max_output),
        )
        # The name sent is the current entry's (the router reads the catalogue at send time), not the pinned one.
        model = str(recorded.get("model") or self.model)
        return EndpointProfile(model, self.adapter, capabilities, window, self.provider_model)


class ModelRouter:
    """``ModelClient`` over a catalogue: each request goes to its model's entry."""

    def __init__(self, catalogue: ModelCatalogue, clients: Mapping[str, ModelClient]) -> None:
        missing = [e.id for e in catalogue.entries if e.id not in clients]
        if missing:
            raise ValueError(f"no client for the catalogue entries {missing}")
        self.catalogue = catalogue
        self._clients = dict(clients)
        default = self._entry(catalogue.default)
        self.capabilities: ModelCapabilities = default.capabilities
        self.profile: AdapterProfile = self._clients[default.id].profile

    def _entry(self, model_id: str) -> ModelEntry:
        entry = self.catalogue.get(model_id)
        if entry is None:
            offered = ", ".join(self.catalogue.offered())
            raise ModelRequestFailedError(
                f"model {model_id!r} is not offered by this deployment (offered: {offered})", retryable=False
            )
        return entry

    def endpoint(self, model_id: str) -> EndpointProfile | None:
        """What a Session on ``model_id`` pins; None when the deployment does not offer it."""
        entry = self.catalogue.get(model_id)
        if entry is None:
            return None
        client = self._clients[entry.id]
        return EndpointProfile(entry.id, client.profile, entry.capabilities, entry.window, entry.upstream_model)

    def price(self, model_id: str) -> Price | None:
        """The entry's declared list price (``None``: unpriced, or not offered)."""
        entry = self.catalogue.get(model_id)
        return entry.list_price if entry else None

    async def create(self, request: ModelRequest, on_text_delta: TextDeltaCallback | None = None) -> ModelResponse:
        """Ask the client of the request's model, under the name its endpoint knows.

        Raises:
            ModelRequestFailedError: the model is not offered (not retryable).
            ModelError: the entry's client failed.
        """
        entry = self._entry(request.model)
        if entry.upstream_model != request.model:
            request = dataclasses.replace(request, model=entry.upstream_model)
        return await self._clients[entry.id].create(request, on_text_delta)

    async def aclose(self) -> None:
        """Close every client that holds a connection pool."""
        for client in self._clients.values():
            close = getattr(client, "aclose", None)
            if close is not None:
                await close()


def load_catalogue(settings: Settings) -> ModelCatalogue:
    """The deployment's catalogue: ``MANGO_MODELS_FILE`` when set, else the older variables' one entry.

    Raises:
        CatalogueError: the file cannot be read, is not YAML or is invalid (the message names the file,
            the entry and the field).
    """
    if not settings.models_file:
        return legacy_catalogue(
            settings.model_provider,
            settings.default_model,
            settings.model_base_url,
            parse_windows(settings.model_windows),
        )
    path = settings.models_file
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else type(exc).__name__
        raise CatalogueError(f"MANGO_MODELS_FILE: cannot read {path} ({reason})") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f" at line {mark.line + 1}" if mark is not None else ""
        raise CatalogueError(f"{path}: not valid YAML{at}: {getattr(exc, 'problem', None) or exc}") from None
    return parse_catalogue(data, path, adapter_rules())


def build_router(
    catalogue: ModelCatalogue,
    environ: Mapping[str, str],
    options: EndpointOptions | None = None,
    adapters: Mapping[str, Adapter] = ADAPTERS,
) -> ModelRouter:
    """One measured client per entry, credentials read from ``environ`` or their files now.

    Raises:
        CatalogueError: an entry's adapter is not available in this build, or its credential cannot be read.
    """
    options = options or EndpointOptions()
    clients: dict[str, ModelClient] = {}
    for index, entry in enumerate(catalogue.entries):
        where = f"{catalogue.source}: models[{index}] ({entry.id})"
        if not catalogue.source:  # the older variables' one entry
            where = f"MANGO_MODEL_PROVIDER={entry.adapter}"
        adapter = adapters[entry.adapter]
        if adapter.build is None:
            raise CatalogueError(f"{where}: adapter: {adapter.unavailable or entry.adapter + ' is not available'}")
        secret = read_credential(entry.credential, environ, where) if entry.credential else None
        clients[entry.id] = InstrumentedModel(adapter.build(entry, secret, options), entry.adapter)
    return ModelRouter(catalogue, clients)
