"""Reassembles a Messages API SSE stream into the exact provider content blocks.

Role: a pure state machine fed one decoded event at a time (``message_start``,
``content_block_start``/``_delta``/``_stop``, ``message_delta``, ``message_stop``, ``ping``,
``error``). Each block starts as a copy of the ``content_block`` object the provider sent,
so every field of server-tool and unknown block types is kept in the provider's key order;
deltas then fill it in: text, thinking and signature strings are appended, citations are
appended to a list, ``input_json_delta`` fragments are concatenated and parsed into
``input`` at ``content_block_stop``, and unknown delta types are merged generically
(strings appended, lists extended, other values set).

Lifecycle: one assembler per HTTP attempt; ``result()`` is valid after ``message_stop``.

Not responsible for: HTTP, retries, or calling the text-delta callback (it returns the
text fragments and the adapter forwards them).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping

from mango_server.domain.json import JsonObject

from ._errors import ModelRequestFailedError
from ._types import ModelResponse, Usage

__all__ = ["StreamAssembler", "StreamError", "response_from_json"]

log = logging.getLogger(__name__)


class StreamError(Exception):
    """The provider sent an ``error`` event; carries the provider's error object."""

    def __init__(self, error: Mapping[str, object]) -> None:
        super().__init__(str(error.get("type", "error")))
        self.error = error


class StreamAssembler:
    """Accumulates one streamed message."""

    def __init__(self) -> None:
        self._message: dict[str, object] = {}
        self._blocks: dict[int, JsonObject] = {}
        self._partial_json: dict[int, list[str]] = {}
        self._usage: dict[str, object] = {}
        self.done = False

    def feed(self, event_type: str, data: Mapping[str, object]) -> tuple[int, str] | None:
        """Apply one event; return ``(index, text)`` when it carried a text fragment.

        Raises:
            StreamError: the event is a provider ``error`` event.
            ModelRequestFailedError: the event is malformed.
        """
        kind = str(data.get("type") or event_type)
        try:
            return self._apply(kind, data)
        except (KeyError, TypeError, ValueError) as exc:
            raise ModelRequestFailedError(
                f"malformed Messages API stream event {kind!r}: {type(exc).__name__}", retryable=True
            ) from exc

    def _apply(self, kind: str, data: Mapping[str, object]) -> tuple[int, str] | None:
        if kind == "content_block_delta":
            return self._delta(_index(data), _object(data["delta"]))
        if kind == "content_block_start":
            self._blocks[_index(data)] = _object(data["content_block"])
        elif kind == "content_block_stop":
            self._stop(_index(data))
        elif kind == "message_start":
            self._message = _object(data["message"])
            for index, block in enumerate(_list(self._message.get("content") or [])):
                self._blocks[index] = _object(block)
            self._merge_usage(self._message.get("usage"))
        elif kind == "message_delta":
            self._message.update({k: v for k, v in _object(data.get("delta") or {}).items() if v is not None})
            self._merge_usage(data.get("usage"))
        elif kind == "message_stop":
            self.done = True
        elif kind == "error":
            raise StreamError(_object(data.get("error") or {}))
        elif kind != "ping":
            log.debug("ignored unknown stream event event_type=%s", kind)
        return None

    def _delta(self, index: int, delta: Mapping[str, object]) -> tuple[int, str] | None:
        block = self._blocks[index]
        kind = delta.get("type")
        if kind == "text_delta":
            block["text"] = str(block.get("text", "")) + str(delta["text"])
            return index, str(delta["text"])
        if kind == "input_json_delta":
            self._partial_json.setdefault(index, []).append(str(delta.get("partial_json", "")))
        elif kind == "thinking_delta":
            block["thinking"] = str(block.get("thinking", "")) + str(delta["thinking"])
        elif kind == "signature_delta":
            block["signature"] = str(block.get("signature", "")) + str(delta["signature"])
        elif kind == "citations_delta":
            block["citations"] = [*_list(block.get("citations") or []), delta["citation"]]
        else:
            _merge_generic(block, delta)
        return None

    def _stop(self, index: int) -> None:
        fragments = self._partial_json.pop(index, None)
        if fragments is None:
            return
        raw = "".join(fragments)
        if raw.strip():
            self._blocks[index]["input"] = json.loads(raw)

    def _merge_usage(self, usage: object) -> None:
        if isinstance(usage, Mapping):
            self._usage.update({k: v for k, v in usage.items() if v is not None})

    def result(self, request_id: str | None) -> ModelResponse:
        """Return the assembled response.

        Raises:
            ModelRequestFailedError: the stream ended before ``message_stop`` (retryable).
        """
        if not self.done:
            raise ModelRequestFailedError("Messages API stream ended before message_stop", retryable=True)
        return ModelResponse(
            content=[self._blocks[index] for index in sorted(self._blocks)],
            stop_reason=str(self._message.get("stop_reason") or "end_turn"),
            usage=Usage.from_wire(self._usage),
            request_id=request_id,
            message_id=_text(self._message.get("id")),
            model=_text(self._message.get("model")),
            stop_sequence=_text(self._message.get("stop_sequence")),
        )


def _index(data: Mapping[str, object]) -> int:
    """The event's content block ``index``."""
    value = data["index"]
    if not isinstance(value, int | float | str):
        raise TypeError(f"index is {type(value).__name__}")
    return int(value)


def _object(value: object) -> JsonObject:
    """A copy of a JSON object of an event."""
    if not isinstance(value, Mapping):
        raise TypeError(f"expected an object, got {type(value).__name__}")
    return dict(value)


def _list(value: object) -> list[object]:
    """A JSON array of an event."""
    if not isinstance(value, list):
        raise TypeError(f"expected an array, got {type(value).__name__}")
    return value


def _text(value: object) -> str | None:
    """A string field of the message (anything else reads as absent)."""
    return value if isinstance(value, str) else None


def _merge_generic(block: JsonObject, delta: Mapping[str, object]) -> None:
    for key, value in delta.items():
        if key == "type":
            continue
        current = block.get(key)
        if isinstance(current, str) and isinstance(value, str):
            block[key] = current + value
        elif isinstance(current, list) and isinstance(value, list):
            block[key] = [*current, *value]
        else:
            block[key] = value


def response_from_json(body: Mapping[str, object], request_id: str | None) -> ModelResponse:
    """Build a response from a non-streaming Messages API JSON body, blocks untouched.

    Raises:
        ModelRequestFailedError: the body is not a message.
    """
    content = body.get("content")
    if body.get("type") != "message" or not isinstance(content, list):
        raise ModelRequestFailedError("Messages API returned a body that is not a message", retryable=False)
    usage = body.get("usage")
    return ModelResponse(
        content=content,
        stop_reason=str(body.get("stop_reason") or "end_turn"),
        usage=Usage.from_wire(usage if isinstance(usage, Mapping) else None),
        request_id=request_id,
        message_id=_text(body.get("id")),
        model=_text(body.get("model")),
        stop_sequence=_text(body.get("stop_sequence")),
    )
