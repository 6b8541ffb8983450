"""A lean HTTP/1.1 client for the turn bench's load generator: one POST and one SSE stream per Session.

On a 2-core machine the load generator's CPU competes with the platform's, so what it spends per
turn lowers the turns/s the bench reads. A general client (httpx, httpx-sse) spends about 2 ms of
CPU per turn on the machine this bench runs on; this one speaks just enough HTTP/1.1 over asyncio
streams for the two requests a measured turn makes: a keep-alive POST whose response has a
``Content-Length``, and a chunked ``text/event-stream`` response read event by event. Not
responsible for anything else (TLS, redirects, retries, compression, other framings): the bench
sets its Sessions up with httpx, outside the measured window.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from types import TracebackType
from typing import Self


class LeanConnection:
    """One keep-alive connection to 127.0.0.1 that sends POSTs with a JSON body, one at a time."""

    def __init__(self, port: int, api_key: str) -> None:
        self._port = port
        self._head = f"Host: 127.0.0.1:{port}\r\nAuthorization: Bearer {api_key}\r\n"
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def __aenter__(self) -> Self:
        self._reader, self._writer = await asyncio.open_connection("127.0.0.1", self._port)
        return self

    async def __aexit__(self, *exc: type[BaseException] | BaseException | TracebackType | None) -> None:
        if self._writer is not None:
            self._writer.close()

    async def post_json(self, path: str, body: object) -> bytes:
        """POST ``body`` as JSON; returns the response body, and raises unless the status is 200."""
        assert self._reader is not None
        assert self._writer is not None
        payload = json.dumps(body).encode()
        request = (
            f"POST {path} HTTP/1.1\r\n{self._head}Content-Type: application/json\r\n"
            f"Content-Length: {len(payload)}\r\n\r\n"
        )
        self._writer.write(request.encode() + payload)
        status, headers = await _read_head(self._reader)
        if "content-length" not in headers:
            raise RuntimeError(f"POST {path}: the response has no Content-Length")
        content = await self._reader.readexactly(int(headers["content-length"]))
        if status != 200:
            raise RuntimeError(f"POST {path}: HTTP {status}: {content[:200]!r}")
        return content


class LeanStream:
    """One open SSE stream; ``events()`` yields ``(event type, data)`` as the server sends them."""

    def __init__(self, port: int, api_key: str, path: str) -> None:
        self._request = (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {api_key}\r\n"
            "Accept: text/event-stream\r\n\r\n"
        ).encode()
        self._port = port
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def __aenter__(self) -> Self:
        self._reader, self._writer = await asyncio.open_connection("127.0.0.1", self._port)
        self._writer.write(self._request)
        status, headers = await _read_head(self._reader)
        if status != 200 or headers.get("transfer-encoding") != "chunked":
            raise RuntimeError(f"stream refused: HTTP {status}, {headers}")
        return self

    async def __aexit__(self, *exc: type[BaseException] | BaseException | TracebackType | None) -> None:
        if self._writer is not None:
            self._writer.close()

    async def events(self) -> AsyncIterator[tuple[str, str]]:
        """Every event of the stream (comments and pings skipped), until the server ends it."""
        assert self._reader is not None
        pending = b""
        while True:
            size = int((await self._reader.readline()).strip(), 16)
            if size == 0:
                return
            pending += (await self._reader.readexactly(size + 2))[:-2]  # the chunk and its CRLF
            *blocks, pending = pending.split(b"\n\n")
            for block in blocks:
                event, data = "message", []
                for line in block.decode().splitlines():
                    field, _, value = line.partition(":")
                    value = value.removeprefix(" ")
                    if field == "event":
                        event = value
                    elif field == "data":
                        data.append(value)
                if data:
                    yield event, "\n".join(data)


async def _read_head(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
    """A response's status code and its headers (names lower-cased)."""
    status = int((await reader.readline()).split(b" ", 2)[1])
    headers: dict[str, str] = {}
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.decode().partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers
