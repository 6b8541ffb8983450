"""File sources of ``user.message`` and ``user.custom_tool_result`` content and File rubrics of outcomes,
snapshotted at admission; the content check and the bounds of every image and PDF a request carries.

The public event keeps ``{"type": "file", "file_id": ...}`` exactly as sent. The File's bytes are
read here, before the admission transaction, and stored privately with the event
(``message_file_snapshots``); the model context is built from that snapshot, so deleting or
replacing the File later changes neither the history nor what the model saw.

What a File is comes from its bytes (``domain.media.sniff``), never its name or declared type: an
image block's File must be a PNG, JPEG, GIF or WebP image; a document block's File is a PDF when its
bytes begin with ``%PDF-`` and must be UTF-8 text otherwise. A snapshot's ``data`` is the text of a
text document, ``%PDF-;base64,<base64>`` for a PDF (no text snapshot can begin with ``%PDF-``: such a
File is a PDF) and a ``data:<type>;base64,`` URL for an image (:func:`stored_source` reads them back).
Inline base64 images and PDFs are checked the same way: the bytes must be what ``media_type`` says.

Bounds: a text File up to :data:`SNAPSHOT_MAX_BYTES`, at most :data:`SNAPSHOT_REQUEST_MAX_BYTES` of
text Files per request; images, PDFs, their pages, their count and their total bytes per request by
the operator's ``MediaLimits``. Each File's stored size, and their sum, are checked against the most
its block (and the request) may hold before any byte is read; the exact bounds apply as the bytes are
read and judged. Anything else is a 400 naming the block. Not responsible for the File itself
(``app.files``), whether the Session's model accepts images or PDFs (``app.admission``) or the
admission rules.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from mango_server.blob import BlobStore
from mango_server.domain import media
from mango_server.domain._generated import wire
from mango_server.domain.errors import InvalidRequestError, NotFoundError
from mango_server.domain.media import MediaLimits
from mango_server.store import files
from mango_server.store.db import Connection, Pool
from mango_server.store.sessions import SessionRow

SNAPSHOT_MAX_BYTES = 1_000_000
SNAPSHOT_REQUEST_MAX_BYTES = 4_000_000
Snapshots = dict[tuple[int, int], tuple[str, str]]


RUBRIC_BLOCK = -1  # the "block index" of a ``user.define_outcome`` File rubric
PDF_SNAPSHOT_PREFIX = "%PDF-;base64,"
_CONTENT_EVENTS = ("user.message", "user.custom_tool_result")
_NAMES = {"image/png": "a PNG image", "image/jpeg": "a JPEG image", "image/gif": "a GIF image",
          "image/webp": "a WebP image", media.PDF_TYPE: "a PDF"}  # fmt: skip


def file_sources(events: Sequence[wire.SessionEventInput]) -> list[tuple[int, int, str]]:
    """(event index, block index, file id) of every File document source and File rubric in ``events``."""
    found: list[tuple[int, int, str]] = []
    for event_index, event in enumerate(events):
        if event["type"] == "user.define_outcome":
            rubric = event["rubric"]
            if rubric["type"] == "file":
                found.append((event_index, RUBRIC_BLOCK, rubric["file_id"]))
        if event["type"] in _CONTENT_EVENTS:
            content = _content(event)
            found += [(event_index, block_index, file_id) for block_index, file_id in content_files(content)]
    return found


def _content(event: wire.SessionEventInput) -> Sequence[wire.UserContentBlock]:
    if event["type"] == "user.message":
        return event["content"]
    if event["type"] == "user.custom_tool_result":
        return event.get("content", [])
    return []


def content_files(content: Sequence[Mapping[str, object]]) -> list[tuple[int, str]]:
    """(block index, file id) of every File source (a document's or an image's) of an event's content."""
    found: list[tuple[int, str]] = []
    for block_index, block in enumerate(content):
        source = block.get("source")
        if block.get("type") in ("document", "image") and isinstance(source, Mapping) and source.get("type") == "file":
            found.append((block_index, str(source["file_id"])))
    return found


@dataclass
class _Tally:
    """The images and PDFs of one request so far, against its limits."""

    limits: MediaLimits
    blocks: int = 0
    bytes: int = 0
    text_bytes: int = 0
    where: list[str] = field(default_factory=list)

    def add(self, where: str, size: int) -> None:
        self.blocks += 1
        self.bytes += size
        if self.blocks > self.limits.max_blocks:
            raise InvalidRequestError(
                f"{where}: this request carries more than {self.limits.max_blocks} image and PDF blocks "
                "(MANGO_MEDIA_MAX_BLOCKS); send them in several messages"
            )
        if self.bytes > self.limits.request_max_bytes:
            raise InvalidRequestError(
                f"{where}: this request's images and PDFs hold more than {self.limits.request_max_bytes} bytes "
                "(MANGO_MEDIA_REQUEST_MAX_BYTES); send them in several messages"
            )


def check_media(where: str, expected: str, data: bytes, limits: MediaLimits) -> str:
    """The media type of an image or PDF's bytes, checked against what the block says it is; 400 otherwise.

    ``expected``: a declared image type, ``image`` (any image type, a File) or ``application/pdf``.
    """
    found = media.sniff(data)
    if expected == "image":
        if found not in media.IMAGE_TYPES:
            raise InvalidRequestError(f"{where}: the bytes are {_name(found)}, not a PNG, JPEG, GIF or WebP image")
    elif found != expected:
        raise InvalidRequestError(f"{where}: the bytes are {_name(found)}, not {_NAMES[expected]} ({expected})")
    assert found is not None
    if found == media.PDF_TYPE:
        if len(data) > limits.pdf_max_bytes:
            raise InvalidRequestError(
                f"{where}: the PDF has {len(data)} bytes; a PDF may have at most {limits.pdf_max_bytes} bytes "
                "(MANGO_MEDIA_PDF_MAX_BYTES)"
            )
        pages = media.pdf_pages(data)
        if pages is None:
            raise InvalidRequestError(f"{where}: the PDF cannot be read (it is damaged or encrypted)")
        if pages > limits.pdf_max_pages:
            raise InvalidRequestError(
                f"{where}: the PDF has {pages} pages; a PDF may have at most {limits.pdf_max_pages} pages "
                "(MANGO_MEDIA_PDF_MAX_PAGES)"
            )
    elif len(data) > limits.image_max_bytes:
        raise InvalidRequestError(
            f"{where}: the image has {len(data)} bytes; an image may have at most {limits.image_max_bytes} bytes "
            "(MANGO_MEDIA_IMAGE_MAX_BYTES)"
        )
    return found


def _name(media_type: str | None) -> str:
    return _NAMES.get(media_type or "", "neither an image nor a PDF")


def check_inline(events: Sequence[wire.SessionEventInput], limits: MediaLimits) -> _Tally:
    """Check every inline base64 image and PDF of the events (bytes, type, bounds); returns the request's tally."""
    tally = _Tally(limits)
    for event_index, event in enumerate(events):
        for block_index, block in enumerate(_content(event)):
            source = block.get("source")
            if not isinstance(source, Mapping) or source.get("type") != "base64":
                continue
            expected = str(source.get("media_type"))
            if block["type"] == "document" and expected != media.PDF_TYPE:
                continue  # a base64 text document: its text is the model's to read
            where = f"events[{event_index}].content[{block_index}].source"
            data = media.decode_base64(str(source.get("data")))
            if data is None:
                raise InvalidRequestError(f"{where}.data: not standard base64")
            check_media(where, expected, data, limits)
            tally.add(where, len(data))
    return tally


async def snapshot_file_documents(
    pool: Pool,
    blobs: BlobStore | None,
    workspace_id: str,
    events: Sequence[wire.SessionEventInput],
    limits: MediaLimits | None = None,
) -> Snapshots:
    """Check the inline images and PDFs of the events and snapshot every File they reference; keyed by (event
    index, block index)."""
    limits = limits or MediaLimits()
    tally = check_inline(events, limits)
    sources = file_sources(events)
    if not sources:
        return {}
    if blobs is None:
        raise InvalidRequestError("File sources need object storage, which this server has not configured")
    rows = [await _source_row(pool, workspace_id, source, _kind(events, source), limits) for source in sources]
    # Before any byte is read: the stored sizes cannot exceed what one request may snapshot in all.
    total, most = sum(row.size_bytes for row in rows), SNAPSHOT_REQUEST_MAX_BYTES + limits.request_max_bytes
    if total > most:
        raise InvalidRequestError(
            f"the File sources of this request hold {total} bytes; one request may reference at most {most} bytes "
            f"of Files ({SNAPSHOT_REQUEST_MAX_BYTES} of text documents and {limits.request_max_bytes} of images and "
            "PDFs)"
        )
    out: Snapshots = {}
    for (event_index, block_index, file_id), row in zip(sources, rows, strict=True):
        where = _where(event_index, block_index)
        data = await _read_bounded(blobs, row.object_key, row.size_bytes)
        if _kind(events, (event_index, block_index, file_id)) == "image":
            found = check_media(f"{where} (file {file_id})", "image", data, limits)
            tally.add(where, len(data))
            stored = f"data:{found};base64,{base64.b64encode(data).decode('ascii')}"
        elif media.sniff(data) == media.PDF_TYPE and block_index != RUBRIC_BLOCK:
            check_media(f"{where} (file {file_id})", media.PDF_TYPE, data, limits)
            tally.add(where, len(data))
            stored = PDF_SNAPSHOT_PREFIX + base64.b64encode(data).decode("ascii")
        else:
            stored = _text(where, file_id, data, tally)
        out[(event_index, block_index)] = (file_id, stored)
    return out


def _kind(events: Sequence[wire.SessionEventInput], source: tuple[int, int, str]) -> str:
    """``image`` for an image block's File, ``document`` for a document's or a rubric's."""
    event_index, block_index, _ = source
    if block_index == RUBRIC_BLOCK:
        return "document"
    return str(_content(events[event_index])[block_index]["type"])


def _text(where: str, file_id: str, data: bytes, tally: _Tally) -> str:
    if len(data) > SNAPSHOT_MAX_BYTES:
        raise InvalidRequestError(
            f"{where}: file {file_id} has {len(data)} bytes; a text document source File may have at most "
            f"{SNAPSHOT_MAX_BYTES} bytes"
        )
    tally.text_bytes += len(data)
    if tally.text_bytes > SNAPSHOT_REQUEST_MAX_BYTES:
        raise InvalidRequestError(
            f"the text document sources of this request hold more than {SNAPSHOT_REQUEST_MAX_BYTES} bytes; one "
            f"request may reference at most {SNAPSHOT_REQUEST_MAX_BYTES} bytes of text File documents"
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        must = "UTF-8 text" if where.endswith(".rubric") else "a PDF or UTF-8 text"
        raise InvalidRequestError(f"{where}: file {file_id} is not {must}, judged by its bytes") from None


def stored_source(kind: str, data: str) -> dict[str, object]:
    """The provider ``source`` of a snapshot: an image's or PDF's base64 bytes, else a text document's text."""
    if kind == "image" and data.startswith("data:") and ";base64," in data:
        media_type, b64 = data[len("data:") :].split(";base64,", 1)
        return {"type": "base64", "media_type": media_type, "data": b64}
    if kind == "document" and data.startswith(PDF_SNAPSHOT_PREFIX):
        return {"type": "base64", "media_type": media.PDF_TYPE, "data": data[len(PDF_SNAPSHOT_PREFIX) :]}
    return {"type": "text", "media_type": "text/plain", "data": data}


def _where(event_index: int, block_index: int) -> str:
    if block_index == RUBRIC_BLOCK:
        return f"events[{event_index}].rubric"
    return f"events[{event_index}].content[{block_index}].source"


async def _source_row(
    pool: Pool, workspace_id: str, source: tuple[int, int, str], kind: str, limits: MediaLimits
) -> files.FileRow:
    """The File's row, refused before any byte is read when its stored size exceeds what its block may hold."""
    event_index, block_index, file_id = source
    async with pool.acquire() as conn:
        try:
            row = await files.get_row(conn, workspace_id, file_id)
        except NotFoundError:
            raise InvalidRequestError(f"{_where(event_index, block_index)}: file {file_id} not found") from None
    if kind == "image":
        bound, what = limits.image_max_bytes, "an image source File (MANGO_MEDIA_IMAGE_MAX_BYTES)"
    elif block_index == RUBRIC_BLOCK:
        bound, what = SNAPSHOT_MAX_BYTES, "a rubric File"
    else:
        bound, what = max(SNAPSHOT_MAX_BYTES, limits.pdf_max_bytes), "a document source File"
    if row.size_bytes > bound:
        raise InvalidRequestError(
            f"{_where(event_index, block_index)}: file {file_id} has {row.size_bytes} bytes; {what} may have at "
            f"most {bound} bytes"
        )
    return row


async def _read_bounded(blobs: BlobStore, object_key: str, size_bytes: int) -> bytes:
    """The object's bytes, never more than its recorded size (a lying object cannot grow the snapshot)."""
    chunks: list[bytes] = []
    read = 0
    async for chunk in blobs.get_stream(object_key):
        read += len(chunk)
        if read > size_bytes:
            raise InvalidRequestError("a document source File changed size while it was read")
        chunks.append(chunk)
    return b"".join(chunks)


async def store_snapshots(
    conn: Connection, session: SessionRow, event_id: str, event_index: int, snapshots: Snapshots
) -> None:
    """Inside the admission transaction: keep the snapshots of one admitted event."""
    for (index, block_index), (file_id, text) in snapshots.items():
        if index == event_index and block_index != RUBRIC_BLOCK:
            await files.insert_snapshot(conn, session.workspace_id, session.id, event_id, block_index, file_id, text)
