"""Request encoding and response decoding helpers shared by the transport and generated resources.

- ``NOT_GIVEN``: the default of every optional keyword argument; such values are never sent.
- Query strings: lists repeat their key (``event_deltas[]=a&event_deltas[]=b``), bracketed keys
  (``created_at[gte]``) are sent as spelled, booleans as ``true``/``false``, datetimes as ISO 8601.
- JSON bodies: attrs models (anything with ``to_dict``) and datetimes become JSON values.
- Multipart: file parts from bytes, file-like objects (streamed by httpx, never read whole
  here) or ``(filename, content[, content_type])`` tuples; other fields as text parts.
- Decoders: ``decode_union`` dispatches on the discriminator and passes unknown variants
  through untouched as dicts; ``optional`` and ``no_content`` cover 204 answers.

Lifecycle: pure functions, called once per request or response. Not responsible for sending
anything, retries or errors beyond ``APIResponseValidationError`` for undecodable payloads.
"""

from __future__ import annotations

import datetime as _dt
import enum
import os
from collections.abc import Callable, Mapping
from typing import IO, Any, Final, TypeAlias, TypeVar
from urllib.parse import quote

from ._exceptions import APIResponseValidationError

__all__ = [
    "NOT_GIVEN",
    "FileInput",
    "NotGiven",
    "decode_union",
    "encode_multipart",
    "encode_query",
    "format_path",
    "no_content",
    "optional",
    "raw_bytes",
    "to_jsonable",
]

T = TypeVar("T")


class NotGiven:
    """The type of ``NOT_GIVEN``: an argument the caller left out (distinct from ``None``, JSON null)."""

    _instance: NotGiven | None = None

    def __new__(cls) -> NotGiven:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "NOT_GIVEN"


NOT_GIVEN: Final = NotGiven()

FileContent: TypeAlias = IO[bytes] | bytes
FileInput: TypeAlias = FileContent | tuple[str | None, FileContent] | tuple[str | None, FileContent, str | None]
"""An upload: bytes, a binary file object, or ``(filename, content[, content_type])``."""


def format_path(template: str, params: Mapping[str, str] | None) -> str:
    """Fill ``{name}`` placeholders with percent-encoded values (a ``/`` in an id stays inside it)."""
    path = template
    for name, value in (params or {}).items():
        if not isinstance(value, str) or not value:
            raise ValueError(f"path parameter {name!r} must be a non-empty string, got {value!r}")
        path = path.replace("{" + name + "}", quote(value, safe=""))
    return path


def _query_scalar(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, _dt.datetime | _dt.date):
        return value.isoformat()
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


def encode_query(query: Mapping[str, object] | None) -> list[tuple[str, str]]:
    """Query pairs in order; ``NOT_GIVEN`` and ``None`` are dropped, sequences repeat their key."""
    pairs: list[tuple[str, str]] = []
    for key, value in (query or {}).items():
        if value is None or isinstance(value, NotGiven):
            continue
        if isinstance(value, list | tuple | set | frozenset):
            items = sorted(value, key=str) if isinstance(value, set | frozenset) else value
            pairs.extend((key, _query_scalar(item)) for item in items)
        else:
            pairs.append((key, _query_scalar(value)))
    return pairs


def to_jsonable(value: object) -> Any:
    """A JSON-serialisable copy of ``value``: models via ``to_dict``, ``NOT_GIVEN`` entries dropped."""
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return to_dict()
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items() if not isinstance(v, NotGiven)}
    if isinstance(value, list | tuple):
        return [to_jsonable(item) for item in value]
    if isinstance(value, _dt.datetime | _dt.date):
        return value.isoformat()
    if isinstance(value, enum.Enum):
        return value.value
    return value


def _file_part(name: str, value: object) -> tuple[str | None, FileContent, str | None]:
    if isinstance(value, tuple):
        if len(value) == 2:
            return value[0], value[1], None
        if len(value) == 3:
            return value[0], value[1], value[2]
        raise TypeError(f"file field {name!r}: expected (filename, content[, content_type])")
    if isinstance(value, bytes | bytearray):
        return name, bytes(value), None
    if hasattr(value, "read"):
        filename = getattr(value, "name", None)
        return (os.path.basename(filename) if isinstance(filename, str) else name), value, None  # type: ignore[return-value]
    raise TypeError(f"file field {name!r}: expected bytes, a binary file object or a tuple, got {type(value).__name__}")


def encode_multipart(
    files: Mapping[str, object] | None, form: Mapping[str, object] | None
) -> tuple[list[tuple[str, tuple[str | None, FileContent, str | None]]], dict[str, str]]:
    """httpx ``files`` and ``data`` arguments for a multipart upload."""
    parts = [
        (name, _file_part(name, value)) for name, value in (files or {}).items() if not isinstance(value, NotGiven)
    ]
    data = {
        name: _query_scalar(value)
        for name, value in (form or {}).items()
        if value is not None and not isinstance(value, NotGiven)
    }
    return parts, data


def decode_union(data: Any, key: str, variants: Mapping[str, Callable[[Any], T]]) -> T | dict[str, Any]:
    """Decode a discriminated union member; an unknown ``key`` value passes through as the raw dict."""
    if not isinstance(data, dict):
        raise APIResponseValidationError(f"expected a JSON object with {key!r}, got {type(data).__name__}")
    decoder = variants.get(str(data.get(key)))
    if decoder is None:
        return data
    return decoder(data)


def optional(decoder: Callable[[Any], T]) -> Callable[[Any], T | None]:
    """Wrap ``decoder`` so an empty (204) answer decodes to ``None``."""

    def decode(data: Any) -> T | None:
        return None if data is None else decoder(data)

    return decode


def no_content(data: Any) -> None:
    """Decoder for operations that answer without a body."""
    return None


def raw_bytes(data: Any) -> bytes:
    """Decoder for binary downloads: the body bytes as received."""
    if not isinstance(data, bytes):
        raise APIResponseValidationError("expected a binary body")
    return data
