"""A local fake of the Messages API for adapter tests.

Role: a small Starlette app served by uvicorn on ``127.0.0.1`` (free port, background
thread) that speaks the Messages wire format: ``POST /v1/messages`` checks the
``x-api-key`` and ``anthropic-version`` headers, records every request, and answers the
next scripted reply. A ``MessageReply`` is rendered as SSE when the request asked for
``stream: true`` (``message_start``, ``ping``, ``content_block_start``/``_delta``/``_stop``
with ``text_delta``, ``input_json_delta``, ``thinking_delta``, ``signature_delta`` and
``citations_delta`` chunks, ``message_delta``, ``message_stop``) and as a JSON message
otherwise. Blocks other than text, thinking, tool_use and server_tool_use (server-tool
results, unknown types) are sent whole in ``content_block_start``, as the provider does.
``RawReply`` scripts any status, headers, JSON body or raw SSE event list (errors,
429 with ``retry-after``, 529, mid-stream ``error`` events, truncated streams, a stream kept open
after its last event). A ``Hold`` on a
streamed reply sends the whole answer, usage included, but keeps ``message_stop`` back until the
test releases it (a provider that has answered while its client has not yet finished reading).

Lifecycle: ``with FakeMessagesServer(api_key=...) as fake:`` starts and stops the server;
``fake.enqueue(...)`` scripts replies in order; ``fake.requests`` holds what arrived.

Not responsible for: modelling the provider's behaviour; it only replays scripts.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from mango_server.domain.tokens import estimate_request
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from tests.support.scripted_server import RecordedRequest, ScriptedServer

__all__ = [
    "FakeMessagesServer",
    "Hold",
    "MessageReply",
    "RawReply",
    "RecordedRequest",
    "error_body",
    "message_events",
    "sse_event",
]

SSEEvent = tuple[str, Mapping[str, Any]]


@dataclass
class Hold:
    """Keeps a streamed reply's ``message_stop`` back: ``reached`` is set once everything before it was
    sent, and the stream ends when ``release`` is set (or after ``timeout`` seconds)."""

    reached: threading.Event = field(default_factory=threading.Event)
    release: threading.Event = field(default_factory=threading.Event)
    timeout: float = 120.0


@dataclass
class MessageReply:
    """A complete assistant message, rendered as SSE or JSON to match the request."""

    content: list[dict[str, Any]]
    stop_reason: str = "end_turn"
    usage: dict[str, Any] = field(default_factory=lambda: {"input_tokens": 11, "output_tokens": 7})
    message_id: str = "msg_fake_01"
    model: str = "claude-fake"
    request_id: str = "req_fake_01"
    chunk_size: int = 7
    hold: Hold | None = None  # streamed only: keep message_stop back (see ``Hold``)

    def message(self) -> dict[str, Any]:
        return {
            "id": self.message_id,
            "type": "message",
            "role": "assistant",
            "model": self.model,
            "content": self.content,
            "stop_reason": self.stop_reason,
            "stop_sequence": None,
            "usage": self.usage,
        }


@dataclass
class RawReply:
    """Any HTTP answer: a JSON body, raw bytes, or a raw SSE event list."""

    status: int = 200
    json_body: Any = None
    body: bytes = b""
    events: Sequence[SSEEvent] | None = None
    headers: dict[str, str] = field(default_factory=dict)
    linger: float = 0.0  # SSE only: how long the response stays open after its last event


Scripted = MessageReply | RawReply | Callable[[RecordedRequest], "MessageReply | RawReply"]


def error_body(error_type: str, message: str, request_id: str = "req_fake_err") -> dict[str, Any]:
    """The Messages API error envelope."""
    return {"type": "error", "error": {"type": error_type, "message": message}, "request_id": request_id}


def sse_event(name: str, data: Mapping[str, Any]) -> bytes:
    """Encode one SSE event as the provider does."""
    return f"event: {name}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n".encode()


def _chunks(text: str, size: int) -> list[str]:
    return [text[start : start + size] for start in range(0, len(text), size)] or [""]


def _block_events(index: int, block: Mapping[str, Any], size: int) -> list[SSEEvent]:
    kind = block.get("type")
    deltas: list[dict[str, Any]] = []
    if kind == "text":
        start = {k: ("" if k == "text" else v) for k, v in block.items() if k != "citations"}
        deltas += [{"type": "citations_delta", "citation": c} for c in block.get("citations") or []]
        deltas += [{"type": "text_delta", "text": part} for part in _chunks(str(block["text"]), size)]
    elif kind in ("tool_use", "server_tool_use"):
        start = {k: ({} if k == "input" else v) for k, v in block.items()}
        raw = json.dumps(block.get("input", {}), separators=(",", ":"))
        deltas += [{"type": "input_json_delta", "partial_json": part} for part in _chunks(raw, size)]
    elif kind == "thinking":
        start = {k: "" if k == "thinking" else v for k, v in block.items() if k != "signature"}
        deltas += [{"type": "thinking_delta", "thinking": part} for part in _chunks(str(block["thinking"]), size)]
        if "signature" in block:
            deltas.append({"type": "signature_delta", "signature": block["signature"]})
    else:
        start = dict(block)
    events: list[SSEEvent] = [
        ("content_block_start", {"type": "content_block_start", "index": index, "content_block": start})
    ]
    events += [("content_block_delta", {"type": "content_block_delta", "index": index, "delta": d}) for d in deltas]
    events.append(("content_block_stop", {"type": "content_block_stop", "index": index}))
    return events


def message_events(reply: MessageReply) -> list[SSEEvent]:
    """The SSE events the provider would send for ``reply``."""
    start_message = {**reply.message(), "content": [], "stop_reason": None}
    start_message["usage"] = {**reply.usage, "output_tokens": 1}
    events: list[SSEEvent] = [("message_start", {"type": "message_start", "message": start_message})]
    events.append(("ping", {"type": "ping"}))
    for index, block in enumerate(reply.content):
        events += _block_events(index, block, reply.chunk_size)
    delta = {"stop_reason": reply.stop_reason, "stop_sequence": None}
    usage = {"output_tokens": reply.usage.get("output_tokens", 0)}
    events.append(("message_delta", {"type": "message_delta", "delta": delta, "usage": usage}))
    events.append(("message_stop", {"type": "message_stop"}))
    return events


class FakeMessagesServer(ScriptedServer[Scripted]):
    """The fake Messages API endpoint; see the module docstring."""

    route_path = "/v1/messages"
    base_url_template = "http://127.0.0.1:{port}"
    name = "fake Messages"

    def __init__(
        self, *, api_key: str = "sk-fake-test-key", version: str = "2023-06-01", context_window: int | None = None
    ) -> None:
        super().__init__()
        self.api_key = api_key
        # With a window the fake measures each request (Mango's conservative estimator stands in for the
        # provider's tokenizer), reports that as input usage and refuses oversized requests as the provider does.
        self.context_window = context_window
        self.version = version

    async def _handle(self, request: Request) -> Response:
        recorded = await self._record(request)
        if request.headers.get("x-api-key") != self.api_key:
            return JSONResponse(error_body("authentication_error", "invalid x-api-key"), status_code=401)
        if request.headers.get("anthropic-version") != self.version:
            return JSONResponse(error_body("invalid_request_error", "anthropic-version header missing"), 400)
        try:
            body = recorded.json()
        except ValueError:
            return JSONResponse(error_body("invalid_request_error", "body is not JSON"), status_code=400)
        refusal = self._refuse_oversized(body)
        if refusal is not None:
            return refusal
        item = self._next_reply()
        if item is None:
            return JSONResponse(error_body("api_error", "no scripted response"), status_code=500)
        reply = item(recorded) if callable(item) else item
        if isinstance(reply, MessageReply):
            if self.context_window is not None:
                reply = replace(reply, usage={**reply.usage, "input_tokens": _input_tokens(body)})
            return self._render_message(reply, stream=bool(body.get("stream")))
        return self._render_raw(reply)

    def _refuse_oversized(self, body: Any) -> Response | None:
        """The provider's answer to a prompt over the window: HTTP 400 ``prompt is too long``."""
        if self.context_window is None or not isinstance(body, dict):
            return None
        tokens = _input_tokens(body)
        if tokens + int(body.get("max_tokens") or 0) <= self.context_window:
            return None
        message = f"prompt is too long: {tokens} tokens > {self.context_window} maximum"
        return JSONResponse(error_body("invalid_request_error", message), status_code=400)

    def _render_message(self, reply: MessageReply, *, stream: bool) -> Response:
        headers = {"request-id": reply.request_id}
        if not stream:
            return JSONResponse(reply.message(), headers=headers)
        return _sse_response(message_events(reply), 200, headers, reply.hold)

    def _render_raw(self, reply: RawReply) -> Response:
        if reply.events is not None:
            return _sse_response(reply.events, reply.status, reply.headers, linger=reply.linger)
        if reply.json_body is not None:
            return JSONResponse(reply.json_body, status_code=reply.status, headers=reply.headers)
        return Response(reply.body, status_code=reply.status, headers=reply.headers)


def _input_tokens(body: dict[str, Any]) -> int:
    return estimate_request(body.get("system"), body.get("messages") or [], body.get("tools") or [])


def _sse_response(
    events: Sequence[SSEEvent],
    status: int,
    headers: Mapping[str, str],
    hold: Hold | None = None,
    *,
    linger: float = 0.0,
) -> Response:
    async def body() -> AsyncIterator[bytes]:
        for index, (name, data) in enumerate(events):
            if hold is not None and index == len(events) - 1:
                hold.reached.set()
                await asyncio.to_thread(hold.release.wait, hold.timeout)
            yield sse_event(name, data)
        await asyncio.sleep(linger)

    return StreamingResponse(body(), status_code=status, headers=dict(headers), media_type="text/event-stream")
