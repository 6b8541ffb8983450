"""Memory rules: path normalisation, content bounds and the two memory-specific conflict errors.

A memory path is relative and slash-separated (``notes/todo.md``): no leading or trailing
slash, no empty, ``.`` or ``..`` segments, no backslashes or control characters, at most
1024 bytes and 64 segments of at most 255 bytes each. Content is UTF-8 text of at most 100 KiB.
The managed-agents clients write paths rooted at the store (``/notes/todo.md``): one leading
slash is read as that same relative path, which is the form every answer shows.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from mango_server.domain.errors import ConflictError, InvalidRequestError, RequestTooLargeError

MAX_PATH_BYTES = 1024
MAX_SEGMENT_BYTES = 255
MAX_SEGMENTS = 64
MAX_CONTENT_BYTES = 102400
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")

VersionOperation = Literal["created", "modified", "deleted"]
VERSION_OPERATIONS: tuple[VersionOperation, ...] = ("created", "modified", "deleted")


@dataclass(frozen=True, slots=True)
class VersionFilters:
    """The optional filters of a memory-version listing (None: not filtered)."""

    memory_id: str | None = None
    operation: str | None = None
    session_id: str | None = None
    created_at_gte: datetime | None = None
    created_at_lte: datetime | None = None


@dataclass(frozen=True, slots=True)
class MemoryPrefix:
    """A listing item standing for every memory below ``path`` (a folder ending in '/')."""

    path: str


class MemoryPathConflictError(ConflictError):
    """The path is already occupied by another live memory of the store."""

    error_type = "memory_path_conflict_error"


class MemoryPreconditionFailedError(ConflictError):
    """The memory's current content does not have the expected SHA-256."""

    error_type = "memory_precondition_failed_error"


def _unrooted(raw: str) -> str:
    """``/notes/todo.md`` (a path rooted at the store) is ``notes/todo.md``."""
    return raw[1:] if raw.startswith("/") else raw


def normalize_path(raw: str, field: str = "path") -> str:
    """The canonical form of a memory path, or a 400 that says what is wrong with it."""
    if not isinstance(raw, str) or not raw:
        raise InvalidRequestError(f"{field}: must be a non-empty string")
    if _CONTROL.search(raw):
        raise InvalidRequestError(f"{field}: must not contain control characters")
    if "\\" in raw:
        raise InvalidRequestError(f"{field}: use '/' as the separator, not '\\'")
    raw = _unrooted(raw)
    if raw.startswith("/"):
        raise InvalidRequestError(f"{field}: must be relative (or one leading '/'), e.g. notes/todo.md")
    if raw.endswith("/"):
        raise InvalidRequestError(f"{field}: must name a memory, not a folder (no trailing '/')")
    if len(raw.encode()) > MAX_PATH_BYTES:
        raise InvalidRequestError(f"{field}: at most {MAX_PATH_BYTES} bytes")
    segments = raw.split("/")
    if len(segments) > MAX_SEGMENTS:
        raise InvalidRequestError(f"{field}: at most {MAX_SEGMENTS} segments")
    for segment in segments:
        if segment in ("", ".", ".."):
            raise InvalidRequestError(f"{field}: empty, '.' and '..' segments are not allowed")
        if len(segment.encode()) > MAX_SEGMENT_BYTES:
            raise InvalidRequestError(f"{field}: each segment is at most {MAX_SEGMENT_BYTES} bytes")
    return raw


def normalize_prefix(raw: str | None) -> str:
    """A ``path_prefix`` filter: relative, no ``..`` or empty segments (a trailing '/' is allowed)."""
    raw = _unrooted(raw or "")
    if not raw:
        return ""
    if len(raw.encode()) > MAX_PATH_BYTES:
        raise InvalidRequestError(f"path_prefix: at most {MAX_PATH_BYTES} bytes")
    if raw.startswith("/") or "\\" in raw or _CONTROL.search(raw):
        raise InvalidRequestError("path_prefix: must be a relative path prefix such as notes/")
    inner = raw[:-1] if raw.endswith("/") else raw
    if any(s in ("", ".", "..") for s in inner.split("/")):
        raise InvalidRequestError("path_prefix: empty, '.' and '..' segments are not allowed")
    return raw


def digest(content: str) -> tuple[str, int]:
    """SHA-256 (lower-case hex) and byte size of the content; more than 100 KiB is a 413."""
    data = content.encode()
    if len(data) > MAX_CONTENT_BYTES:
        raise RequestTooLargeError(f"content: at most {MAX_CONTENT_BYTES} bytes of UTF-8 (got {len(data)})")
    return hashlib.sha256(data).hexdigest(), len(data)


def fold(path: str, prefix: str, depth: int | None) -> str | None:
    """The ``memory_prefix`` a path folds into under ``depth``, or None when it is listed itself.

    Depth counts segments below the folder holding ``prefix`` (``notes/`` for ``notes/to``).
    """
    if depth is None:
        return None
    base = prefix[: prefix.rfind("/") + 1]
    segments = path[len(base) :].split("/")
    if len(segments) <= depth:
        return None
    return base + "/".join(segments[:depth]) + "/"
