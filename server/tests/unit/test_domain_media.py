"""Images and PDFs: judged by their bytes, bounded, read back from snapshots, and estimated per image and page."""

from __future__ import annotations

import base64
import io

import pytest
from mango_server.app.documents import PDF_SNAPSHOT_PREFIX, check_inline, check_media, stored_source
from mango_server.domain import media
from mango_server.domain.errors import InvalidRequestError
from mango_server.domain.media import IMAGE_TOKENS, PDF_PAGE_TOKENS, MediaLimits
from mango_server.domain.tokens import estimate_message
from pypdf import PdfWriter

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 16
JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 16
GIF = b"GIF89a" + b"\x00" * 16
WEBP = b"RIFF\x10\x00\x00\x00WEBPVP8 " + b"\x00" * 8


def pdf(pages: int) -> bytes:
    writer = PdfWriter()
    for _ in range(pages):
        writer.add_blank_page(width=100, height=100)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (PNG, "image/png"),
        (JPEG, "image/jpeg"),
        (GIF, "image/gif"),
        (WEBP, "image/webp"),
        (b"%PDF-1.4\n", "application/pdf"),
    ],
)
def test_sniff_names_each_type_by_its_signature(data: bytes, expected: str) -> None:
    assert media.sniff(data) == expected


@pytest.mark.parametrize("data", [b"", b"hello", b"RIFF\x00\x00\x00\x00WAVE", b"\x89PNX", b"GIF90a"])
def test_sniff_names_nothing_else(data: bytes) -> None:
    assert media.sniff(data) is None


def test_pdf_pages_counts_pages_and_refuses_unreadable_bytes() -> None:
    assert media.pdf_pages(pdf(3)) == 3
    assert media.pdf_pages(b"%PDF-1.7 not really") is None
    assert media.pdf_pages(PNG) is None


def test_check_media_refuses_a_png_declared_as_jpeg() -> None:
    with pytest.raises(InvalidRequestError, match="a PNG image, not a JPEG image"):
        check_media("x", "image/jpeg", PNG, MediaLimits())
    assert check_media("x", "image/png", PNG, MediaLimits()) == "image/png"
    assert check_media("x", "image", WEBP, MediaLimits()) == "image/webp"
    with pytest.raises(InvalidRequestError, match="neither an image nor a PDF, not a PNG, JPEG, GIF or WebP"):
        check_media("x", "image", b"plain text", MediaLimits())


def test_check_media_bounds_image_bytes_pdf_bytes_and_pages() -> None:
    with pytest.raises(InvalidRequestError, match="at most 10 bytes"):
        check_media("x", "image/png", PNG, MediaLimits(image_max_bytes=10))
    three = pdf(3)
    with pytest.raises(InvalidRequestError, match="3 pages; a PDF may have at most 2 pages"):
        check_media("x", "application/pdf", three, MediaLimits(pdf_max_pages=2))
    with pytest.raises(InvalidRequestError, match="MANGO_MEDIA_PDF_MAX_BYTES"):
        check_media("x", "application/pdf", three, MediaLimits(pdf_max_bytes=len(three) - 1))
    assert check_media("x", "application/pdf", three, MediaLimits()) == "application/pdf"


def _message(*blocks: dict[str, object]) -> list[dict[str, object]]:
    return [{"type": "user.message", "content": list(blocks)}]


def _image(data: bytes, media_type: str = "image/png") -> dict[str, object]:
    return {
        "type": "image",
        "source": {"type": "base64", "media_type": media_type, "data": base64.b64encode(data).decode()},
    }


def test_check_inline_counts_blocks_and_bytes_per_request() -> None:
    events = _message(_image(PNG), _image(JPEG, "image/jpeg"), {"type": "text", "text": "hi"})
    tally = check_inline(events, MediaLimits())  # type: ignore[arg-type]
    assert (tally.blocks, tally.bytes) == (2, len(PNG) + len(JPEG))
    with pytest.raises(InvalidRequestError, match="more than 1 image and PDF blocks"):
        check_inline(events, MediaLimits(max_blocks=1))  # type: ignore[arg-type]
    with pytest.raises(InvalidRequestError, match="MANGO_MEDIA_REQUEST_MAX_BYTES"):
        check_inline(events, MediaLimits(request_max_bytes=len(PNG)))  # type: ignore[arg-type]


def test_check_inline_refuses_bad_base64_and_names_the_block() -> None:
    bad = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "!!not base64!!"}}
    with pytest.raises(InvalidRequestError, match=r"events\[0\]\.content\[1\]\.source\.data: not standard base64"):
        check_inline(_message({"type": "text", "text": "x"}, bad), MediaLimits())  # type: ignore[arg-type]


def test_check_inline_leaves_base64_text_documents_alone() -> None:
    doc = {"type": "document", "source": {"type": "base64", "media_type": "text/plain", "data": "aGk="}}
    assert check_inline(_message(doc), MediaLimits()).blocks == 0  # type: ignore[arg-type]


def test_stored_source_reads_back_each_kind_of_snapshot() -> None:
    assert stored_source("image", "data:image/gif;base64,R0lG") == {
        "type": "base64",
        "media_type": "image/gif",
        "data": "R0lG",
    }
    assert stored_source("document", PDF_SNAPSHOT_PREFIX + "JVBE") == {
        "type": "base64",
        "media_type": "application/pdf",
        "data": "JVBE",
    }
    # A text document's snapshot is its text, even when the text looks like a data URL.
    assert stored_source("document", "data:image/gif;base64,R0lG") == {
        "type": "text",
        "media_type": "text/plain",
        "data": "data:image/gif;base64,R0lG",
    }


def test_the_estimator_charges_images_and_pdf_pages_not_base64_length() -> None:
    big_image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "A" * 3_000_000}}
    assert estimate_message({"role": "user", "content": [big_image]}) < IMAGE_TOKENS + 100
    assert estimate_message({"role": "user", "content": [big_image]}) >= IMAGE_TOKENS
    document = {
        "type": "document",
        "source": {"type": "base64", "media_type": "application/pdf", "data": base64.b64encode(pdf(4)).decode()},
    }
    tokens = estimate_message({"role": "user", "content": [document]})
    assert 4 * PDF_PAGE_TOKENS <= tokens < 4 * PDF_PAGE_TOKENS + 100
    result = {"type": "tool_result", "tool_use_id": "t1", "content": [{"type": "text", "text": "chart"}, big_image]}
    assert IMAGE_TOKENS <= estimate_message({"role": "user", "content": [result]}) < IMAGE_TOKENS + 100
