"""Streaming ``multipart/form-data`` reading: parts arrive one by one and a part's bytes are
yielded as they come off the socket, so an upload is never held in memory.

Each part must be consumed (or skipped) before the next one is read. Size bounds of part
bodies are the caller's: :meth:`Part.chunks` raises :class:`RequestTooLargeError` past
``max_bytes``. Part headers are bounded here (:data:`MAX_HEADER_BYTES` per part, at most
:data:`MAX_HEADERS` of them), so no part can make the reader buffer without limit.

While the parts stream by, the reader hashes what they say (each part's name, filename, content
type and bytes; not the boundary, which a client draws anew for every attempt):
:meth:`MultipartReader.digest` is that SHA-256 once the body is read to its end, which is how an
``Idempotency-Key`` tells a retried upload from a different one without keeping its bytes. One
request has one reader (:func:`reader_for`), so the handler and the idempotency edge see the
same stream.
"""

from __future__ import annotations

import hashlib
import json
from collections import deque
from collections.abc import AsyncGenerator, AsyncIterator
from dataclasses import dataclass, field
from typing import TypeAlias

from python_multipart.exceptions import MultipartParseError
from python_multipart.multipart import MultipartParser, parse_options_header
from starlette.requests import ClientDisconnect, Request

from mango_server.api.body import check_text
from mango_server.domain.errors import InvalidRequestError, RequestTooLargeError

MAX_HEADER_BYTES = 16 * 1024
MAX_HEADERS = 8  # python-multipart's own default since 0.0.2x; kept here for older releases


@dataclass(frozen=True, slots=True)
class _PartStart:
    headers: dict[str, str]


@dataclass(frozen=True, slots=True)
class _Data:
    data: bytes


@dataclass(frozen=True, slots=True)
class _PartEnd:
    pass


_Event: TypeAlias = _PartStart | _Data | _PartEnd


@dataclass
class Part:
    """One form part: its field name, optional filename and content type."""

    reader: MultipartReader
    name: str
    filename: str | None
    content_type: str | None
    done: bool = field(default=False)

    async def chunks(self, max_bytes: int) -> AsyncIterator[bytes]:
        """The part's bytes; :class:`RequestTooLargeError` once more than ``max_bytes`` arrived."""
        size = 0
        while not self.done:
            event = await self.reader.next_event()
            if not isinstance(event, _Data):
                self.done = True
                return
            data = event.data
            size += len(data)
            if size > max_bytes:
                raise RequestTooLargeError(f"{self.name}: the upload exceeds the limit of {max_bytes} bytes")
            yield data

    async def text(self, max_bytes: int) -> str:
        """A small text field."""
        data = b"".join([c async for c in self.chunks(max_bytes)])
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidRequestError(f"{self.name}: must be UTF-8 text") from None
        check_text(text, self.name)
        return text

    async def skip(self) -> None:
        """Read past the rest of the part."""
        async for _ in self.chunks(2**62):
            pass


class MultipartReader:
    """Reads one request body as a sequence of :class:`Part`."""

    def __init__(self, request: Request) -> None:
        kind, params = parse_options_header(request.headers.get("content-type"))
        boundary = params.get(b"boundary")
        if kind != b"multipart/form-data" or not boundary:
            raise InvalidRequestError("the body must be multipart/form-data with a boundary")
        self._stream = request.stream().__aiter__()
        self._events: deque[_Event] = deque()
        self._eof = False
        self._headers: dict[str, str] = {}
        self._field = b""
        self._value = b""
        self._header_bytes = 0
        self._digest = hashlib.sha256()
        self._part_digest = hashlib.sha256()
        self._parser = MultipartParser(
            boundary,
            {
                "on_part_begin": self._on_part_begin,
                "on_header_field": self._on_header_field,
                "on_header_value": self._on_header_value,
                "on_header_end": self._on_header_end,
                "on_headers_finished": self._on_headers_finished,
                "on_part_data": self._on_part_data,
                "on_part_end": self._on_part_end,
            },
        )

    def _on_part_begin(self) -> None:
        self._headers = {}
        self._header_bytes = 0

    def _count_header(self, size: int) -> None:
        self._header_bytes += size
        if self._header_bytes > MAX_HEADER_BYTES:
            raise RequestTooLargeError(f"multipart part headers exceed {MAX_HEADER_BYTES} bytes")

    def _on_header_field(self, data: bytes, start: int, end: int) -> None:
        self._count_header(end - start)
        self._field += data[start:end]

    def _on_header_value(self, data: bytes, start: int, end: int) -> None:
        self._count_header(end - start)
        self._value += data[start:end]

    def _on_header_end(self) -> None:
        if len(self._headers) >= MAX_HEADERS:
            raise RequestTooLargeError(f"a multipart part has more than {MAX_HEADERS} headers")
        self._headers[self._field.decode("latin-1").lower()] = self._value.decode("latin-1")
        self._field = self._value = b""

    def _on_headers_finished(self) -> None:
        headers = dict(self._headers)
        name, filename = _disposition(headers)
        # One JSON line per part, then (at its end) the fixed-size digest of its bytes: unambiguous.
        described = json.dumps([name, filename, headers.get("content-type") or None], ensure_ascii=False)
        self._digest.update(described.encode() + b"\n")
        self._part_digest = hashlib.sha256()
        self._events.append(_PartStart(headers))

    def _on_part_data(self, data: bytes, start: int, end: int) -> None:
        if end > start:
            chunk = bytes(data[start:end])
            self._part_digest.update(chunk)
            self._events.append(_Data(chunk))

    def _on_part_end(self) -> None:
        self._digest.update(self._part_digest.digest())
        self._events.append(_PartEnd())

    async def drain(self, max_bytes: int) -> None:
        """Read (and forget) the rest of the body; :class:`RequestTooLargeError` past ``max_bytes`` of part bytes."""
        size = 0
        while (event := await self._next_or_none()) is not None:
            if isinstance(event, _Data):
                size += len(event.data)
                if size > max_bytes:
                    raise RequestTooLargeError(f"the multipart body exceeds the limit of {max_bytes} bytes")

    def digest(self) -> bytes:
        """SHA-256 of the parts' names, filenames, content types and bytes; only once the body was read to its end."""
        if not self._eof or self._events:
            raise RuntimeError("the multipart body is not fully read")
        return self._digest.digest()

    async def next_event(self) -> _Event:
        """The next parser event; InvalidRequestError if the body ends early."""
        event = await self._next_or_none()
        if event is None:
            raise InvalidRequestError("the multipart body ended in the middle of a part")
        return event

    async def _next_or_none(self) -> _Event | None:
        while not self._events:
            if self._eof:
                return None
            try:
                chunk = await self._stream.__anext__()
            except StopAsyncIteration:
                self._eof = True
                self._parser.finalize()
                continue
            except ClientDisconnect:
                raise InvalidRequestError("the client disconnected during the upload") from None
            try:
                self._parser.write(chunk)
            except MultipartParseError:
                raise InvalidRequestError("the multipart body is malformed") from None
        return self._events.popleft()

    async def parts(self) -> AsyncGenerator[Part, None]:
        """Every part in order; an unconsumed part is skipped before the next is read."""
        while True:
            event = await self._next_or_none()
            if event is None:
                return
            if not isinstance(event, _PartStart):
                continue
            headers = event.headers
            name, filename = _disposition(headers)
            if filename is not None:
                check_text(filename, f"{name[:64]}: filename")
            part = Part(self, name, filename, headers.get("content-type") or None)
            yield part
            if not part.done:
                await part.skip()


def reader_for(request: Request) -> MultipartReader:
    """The request's one reader (created on first use): a second reader would see a half-read stream."""
    reader = getattr(request.state, _STATE_ATTRIBUTE, None)
    if not isinstance(reader, MultipartReader):
        reader = MultipartReader(request)
        setattr(request.state, _STATE_ATTRIBUTE, reader)
    return reader


_STATE_ATTRIBUTE = "mango_multipart_reader"


def _disposition(headers: dict[str, str]) -> tuple[str, str | None]:
    _, options = parse_options_header(headers.get("content-disposition", ""))
    name = options.get(b"name", b"").decode("utf-8", "replace")
    raw_filename = options.get(b"filename")
    return name, (_decode(raw_filename) if raw_filename is not None else None)


def _decode(value: bytes) -> str:
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        return value.decode("latin-1")
