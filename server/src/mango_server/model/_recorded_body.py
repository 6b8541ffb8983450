"""The exact body a recorded request sent, rebuilt by the encoder of the adapter its recipe names.

A request recipe records its adapter (``AdapterProfile.recorded``: the adapter's name and the body
options it sent with, such as ``stream`` or ``max_tokens_field``); :func:`recorded_body` gives the
rebuilt ``ModelRequest`` to that adapter's own encoder with those options, so ``mango session inspect``
shows the bytes each adapter put on the wire, not one wire format for all. Not responsible for
rebuilding the request from its recipe (``app.turn.context_admission``).
"""

from __future__ import annotations

from collections.abc import Mapping

from ._chat_wire import MaxTokensField, encode_chat_body
from ._types import ModelRequest
from .messages import encode_request_body
from .openai_chat import OPENAI_CHAT_ADAPTER

__all__ = ["recorded_body"]


def recorded_body(request: ModelRequest, adapter: Mapping[str, object]) -> bytes:
    """The body ``request`` was sent as by the adapter its recipe records (``adapter``: the recipe's object).

    The offline model and the Messages adapter share the Messages encoding (the offline model is
    recorded in that form); a recipe from before adapters recorded their options reads as defaults.
    """
    stream = bool(adapter.get("stream", False))
    if adapter.get("adapter") == OPENAI_CHAT_ADAPTER:
        completion = adapter.get("max_tokens_field") == "max_completion_tokens"
        field: MaxTokensField = "max_completion_tokens" if completion else "max_tokens"
        return encode_chat_body(
            request,
            stream=stream,
            include_usage=bool(adapter.get("include_usage", True)),
            max_tokens_field=field,
            replay_reasoning=bool(adapter.get("replay_reasoning", True)),
        )
    return encode_request_body(request, stream=stream)
