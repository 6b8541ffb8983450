"""The model boundary: the ``ModelClient`` protocol, its request/response types and adapters.

``OfflineModel`` is the deterministic, network-free model for the dev quickstart and
tests; ``MessagesClient`` talks to a Messages API endpoint. ``build_model_client`` picks
one from configuration; ``InstrumentedModel`` measures whichever it is. Each answers what the
protocol declares: ``create``, ``capabilities``, ``profile`` and ``price``. Nothing here stores
transcripts or publishes events.
"""

from __future__ import annotations

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

__all__ = [
    "ANTHROPIC_VERSION",
    "EVALUATOR_MARKER",
    "GRADER_MARKER",
    "PROVIDER_TOOL_VERSIONS",
    "SUMMARY_MARKER",
    "AdapterProfile",
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
    "OfflineModel",
    "TextDeltaCallback",
    "ToolKind",
    "ToolSpec",
    "ToolUse",
    "Usage",
    "build_model_client",
    "encode_request_body",
    "response_text",
    "tool_declaration",
    "tool_uses",
]
