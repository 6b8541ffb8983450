"""Streaming multipart reading: part headers are bounded, filenames and text fields obey the text rules."""

from __future__ import annotations

from typing import Any

import pytest
from mango_server.api.multipart import MAX_HEADER_BYTES, MultipartReader
from mango_server.domain.errors import InvalidRequestError, RequestTooLargeError
from starlette.requests import Request
from starlette.types import Message

BOUNDARY = "mangoboundary"


def _request(body: bytes, chunk: int = 4096) -> Request:
    chunks = [body[i : i + chunk] for i in range(0, len(body), chunk)] or [b""]
    pulled: list[int] = []

    async def receive() -> Message:
        index = len(pulled)
        pulled.append(index)
        if index >= len(chunks):
            return {"type": "http.disconnect"}
        return {"type": "http.request", "body": chunks[index], "more_body": index < len(chunks) - 1}

    headers = [(b"content-type", f"multipart/form-data; boundary={BOUNDARY}".encode())]
    scope: dict[str, Any] = {"type": "http", "method": "POST", "path": "/", "headers": headers, "query_string": b""}
    return Request(scope, receive)


def _form(headers: bytes, data: bytes = b"hello") -> bytes:
    marker = b"--" + BOUNDARY.encode()
    return marker + b"\r\n" + headers + b"\r\n\r\n" + data + b"\r\n" + marker + b"--\r\n"


async def _names(body: bytes) -> list[str]:
    out = []
    async for part in MultipartReader(_request(body)).parts():
        out.append(part.name)
        await part.text(1024)
    return out


async def test_a_small_part_is_read() -> None:
    assert await _names(_form(b'Content-Disposition: form-data; name="display_title"')) == ["display_title"]


async def test_an_endless_part_header_is_refused_at_the_bound() -> None:
    header = b"X-Padding: " + b"a" * (MAX_HEADER_BYTES * 64)
    with pytest.raises((RequestTooLargeError, InvalidRequestError)):  # python-multipart may refuse the line first
        await _names(_form(b'Content-Disposition: form-data; name="f"\r\n' + header))


async def test_too_many_part_headers_are_refused() -> None:
    headers = b"\r\n".join(b"X-H%d: v" % i for i in range(40))
    with pytest.raises((RequestTooLargeError, InvalidRequestError)):
        await _names(_form(b'Content-Disposition: form-data; name="f"\r\n' + headers))


async def test_nul_in_a_filename_or_text_field_is_an_invalid_request() -> None:
    with pytest.raises(InvalidRequestError, match="NUL"):
        await _names(_form(b'Content-Disposition: form-data; name="file"; filename="a\x00b.txt"'))
    with pytest.raises(InvalidRequestError, match="NUL"):
        await _names(_form(b'Content-Disposition: form-data; name="display_title"', b"a\x00b"))


def _boundary_request(body: bytes, boundary: str, chunk: int) -> Request:
    request = _request(body, chunk)
    request.scope["headers"] = [(b"content-type", f"multipart/form-data; boundary={boundary}".encode())]
    return request


def _file_form(boundary: str, data: bytes, filename: str = "a.txt") -> bytes:
    marker = b"--" + boundary.encode()
    disposition = f'Content-Disposition: form-data; name="file"; filename="{filename}"'.encode()
    return (
        marker + b"\r\n" + disposition + b"\r\nContent-Type: text/plain\r\n\r\n" + data + b"\r\n" + marker + b"--\r\n"
    )


async def _digest(boundary: str, data: bytes, filename: str = "a.txt", chunk: int = 4096) -> bytes:
    reader = MultipartReader(_boundary_request(_file_form(boundary, data, filename), boundary, chunk))
    async for part in reader.parts():
        async for _ in part.chunks(1 << 20):
            break  # a handler may stop early: drain reads (and hashes) the rest
        break
    with pytest.raises(RuntimeError):
        reader.digest()  # not yet at the end of the body
    await reader.drain(1 << 20)
    return reader.digest()


async def test_the_digest_covers_the_parts_not_the_boundary_or_chunking() -> None:
    data = b"0123456789" * 1000
    first = await _digest("boundaryA", data)
    assert await _digest("another-boundary-B", data, chunk=7) == first
    assert await _digest("boundaryA", data[:-1] + b"X") != first
    assert await _digest("boundaryA", data, filename="b.txt") != first


async def test_drain_is_bounded() -> None:
    reader = MultipartReader(_boundary_request(_file_form("b", b"x" * 5000), "b", 512))
    with pytest.raises(RequestTooLargeError):
        await reader.drain(4096)
