"""Reading a JSON request body within its bounds, before and right after its model sees it.

Responsible for: the byte bound (refused with 413 as soon as it is crossed, never buffering more
than the bound), decoding, the nesting bound, the text rules every stored string obeys (no NUL:
PostgreSQL text cannot hold one), the same text rules for path and query parameters, and refusing
``null`` where the spec does not allow it. Not responsible for the shape of the body (the generated
wire models) or multipart uploads (``api.multipart``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping

from pydantic import BaseModel, RootModel
from starlette.requests import ClientDisconnect, Request

from mango_server.api._generated.routes import NOT_NULL
from mango_server.domain.errors import InvalidRequestError, RequestTooLargeError

MAX_JSON_BODY = 8 * 1024 * 1024
MAX_JSON_DEPTH = 64


async def read_limited(request: Request, limit: int = MAX_JSON_BODY) -> bytes:
    """The body's bytes; 413 once more than ``limit`` bytes are announced or arrive."""
    declared = request.headers.get("content-length", "")
    if declared.isascii() and declared.isdecimal() and int(declared) > limit:
        raise RequestTooLargeError(f"request body exceeds {limit} bytes")
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise RequestTooLargeError(f"request body exceeds {limit} bytes")
            chunks.append(chunk)
    except ClientDisconnect:
        raise InvalidRequestError("the client disconnected while sending the body") from None
    return b"".join(chunks)


def decode_object(raw: bytes) -> dict[str, object]:
    """A JSON object from ``raw`` (empty means ``{}``), checked by :func:`check_json`."""
    try:
        decoded = json.loads(raw or b"{}", parse_constant=_no_constant, parse_float=_finite_float)
    except RecursionError:
        raise InvalidRequestError(f"request body nests deeper than {MAX_JSON_DEPTH} levels") from None
    except (ValueError, UnicodeDecodeError):
        raise InvalidRequestError("request body is not valid JSON") from None
    if not isinstance(decoded, dict):
        raise InvalidRequestError("request body must be a JSON object")
    check_json(decoded)
    return decoded


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise ValueError("number out of range")
    return value


def check_json(value: object, max_depth: int = MAX_JSON_DEPTH) -> None:
    """Refuse nesting deeper than ``max_depth`` and NUL in any key or string (iteratively: no recursion)."""
    stack: list[tuple[object, int, str]] = [(value, 1, "body")]
    while stack:
        item, depth, where = stack.pop()
        if isinstance(item, str):
            check_text(item, where)
            continue
        if not isinstance(item, dict | list):
            continue
        if depth > max_depth:
            raise InvalidRequestError(f"{where}: nests deeper than {max_depth} levels")
        if isinstance(item, dict):
            for key, child in item.items():
                check_text(key, f"{where}.{key[:64]!r}")
                stack.append((child, depth + 1, f"{where}.{key[:64]}"))
        else:
            stack.extend((child, depth + 1, f"{where}[{index}]") for index, child in enumerate(item))


def check_text(value: str, where: str) -> None:
    """Refuse a NUL character or an unpaired surrogate (neither can be stored or sent as UTF-8)."""
    if "\x00" in value:
        raise InvalidRequestError(f"{where}: must not contain NUL characters")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidRequestError(f"{where}: must be valid Unicode text") from None


def check_parameters(path: Mapping[str, str], query: Iterable[tuple[str, str]]) -> None:
    """The text rules for path and query parameters."""
    for name, value in path.items():
        check_text(value, name)
        if "\ufffd" in value:
            raise InvalidRequestError(f"{name}: is not valid percent-encoded UTF-8")
    for name, value in query:
        check_text(name, "query parameter name")
        check_text(value, name[:64])


def check_not_null(value: object, where: str = "body") -> None:
    """Refuse an explicit ``null`` for an optional property the spec does not declare nullable.

    The generated models type such a property ``X | None = None`` (omitted and null look alike to
    pydantic); ``NOT_NULL`` lists them per model, so a validated body is walked here once.
    """
    if isinstance(value, RootModel):
        check_not_null(value.root, where)
    elif isinstance(value, BaseModel):
        forbidden = NOT_NULL.get(type(value).__name__, frozenset())
        for name, info in type(value).model_fields.items():
            wire = info.alias or name
            child = getattr(value, name)
            if child is None and wire in forbidden and name in value.model_fields_set:
                raise InvalidRequestError(f"{where}.{wire}: must not be null (omit it instead)")
            check_not_null(child, f"{where}.{wire}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            check_not_null(item, f"{where}[{index}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            check_not_null(item, f"{where}.{key}")
