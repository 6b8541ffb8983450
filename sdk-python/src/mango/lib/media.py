"""Image and PDF content blocks from local files, for ``sessions.events.send``.

``image_block(path)`` and ``pdf_block(path)`` read a file and return the block a ``user.message``
(or a ``user.custom_tool_result``) carries, inline as base64. The media type comes from the file's
bytes (its signature), never from its name, so the block passes the server's content check; a file
that is not a PNG, JPEG, GIF or WebP image (or not a PDF) raises ``ValueError`` here rather than a
400 later. ``max_bytes`` refuses a file before it is read whole (the server's defaults: 5 MiB per
image, 32 MiB per PDF; an operator may lower them). Not responsible for uploading Files: name an
uploaded File with ``{"type": "image", "source": {"type": "file", "file_id": ...}}``.
"""

from __future__ import annotations

import base64
import os
from pathlib import Path
from typing import Any

__all__ = ["IMAGE_MAX_BYTES", "PDF_MAX_BYTES", "image_block", "pdf_block", "sniff_media_type"]

IMAGE_MAX_BYTES = 5 * 1024 * 1024
PDF_MAX_BYTES = 32 * 1024 * 1024


def sniff_media_type(data: bytes) -> str | None:
    """``image/png``, ``image/jpeg``, ``image/gif``, ``image/webp`` or ``application/pdf`` by the bytes' signature."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if data.startswith((b"GIF87a", b"GIF89a")):
        return "image/gif"
    if len(data) >= 12 and data.startswith(b"RIFF") and data[8:12] == b"WEBP":
        return "image/webp"
    if data.startswith(b"%PDF-"):
        return "application/pdf"
    return None


def _read(path: str | os.PathLike[str], max_bytes: int) -> bytes:
    file = Path(path)
    size = file.stat().st_size
    if size > max_bytes:
        raise ValueError(f"{file}: {size} bytes is more than {max_bytes}")
    return file.read_bytes()


def image_block(path: str | os.PathLike[str], *, max_bytes: int = IMAGE_MAX_BYTES) -> dict[str, Any]:
    """An ``image`` block with the file's bytes inline; ``ValueError`` unless it is a PNG, JPEG, GIF or WebP image."""
    data = _read(path, max_bytes)
    media_type = sniff_media_type(data)
    if media_type is None or not media_type.startswith("image/"):
        raise ValueError(f"{path}: not a PNG, JPEG, GIF or WebP image (judged by its bytes)")
    return {"type": "image", "source": {"type": "base64", "media_type": media_type, "data": _b64(data)}}


def pdf_block(
    path: str | os.PathLike[str],
    *,
    title: str | None = None,
    context: str | None = None,
    max_bytes: int = PDF_MAX_BYTES,
) -> dict[str, Any]:
    """A PDF ``document`` block with the file's bytes inline; ``ValueError`` unless the bytes begin with ``%PDF-``."""
    data = _read(path, max_bytes)
    if sniff_media_type(data) != "application/pdf":
        raise ValueError(f"{path}: not a PDF (its bytes do not begin with %PDF-)")
    block: dict[str, Any] = {
        "type": "document",
        "source": {"type": "base64", "media_type": "application/pdf", "data": _b64(data)},
    }
    if title is not None:
        block["title"] = title
    if context is not None:
        block["context"] = context
    return block


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")
