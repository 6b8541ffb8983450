"""Files: immutable Workspace metadata rows (bytes in object storage) and the private text
snapshots taken when a ``user.message`` document block names a File.

Not responsible for the bytes (``app.blobs``) or the wire shape (``api.mappers.files``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from mango_server.domain.errors import NotFoundError
from mango_server.domain.paging import Cursor, Page
from mango_server.store.db import Connection, from_record
from mango_server.store.pagination import fetch_page
from mango_server.store.sql_loader import NamedQueries


class Q(NamedQueries, file="files"):
    insert_file: str
    get_file: str
    delete_file: str
    list_base: str
    insert_snapshot: str
    snapshots_for_event: str


@dataclass(frozen=True, slots=True)
class FileRow:
    """One File's metadata; its bytes are stored under ``object_key``."""

    workspace_id: str
    id: str
    filename: str
    mime_type: str
    size_bytes: int
    sha256: str
    object_key: str
    created_at: datetime


async def insert(
    conn: Connection,
    workspace_id: str,
    file_id: str,
    *,
    filename: str,
    mime_type: str,
    size_bytes: int,
    sha256: str,
    object_key: str,
) -> FileRow:
    """Publish a File whose bytes are stored under ``object_key``."""
    row = await conn.fetchrow(Q.insert_file, workspace_id, file_id, filename, mime_type, size_bytes, sha256, object_key)
    assert row is not None
    return from_record(FileRow, row)


async def get_row(conn: Connection, workspace_id: str, file_id: str) -> FileRow:
    """One File of the Workspace; another Workspace's File is not found."""
    row = await conn.fetchrow(Q.get_file, workspace_id, file_id)
    if row is None:
        raise NotFoundError(f"file {file_id} not found")
    return from_record(FileRow, row)


async def delete(conn: Connection, workspace_id: str, file_id: str) -> str:
    """Remove the metadata row; returns the object key the caller must remove."""
    key = await conn.fetchval(Q.delete_file, workspace_id, file_id)
    if key is None:
        raise NotFoundError(f"file {file_id} not found")
    return str(key)


async def list_page(conn: Connection, workspace_id: str, *, limit: int, cursor: Cursor | None) -> Page[FileRow]:
    """One page of Files, newest first."""
    return await fetch_page(
        conn,
        Q.list_base,
        [workspace_id],
        row=lambda r: from_record(FileRow, r),
        order="desc",
        limit=limit,
        cursor=cursor,
    )


async def insert_snapshot(
    conn: Connection, workspace_id: str, session_id: str, event_id: str, block_index: int, file_id: str, data: str
) -> None:
    """Record the text a document block's File had when its event was admitted."""
    await conn.execute(Q.insert_snapshot, workspace_id, session_id, event_id, block_index, file_id, data)


async def snapshots_for_event(conn: Connection, event_id: str) -> dict[int, str]:
    """Snapshot texts of one event, by content block index."""
    return {r["block_index"]: r["data"] for r in await conn.fetch(Q.snapshots_for_event, event_id)}
