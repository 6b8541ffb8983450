"""``mango.lib.media``: image and PDF blocks from local files, typed by their bytes."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from mango.lib.media import image_block, pdf_block, sniff_media_type

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 20
WEBP = b"RIFF\x14\x00\x00\x00WEBPVP8 " + b"\x00" * 8


def test_an_image_block_takes_its_type_from_the_bytes_not_the_name(tmp_path: Path) -> None:
    photo = tmp_path / "photo.jpg"
    photo.write_bytes(PNG)
    assert image_block(photo) == {
        "type": "image",
        "source": {"type": "base64", "media_type": "image/png", "data": base64.b64encode(PNG).decode()},
    }
    webp = tmp_path / "x.bin"
    webp.write_bytes(WEBP)
    assert image_block(str(webp))["source"]["media_type"] == "image/webp"


def test_an_image_block_refuses_other_bytes_and_large_files(tmp_path: Path) -> None:
    text = tmp_path / "notes.png"
    text.write_bytes(b"hello")
    with pytest.raises(ValueError, match="not a PNG, JPEG, GIF or WebP image"):
        image_block(text)
    pdf = tmp_path / "doc.png"
    pdf.write_bytes(b"%PDF-1.7\n")
    with pytest.raises(ValueError, match="not a PNG"):
        image_block(pdf)
    big = tmp_path / "big.png"
    big.write_bytes(PNG)
    with pytest.raises(ValueError, match="more than 10"):
        image_block(big, max_bytes=10)


def test_a_pdf_block_carries_title_and_context(tmp_path: Path) -> None:
    doc = tmp_path / "report"
    doc.write_bytes(b"%PDF-1.7\n%%EOF\n")
    block = pdf_block(doc, title="Q3", context="the quarterly report")
    assert block == {
        "type": "document",
        "source": {
            "type": "base64",
            "media_type": "application/pdf",
            "data": base64.b64encode(doc.read_bytes()).decode(),
        },
        "title": "Q3",
        "context": "the quarterly report",
    }
    assert "title" not in pdf_block(doc)
    png = tmp_path / "image.pdf"
    png.write_bytes(PNG)
    with pytest.raises(ValueError, match="not a PDF"):
        pdf_block(png)


@pytest.mark.parametrize(
    ("data", "expected"),
    [(b"\xff\xd8\xff\xdb", "image/jpeg"), (b"GIF87a..", "image/gif"), (b"RIFF0000WAVE", None), (b"", None)],
)
def test_sniff(data: bytes, expected: str | None) -> None:
    assert sniff_media_type(data) == expected
