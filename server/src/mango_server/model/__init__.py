"""The model boundary: the ``ModelClient`` protocol, its request/response types and adapters.

``OfflineModel`` is the deterministic, network-free model for the dev quickstart and
tests; ``MessagesClient`` talks to a Messages API endpoint. ``ModelRouter`` holds one client per entry of
the operator's model catalogue (``load_catalogue``, built by ``build_router`` through the adapter table
``ADAPTERS``) and picks by the request's model id; ``build_model_client`` builds one adapter from the older
variables; ``InstrumentedModel`` measures whichever it is. Each answers what the
protocol declares: ``create``, ``capabilities``, ``profile`` and ``price``. Nothing here stores
transcripts or publishes events.
"""

from __future__ import annotations

from ._adapters import ADAPTERS, Adapter, EndpointOptions, adapter_rules, read_credential
from ._errors import (
    ModelContextOverflowError,
    ModelError,
    ModelOverloadedError,
    ModelRateLimitedError,
    ModelRequestFailedError,
)
from ._factory import ModelProvider, build_model_client
from ._instrumented import InstrumentedModel
from ._offline_evaluator import EVALUATOR_MARKER
from ._offline_grader import GRADER_MARKER
from ._offline_summary import SUMMARY_MARKER
from ._recorded_body import recorded_body
from ._router import EndpointProfile, ModelRouter, build_router, load_catalogue
from ._types import (
    PROVIDER_TOOL_VERSIONS,
    AdapterProfile,
    ModelCapabilities,
    ModelClient,
    ModelRequest,
    ModelResponse,
    TextDeltaCallback,
    ToolKind,
    ToolSpec,
    ToolUse,
    Usage,
    response_text,
    tool_declaration,
    tool_uses,
)
from .messages import ANTHROPIC_VERSION, MessagesClient, encode_request_body
from .offline import OfflineModel
from .openai_chat import OpenAIChatClient

__all__ = [
    "ADAPTERS",
    "ANTHROPIC_VERSION",
    "EVALUATOR_MARKER",
    "GRADER_MARKER",
    "PROVIDER_TOOL_VERSIONS",
    "SUMMARY_MARKER",
    "Adapter",
    "AdapterProfile",
    "EndpointOptions",
    "EndpointProfile",
    "InstrumentedModel",
    "MessagesClient",
    "ModelCapabilities",
    "ModelClient",
    "ModelContextOverflowError",
    "ModelError",
    "ModelOverloadedError",
    "ModelProvider",
    "ModelRateLimitedError",
    "ModelRequest",
    "ModelRequestFailedError",
    "ModelResponse",
    "ModelRouter",
    "OfflineModel",
    "OpenAIChatClient",
    "TextDeltaCallback",
    "ToolKind",
    "ToolSpec",
    "ToolUse",
    "Usage",
    "adapter_rules",
    "build_model_client",
    "build_router",
    "encode_request_body",
    "load_catalogue",
    "read_credential",
    "recorded_body",
    "response_text",
    "tool_declaration",
    "tool_uses",
]
