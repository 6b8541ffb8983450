"""A local stand-in for a Messages API provider, run by ``bench/turn_overhead.py`` as its own process.

It binds ``127.0.0.1`` on a free port, prints ``ready <port>`` on stdout and serves until stdin
closes (or SIGINT/SIGTERM). ``POST /v1/messages`` checks ``x-api-key`` (401
``authentication_error`` otherwise) and ``anthropic-version`` (400), and answers at once: with
``stream: true`` a Server-Sent Events stream as the provider sends it (``message_start``, ``ping``,
``content_block_start``, three ``content_block_delta`` ``text_delta`` events, ``content_block_stop``,
``message_delta`` with ``stop_reason: end_turn`` and usage, ``message_stop``) in a chunked
HTTP/1.1 response, otherwise the same message as one JSON body. The reply is ``You said: <the last
user text>``, as the offline model's, so every ``user.message`` is one model round that ends the
turn. Two of the offline model's scripts are understood too, for the kill -9 soak (``bench/soak.py``):
a line ``/tool NAME {json-input}`` in the last user text is answered with that ``tool_use`` block
(streamed as ``input_json_delta`` events) and ``stop_reason: tool_use``, and a last user message that
carries ``tool_result`` blocks is answered ``Tool results: <tool_use_id>[ (error)]: <text>; ...``
with ``end_turn``. Usage is a rough count (a token per four bytes), not the provider's tokenizer.

The server is a bare ``asyncio.Protocol`` (uvloop when installed) over keep-alive HTTP/1.1 with
``Content-Length`` bodies, which is all the Messages adapter sends: the stand-in's own CPU per
request stays small, and the bench reports it in a column of its own, apart from Mango's.

Not responsible for: other scripts (no errors on request, no latency, no thinking), or measuring
anything.

    .venv/bin/python bench/_provider.py --api-key sk-bench
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import signal
import socket
import sys
from typing import Any, cast

ANTHROPIC_VERSION = "2023-06-01"
_DELTAS = 3  # text_delta events per reply, as the offline model's previews
_MAX_HEAD = 64 * 1024
_MAX_BODY = 64 * 1024 * 1024
_REASONS = {200: "OK", 400: "Bad Request", 401: "Unauthorized", 404: "Not Found", 405: "Method Not Allowed"}
_REASONS |= {411: "Length Required", 413: "Payload Too Large"}
_ids = itertools.count(1)


def _event(name: str, data: dict[str, Any]) -> bytes:
    return b"event: " + name.encode() + b"\ndata: " + json.dumps(data, separators=(",", ":")).encode() + b"\n\n"


def _chunk(data: bytes) -> bytes:
    return b"%x\r\n%s\r\n" % (len(data), data)


def _error(status: int, error_type: str, message: str) -> tuple[int, bytes]:
    body = {"type": "error", "error": {"type": error_type, "message": message}, "request_id": _request_id()}
    return status, json.dumps(body).encode()


def _request_id() -> str:
    return f"req_bench_{next(_ids):016x}"


def _last_user_text(messages: Any) -> str:
    """The last text block of the last user message (a string content counts as one block)."""
    for message in reversed(messages if isinstance(messages, list) else []):
        if not isinstance(message, dict) or message.get("role") != "user":
            continue
        content = message.get("content")
        if isinstance(content, str):
            return content
        texts = [b.get("text", "") for b in content or [] if isinstance(b, dict) and b.get("type") == "text"]
        return str(texts[-1]) if texts else ""
    return ""


def _last_user_blocks(messages: Any) -> list[dict[str, Any]]:
    for message in reversed(messages if isinstance(messages, list) else []):
        if isinstance(message, dict) and message.get("role") == "user":
            content = message.get("content")
            return [b for b in content if isinstance(b, dict)] if isinstance(content, list) else []
    return []


def _result_text(block: dict[str, Any]) -> str:
    raw = block.get("content", "")
    parts = [raw] if isinstance(raw, str) else [p.get("text", "") for p in raw or [] if isinstance(p, dict)]
    status = " (error)" if block.get("is_error") else ""
    return f"{block.get('tool_use_id', '?')}{status}: {' '.join(str(p) for p in parts).strip()[:200]}"


def answer(messages: Any) -> tuple[list[dict[str, Any]], str]:
    """The reply's content blocks and stop reason (see the module docstring for the scripts)."""
    results = [b for b in _last_user_blocks(messages) if b.get("type") == "tool_result"]
    if results:
        return [{"type": "text", "text": "Tool results: " + "; ".join(_result_text(b) for b in results)}], "end_turn"
    text = _last_user_text(messages)
    calls = []
    for line in text.splitlines():
        word, _, rest = line.strip().partition(" ")
        if word == "/tool" and rest:
            name, _, raw = rest.strip().partition(" ")
            try:
                tool_input = json.loads(raw) if raw.strip() else {}
            except ValueError:
                tool_input = {}
            tool_id = f"toolu_bench_{next(_ids):016x}"
            calls.append({"type": "tool_use", "id": tool_id, "name": name, "input": tool_input})
    if calls:
        return calls, "tool_use"
    return [{"type": "text", "text": "You said: " + text}], "end_turn"


def _block_events(index: int, block: dict[str, Any]) -> list[bytes]:
    """One content block streamed: start, deltas (text or partial JSON), stop."""
    if block["type"] == "tool_use":
        start = {**block, "input": {}}
        kind, field, parts = "input_json_delta", "partial_json", _split(json.dumps(block["input"]), 2)
    else:
        start = {"type": "text", "text": ""}
        kind, field, parts = "text_delta", "text", _split(block["text"], _DELTAS)
    events = [_event("content_block_start", {"type": "content_block_start", "index": index, "content_block": start})]
    for part in parts:
        delta = {"type": "content_block_delta", "index": index, "delta": {"type": kind, field: part}}
        events.append(_event("content_block_delta", delta))
    events.append(_event("content_block_stop", {"type": "content_block_stop", "index": index}))
    return events


def _output_bytes(blocks: list[dict[str, Any]]) -> int:
    return sum(len(b["text"]) if b["type"] == "text" else len(json.dumps(b["input"])) for b in blocks)


def _split(text: str, count: int) -> list[str]:
    size = max(1, -(-len(text) // count))
    return [text[start : start + size] for start in range(0, len(text), size)] or [""]


def reply_events(body: dict[str, Any], input_bytes: int) -> tuple[list[bytes], dict[str, Any]]:
    """The SSE events (encoded) of the reply to ``body``, and the same message whole."""
    blocks, stop_reason = answer(body.get("messages"))
    usage = {"input_tokens": max(1, input_bytes // 4), "output_tokens": max(1, _output_bytes(blocks) // 4)}
    message: dict[str, Any] = {
        "id": f"msg_bench_{next(_ids):016x}",
        "type": "message",
        "role": "assistant",
        "model": str(body.get("model") or ""),
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": {**usage, "output_tokens": 1},
    }
    events = [_event("message_start", {"type": "message_start", "message": message}), _event("ping", {"type": "ping"})]
    for index, block in enumerate(blocks):
        events += _block_events(index, block)
    end = {"stop_reason": stop_reason, "stop_sequence": None}
    events.append(_event("message_delta", {"type": "message_delta", "delta": end, "usage": usage}))
    events.append(_event("message_stop", {"type": "message_stop"}))
    whole = {**message, "content": blocks, "stop_reason": stop_reason, "usage": usage}
    return events, whole


class MessagesProtocol(asyncio.Protocol):
    """One keep-alive HTTP/1.1 connection: requests are answered in order as their bodies arrive."""

    def __init__(self, api_key: str) -> None:
        self._api_key = api_key
        self._buffer = bytearray()
        self._transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = cast(asyncio.Transport, transport)  # uvloop's is no subclass of asyncio's

    def data_received(self, data: bytes) -> None:
        self._buffer += data
        while self._transport is not None and not self._transport.is_closing():
            end = self._buffer.find(b"\r\n\r\n")
            if end < 0:
                if len(self._buffer) > _MAX_HEAD:
                    self._transport.close()
                return
            lines = bytes(self._buffer[:end]).decode("latin-1").split("\r\n")
            headers = {}
            for line in lines[1:]:
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
            if "chunked" in headers.get("transfer-encoding", "").lower():
                self._respond(*_error(411, "invalid_request_error", "a Content-Length body is required"), close=True)
                return
            length = int(headers.get("content-length") or 0)
            if length > _MAX_BODY:
                self._respond(*_error(413, "request_too_large", "request body too large"), close=True)
                return
            if len(self._buffer) < end + 4 + length:
                return
            body = bytes(self._buffer[end + 4 : end + 4 + length])
            del self._buffer[: end + 4 + length]
            close = headers.get("connection", "").lower() == "close"
            self._handle(lines[0].split(" "), headers, body, close)

    def _handle(self, request_line: list[str], headers: dict[str, str], raw: bytes, close: bool) -> None:
        method, path = [*request_line, "", ""][:2]
        if path.split("?", 1)[0] != "/v1/messages":
            self._respond(*_error(404, "not_found_error", "no such endpoint"), close=close)
            return
        if method != "POST":
            self._respond(*_error(405, "invalid_request_error", "POST only"), close=close)
            return
        if headers.get("x-api-key") != self._api_key:
            self._respond(*_error(401, "authentication_error", "invalid x-api-key"), close=close)
            return
        if headers.get("anthropic-version") != ANTHROPIC_VERSION:
            self._respond(*_error(400, "invalid_request_error", "anthropic-version header missing"), close=close)
            return
        try:
            body = json.loads(raw)
        except ValueError:
            body = None
        if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
            self._respond(*_error(400, "invalid_request_error", "the body is not a Messages request"), close=close)
            return
        events, whole = reply_events(body, len(raw))
        if not body.get("stream"):
            self._respond(200, json.dumps(whole).encode(), close=close)
            return
        assert self._transport is not None
        head = (
            "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream; charset=utf-8\r\ncache-control: no-cache\r\n"
            f"request-id: {_request_id()}\r\ntransfer-encoding: chunked\r\n"
            f"connection: {'close' if close else 'keep-alive'}\r\n\r\n"
        )
        self._transport.write(head.encode() + b"".join(_chunk(e) for e in events) + b"0\r\n\r\n")
        if close:
            self._transport.close()

    def _respond(self, status: int, body: bytes, *, close: bool) -> None:
        assert self._transport is not None
        head = (
            f"HTTP/1.1 {status} {_REASONS[status]}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\nconnection: {'close' if close else 'keep-alive'}\r\n\r\n"
        )
        self._transport.write(head.encode() + body)
        if close:
            self._transport.close()


async def serve(api_key: str) -> None:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: MessagesProtocol(api_key), sock=sock, backlog=1024)
    stop = asyncio.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    # The parent closing our stdin (or exiting) stops the stand-in too.
    stdin = sys.stdin.fileno()

    def read_stdin() -> None:
        if not os.read(stdin, 4096):
            loop.remove_reader(stdin)
            stop.set()

    loop.add_reader(stdin, read_stdin)
    print(f"ready {sock.getsockname()[1]}", flush=True)
    async with server:
        await stop.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--api-key", required=True, help="the x-api-key every request must carry")
    args = parser.parse_args()
    try:
        import uvloop
    except ImportError:
        asyncio.run(serve(args.api_key))
    else:
        uvloop.run(serve(args.api_key))


if __name__ == "__main__":
    main()
