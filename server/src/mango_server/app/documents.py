"""File document sources of ``user.message`` events and File rubrics of outcomes, snapshotted at admission.

The public event keeps ``{"type": "file", "file_id": ...}`` exactly as sent. The File's text is
read here, before the admission transaction, and stored privately with the event
(``message_file_snapshots``); the model context is built from that snapshot, so deleting or
replacing the File later changes neither the history nor what the model saw. Only UTF-8 text
Files up to :data:`SNAPSHOT_MAX_BYTES` are accepted, and one request may snapshot at most
:data:`SNAPSHOT_REQUEST_MAX_BYTES` in all (checked from the stored sizes before any byte is read,
and again while reading); anything else is a 400. Not responsible for
the File itself (``app.files``) or the admission rules (``app.admission``).
"""

from __future__ import annotations

from collections.abc import Sequence

from mango_server.blob import BlobStore
from mango_server.domain._generated import wire
from mango_server.domain.errors import InvalidRequestError, NotFoundError
from mango_server.store import files
from mango_server.store.db import Connection, Pool
from mango_server.store.sessions import SessionRow

SNAPSHOT_MAX_BYTES = 1_000_000
SNAPSHOT_REQUEST_MAX_BYTES = 4_000_000
Snapshots = dict[tuple[int, int], tuple[str, str]]


RUBRIC_BLOCK = -1  # the "block index" of a ``user.define_outcome`` File rubric


def file_sources(events: Sequence[wire.SessionEventInput]) -> list[tuple[int, int, str]]:
    """(event index, block index, file id) of every File document source and File rubric in ``events``."""
    found: list[tuple[int, int, str]] = []
    for event_index, event in enumerate(events):
        if event["type"] == "user.define_outcome":
            rubric = event["rubric"]
            if rubric["type"] == "file":
                found.append((event_index, RUBRIC_BLOCK, rubric["file_id"]))
        if event["type"] == "user.message":
            found += [(event_index, block_index, file_id) for block_index, file_id in content_files(event["content"])]
    return found


def content_files(content: Sequence[wire.UserContentBlock]) -> list[tuple[int, str]]:
    """(block index, file id) of every File document source of a ``user.message``'s content."""
    found: list[tuple[int, str]] = []
    for block_index, block in enumerate(content):
        if block["type"] != "document":
            continue
        source = block["source"]
        if source["type"] == "file":
            found.append((block_index, source["file_id"]))
    return found


async def snapshot_file_documents(
    pool: Pool, blobs: BlobStore | None, workspace_id: str, events: Sequence[wire.SessionEventInput]
) -> Snapshots:
    """Read the text of every File the events reference; keyed by (event index, block index)."""
    sources = file_sources(events)
    if not sources:
        return {}
    if blobs is None:
        raise InvalidRequestError("File document sources need object storage, which this server has not configured")
    rows = [await _source_row(pool, workspace_id, source) for source in sources]
    total = sum(row.size_bytes for row in rows)
    if total > SNAPSHOT_REQUEST_MAX_BYTES:
        raise InvalidRequestError(
            f"the document sources of this request hold {total} bytes; one request may reference at most "
            f"{SNAPSHOT_REQUEST_MAX_BYTES} bytes of File documents"
        )
    out: Snapshots = {}
    for (event_index, block_index, file_id), row in zip(sources, rows, strict=True):
        data = await _read_bounded(blobs, row.object_key, row.size_bytes)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidRequestError(
                f"{_where(event_index, block_index)}: file {file_id} is not UTF-8 text; only UTF-8 text Files can be "
                "document sources"
            ) from None
        out[(event_index, block_index)] = (file_id, text)
    return out


def _where(event_index: int, block_index: int) -> str:
    if block_index == RUBRIC_BLOCK:
        return f"events[{event_index}].rubric"
    return f"events[{event_index}].content[{block_index}].source"


async def _source_row(pool: Pool, workspace_id: str, source: tuple[int, int, str]) -> files.FileRow:
    event_index, block_index, file_id = source
    async with pool.acquire() as conn:
        try:
            row = await files.get_row(conn, workspace_id, file_id)
        except NotFoundError:
            raise InvalidRequestError(f"{_where(event_index, block_index)}: file {file_id} not found") from None
    if row.size_bytes > SNAPSHOT_MAX_BYTES:
        raise InvalidRequestError(
            f"{_where(event_index, block_index)}: file {file_id} has {row.size_bytes} bytes; a document source File "
            f"may have at most {SNAPSHOT_MAX_BYTES} bytes"
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
