"""Images and PDFs as model input: what a byte string is, how much of a window it takes, and its bounds.

Role: :func:`sniff` judges bytes by their signature (magic bytes), never by a file name or a declared
type; :func:`pdf_pages` reads a PDF's page count (``pypdf``), which is also the check that the PDF can be
read at all; :func:`block_tokens` is the context estimator's charge for an image or PDF provider block,
which must not be measured by the length of its base64 (a 1 MB image would count as 400k tokens);
:class:`MediaLimits` holds the operator's bounds (``MANGO_MEDIA_*``).

The estimates are documented upper bounds, not tokenizer counts: the Messages API resizes an image whose
long edge exceeds 1568 pixels, so an image costs at most about 1,600 tokens (width x height / 750); a PDF
page costs its text (about 1,500 to 3,000 tokens) plus the page's image.

Pure. Not responsible for reading Files (``app.documents``), deciding which model accepts what (the
catalogue, ``domain.model_catalogue``) or sending blocks (the model adapters).
"""

from __future__ import annotations

import base64
import binascii
import io
import re
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass

__all__ = [
    "IMAGE_TOKENS",
    "IMAGE_TYPES",
    "PDF_PAGE_TOKENS",
    "PDF_TYPE",
    "MediaLimits",
    "block_tokens",
    "decode_base64",
    "pdf_pages",
    "sniff",
]

IMAGE_TYPES = ("image/png", "image/jpeg", "image/gif", "image/webp")
PDF_TYPE = "application/pdf"
#: Upper bound of one image's input tokens (an image is resized to at most about 1.15 megapixels).
IMAGE_TOKENS = 1600
#: Upper bound of one PDF page's input tokens: up to 3,000 of extracted text plus the page as an image.
PDF_PAGE_TOKENS = 3000 + IMAGE_TOKENS

_PAGES: OrderedDict[tuple[int, int], int] = OrderedDict()
_PAGES_KEPT = 256
# A page object of an uncompressed page tree; PDFs whose objects live in compressed object streams
# hide it, and :func:`pdf_pages` asks pypdf instead.
_PAGE_OBJECT = re.compile(rb"/Type\s*/Page(?![A-Za-z])")


@dataclass(frozen=True, slots=True)
class MediaLimits:
    """The bounds on images and PDFs a request may carry (defaults follow the Messages API's own limits)."""

    image_max_bytes: int = 5 * 1024 * 1024
    pdf_max_bytes: int = 32 * 1024 * 1024
    pdf_max_pages: int = 100
    #: Image and PDF blocks in one request (all its events together).
    max_blocks: int = 20
    #: Decoded image and PDF bytes in one request (all its events together).
    request_max_bytes: int = 32 * 1024 * 1024


def sniff(data: bytes) -> str | None:
    """The media type the bytes' signature names (an image type or ``application/pdf``); None for anything else."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if data.startswith((b"GIF87a", b"GIF89a")):
        return "image/gif"
    if len(data) >= 12 and data.startswith(b"RIFF") and data[8:12] == b"WEBP":
        return "image/webp"
    if data.startswith(b"%PDF-"):
        return PDF_TYPE
    return None


def decode_base64(data: str) -> bytes | None:
    """Standard base64 decoded strictly (no stray characters); None when it is not base64."""
    try:
        return base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        return None


def pdf_pages(data: bytes) -> int | None:
    """The PDF's page count; None when the bytes are not a PDF pypdf can read."""
    if not data.startswith(b"%PDF-"):
        return None
    from pypdf import PdfReader  # imported on first use: most processes never read a PDF
    from pypdf.errors import PdfReadError

    try:
        return len(PdfReader(io.BytesIO(data), strict=False).pages)
    except (PdfReadError, ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError):
        return None


def _estimated_pages(data: bytes) -> int:
    """Pages for the estimate: the page objects in sight, else pypdf's count, never fewer than one."""
    seen = len(_PAGE_OBJECT.findall(data))
    return max(1, seen or pdf_pages(data) or 0)


def block_tokens(block: Mapping[str, object]) -> int | None:
    """The estimator's charge for an image block or a base64 PDF document block; None for any other block."""
    kind = block.get("type")
    source = block.get("source")
    if kind == "image":
        return IMAGE_TOKENS
    if kind != "document" or not isinstance(source, Mapping):
        return None
    if source.get("type") != "base64" or source.get("media_type") != PDF_TYPE:
        return None
    raw = source.get("data")
    return PDF_PAGE_TOKENS * (_pages_of(raw) if isinstance(raw, str) else 1)


def _pages_of(raw: str) -> int:
    """:func:`_estimated_pages` of a base64 PDF, remembered: every round estimates the whole transcript, and
    decoding a large PDF's base64 each time would cost a second or more. Keyed by the text's length and hash
    (the string itself may be tens of megabytes, too large to hold as a key)."""
    key = (len(raw), hash(raw))
    pages = _PAGES.get(key)
    if pages is None:
        pages = _estimated_pages(decode_base64(raw) or b"")
        _PAGES[key] = pages
        while len(_PAGES) > _PAGES_KEPT:
            _PAGES.popitem(last=False)
    return pages
