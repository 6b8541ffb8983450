"""A local fake of an OpenAI Chat Completions endpoint for adapter tests.

Role: a small Starlette app served by uvicorn on ``127.0.0.1`` (free port, background thread) that
speaks the Chat Completions wire format: ``POST /v1/chat/completions`` checks the ``Authorization``
bearer (when the fake has a key), records every request, and answers the next scripted reply. A
``ChatReply`` is rendered as SSE ``data:`` chunks when the request asked for ``stream: true`` (a first
chunk with the role, reasoning deltas in ``reasoning_content`` or ``reasoning``, content deltas, tool
calls opened with their id, type and name and then ``arguments`` fragments by ``index``, optionally
interleaved between parallel calls, a last choice chunk with ``finish_reason``, the ``usage`` chunk
with empty ``choices`` when ``stream_options.include_usage`` was asked, then ``data: [DONE]``) and as a
``chat.completion`` JSON body otherwise. ``RawReply`` scripts any status, headers, JSON body or raw
chunk list (errors in OpenAI's, vLLM's, llama.cpp's and Ollama's shapes, 429 with ``retry-after``,
500, mid-stream errors, truncated streams).

Lifecycle: ``with FakeOpenAIServer(api_key=...) as fake:`` starts and stops the server;
``fake.base_url`` is the OpenAI-style base (``.../v1``); ``fake.enqueue(...)`` scripts replies in
order; ``fake.requests`` holds what arrived.

Not responsible for: modelling a model; it only replays scripts (or, with ``context_window``, refuses
oversized requests as OpenAI does).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from mango_server.domain.tokens import estimate_request
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from tests.support.scripted_server import RecordedRequest, ScriptedServer

__all__ = [
    "ChatReply",
    "FakeOpenAIServer",
    "FakeToolCall",
    "RawReply",
    "RecordedRequest",
    "chat_chunks",
    "llama_cpp_error",
    "ollama_error",
    "openai_error",
    "vllm_error",
]

DONE = "[DONE]"


@dataclass(frozen=True)
class FakeToolCall:
    """One tool call of a reply; ``arguments`` is the raw string the model produced."""

    id: str
    name: str
    arguments: str


@dataclass
class ChatReply:
    """A complete assistant answer, rendered as SSE chunks or a JSON completion to match the request."""

    content: str | None = None
    tool_calls: list[FakeToolCall] = field(default_factory=list)
    reasoning: str | None = None
    reasoning_field: str = "reasoning_content"
    finish_reason: str | None = None  # default: tool_calls when there are calls, else stop
    usage: dict[str, Any] = field(
        default_factory=lambda: {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18}
    )
    completion_id: str = "chatcmpl-fake-01"
    model: str = "gpt-fake"
    request_id: str = "req_fake_01"
    chunk_size: int = 7
    interleave_tool_calls: bool = False  # alternate argument fragments between parallel calls
    whole_tool_calls: bool = False  # each call in one chunk without an index (as some servers send them)

    @property
    def finish(self) -> str:
        return self.finish_reason or ("tool_calls" if self.tool_calls else "stop")

    def message(self) -> dict[str, Any]:
        """The non-streaming message, fields as OpenAI orders them."""
        message: dict[str, Any] = {"role": "assistant", "content": self.content, "refusal": None}
        if self.reasoning is not None:
            message[self.reasoning_field] = self.reasoning
        if self.tool_calls:
            message["tool_calls"] = [
                {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
                for c in self.tool_calls
            ]
        return message

    def completion(self) -> dict[str, Any]:
        return {
            "id": self.completion_id,
            "object": "chat.completion",
            "created": 1_760_000_000,
            "model": self.model,
            "choices": [{"index": 0, "message": self.message(), "logprobs": None, "finish_reason": self.finish}],
            "usage": self.usage,
            "system_fingerprint": "fp_fake",
        }


@dataclass
class RawReply:
    """Any HTTP answer: a JSON body, raw bytes, or a raw SSE chunk list (``[DONE]`` not added)."""

    status: int = 200
    json_body: Any = None
    body: bytes = b""
    chunks: Sequence[Mapping[str, Any] | str] | None = None
    headers: dict[str, str] = field(default_factory=dict)


Scripted = ChatReply | RawReply | Callable[[RecordedRequest], "ChatReply | RawReply"]


def openai_error(message: str, error_type: str, code: str | None = None, param: str | None = None) -> dict[str, Any]:
    """OpenAI's error envelope."""
    return {"error": {"message": message, "type": error_type, "param": param, "code": code}}


def vllm_error(message: str, code: int = 400, error_type: str = "BadRequestError") -> dict[str, Any]:
    """vLLM's flat error body (its streams carry the same object as a chunk)."""
    return {"object": "error", "message": message, "type": error_type, "param": None, "code": code}


def llama_cpp_error(n_prompt_tokens: int, n_ctx: int) -> dict[str, Any]:
    """llama.cpp's refusal of a prompt over its context size."""
    message = f"request ({n_prompt_tokens} tokens) exceeds the available context size ({n_ctx} tokens)"
    error = {"code": 400, "message": message, "type": "exceed_context_size_error"}
    return {"error": {**error, "n_prompt_tokens": n_prompt_tokens, "n_ctx": n_ctx}}


def ollama_error(message: str) -> dict[str, Any]:
    """Ollama's OpenAI-compatible error envelope."""
    return {"error": {"message": message, "type": "invalid_request_error", "param": None, "code": None}}


def _parts(text: str, size: int) -> list[str]:
    return [text[start : start + size] for start in range(0, len(text), size)] or [""]


def chat_chunks(reply: ChatReply, *, include_usage: bool) -> list[dict[str, Any]]:
    """The ``chat.completion.chunk`` objects a server streams for ``reply`` (without ``[DONE]``)."""
    head = {"id": reply.completion_id, "object": "chat.completion.chunk", "created": 1_760_000_000}
    head |= {"model": reply.model, "system_fingerprint": "fp_fake"}

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {**head, "choices": [{"index": 0, "delta": delta, "logprobs": None}]}
        out["choices"][0]["finish_reason"] = finish
        if include_usage:
            out["usage"] = None
        return out

    size = reply.chunk_size
    chunks = [chunk({"role": "assistant", "content": "", "refusal": None})]
    if reply.reasoning is not None:
        chunks += [chunk({"content": None, reply.reasoning_field: p}) for p in _parts(reply.reasoning, size)]
    if reply.content:
        chunks += [chunk({"content": p}) for p in _parts(reply.content, size)]
    if reply.whole_tool_calls:
        for c in reply.tool_calls:
            call = {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
            chunks.append(chunk({"tool_calls": [call]}))
    else:
        opened = [
            {"index": i, "id": c.id, "type": "function", "function": {"name": c.name, "arguments": ""}}
            for i, c in enumerate(reply.tool_calls)
        ]
        fragments = [
            [{"index": i, "function": {"arguments": p}} for p in _parts(c.arguments, size)]
            for i, c in enumerate(reply.tool_calls)
        ]
        if reply.interleave_tool_calls:
            chunks += [chunk({"tool_calls": [call]}) for call in opened]
            for step in range(max((len(f) for f in fragments), default=0)):
                chunks += [chunk({"tool_calls": [f[step]]}) for f in fragments if step < len(f)]
        else:
            for call, parts in zip(opened, fragments, strict=True):
                chunks.append(chunk({"tool_calls": [call]}))
                chunks += [chunk({"tool_calls": [p]}) for p in parts]
    chunks.append(chunk({}, reply.finish))
    if include_usage:
        chunks.append({**head, "choices": [], "usage": reply.usage})
    return chunks


class FakeOpenAIServer(ScriptedServer[Scripted]):
    """The fake Chat Completions endpoint; see the module docstring."""

    route_path = "/v1/chat/completions"
    base_url_template = "http://127.0.0.1:{port}/v1"
    name = "fake Chat Completions"

    def __init__(self, *, api_key: str | None = "sk-fake-openai-key", context_window: int | None = None) -> None:
        super().__init__()
        self.api_key = api_key
        # With a window the fake measures each request (Mango's conservative estimator stands in for the
        # server's tokenizer), reports that as prompt usage and refuses oversized requests as OpenAI does.
        self.context_window = context_window

    async def _handle(self, request: Request) -> Response:
        recorded = await self._record(request)
        if self.api_key is not None and request.headers.get("authorization") != f"Bearer {self.api_key}":
            error = openai_error("Incorrect API key provided.", "invalid_request_error", "invalid_api_key")
            return JSONResponse(error, status_code=401)
        try:
            body = recorded.json()
        except ValueError:
            return JSONResponse(openai_error("We could not parse the JSON body.", "invalid_request_error"), 400)
        refusal = self._refuse_oversized(body)
        if refusal is not None:
            return refusal
        item = self._next_reply()
        if item is None:
            return JSONResponse(openai_error("no scripted response", "server_error"), status_code=500)
        reply = item(recorded) if callable(item) else item
        if isinstance(reply, ChatReply):
            if self.context_window is not None:
                prompt = _prompt_tokens(body)
                completion = int(reply.usage.get("completion_tokens", 0))
                usage = {**reply.usage, "prompt_tokens": prompt, "total_tokens": prompt + completion}
                reply = replace(reply, usage=usage)
            return self._render_reply(reply, body)
        return self._render_raw(reply)

    def _refuse_oversized(self, body: Any) -> Response | None:
        """OpenAI's answer to a prompt over the window: HTTP 400 ``context_length_exceeded``."""
        if self.context_window is None or not isinstance(body, dict):
            return None
        tokens = _prompt_tokens(body)
        requested = int(body.get("max_tokens") or body.get("max_completion_tokens") or 0)
        if tokens + requested <= self.context_window:
            return None
        message = (
            f"This model's maximum context length is {self.context_window} tokens. However, you requested "
            f"{tokens + requested} tokens ({tokens} in the messages, {requested} in the completion). "
            "Please reduce the length of the messages or completion."
        )
        error = openai_error(message, "invalid_request_error", "context_length_exceeded", "messages")
        return JSONResponse(error, status_code=400)

    def _render_reply(self, reply: ChatReply, body: dict[str, Any]) -> Response:
        headers = {"x-request-id": reply.request_id}
        if not body.get("stream"):
            return JSONResponse(reply.completion(), headers=headers)
        include_usage = bool((body.get("stream_options") or {}).get("include_usage"))
        return _sse_response([*chat_chunks(reply, include_usage=include_usage), DONE], 200, headers)

    def _render_raw(self, reply: RawReply) -> Response:
        if reply.chunks is not None:
            return _sse_response(reply.chunks, reply.status, reply.headers)
        if reply.json_body is not None:
            return JSONResponse(reply.json_body, status_code=reply.status, headers=reply.headers)
        return Response(reply.body, status_code=reply.status, headers=reply.headers)


def _prompt_tokens(body: dict[str, Any]) -> int:
    return estimate_request(None, body.get("messages") or [], body.get("tools") or [])


def _sse_response(chunks: Sequence[Mapping[str, Any] | str], status: int, headers: Mapping[str, str]) -> Response:
    async def stream() -> AsyncIterator[bytes]:
        for item in chunks:
            data = item if isinstance(item, str) else json.dumps(item, separators=(",", ":"))
            yield f"data: {data}\n\n".encode()

    return StreamingResponse(stream(), status_code=status, headers=dict(headers), media_type="text/event-stream")
