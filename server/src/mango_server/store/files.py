"""Files: immutable Workspace metadata rows (bytes in object storage) and the private text
snapshots taken when a ``user.message`` document block names a File."""

from __future__ import annotations

from typing import Any

from mango_server.domain.errors import NotFoundError
from mango_server.domain.paging import Cursor, Page
from mango_server.store.db import record_dict
from mango_server.store.pagination import fetch_page
from mango_server.store.sql_loader import Queries

Q = Queries("files")


def to_public(row: dict[str, Any]) -> dict[str, Any]:
    """The wire shape of a File."""
    return {
        "type": "file",
        "id": row["id"],
        "filename": row["filename"],
        "mime_type": row["mime_type"],
        "size_bytes": row["size_bytes"],
        "sha256": row["sha256"],
        "created_at": row["created_at"],
    }


async def insert(
    conn: Any,
    workspace_id: str,
    file_id: str,
    *,
    filename: str,
    mime_type: str,
    size_bytes: int,
    sha256: str,
    object_key: str,
) -> dict[str, Any]:
    """Publish a File whose bytes are stored under ``object_key``."""
    row = await conn.fetchrow(Q.insert_file, workspace_id, file_id, filename, mime_type, size_bytes, sha256, object_key)
    return dict(row)


async def get_row(conn: Any, workspace_id: str, file_id: str) -> dict[str, Any]:
    """One File of the Workspace; another Workspace's File is not found."""
    row = await conn.fetchrow(Q.get_file, workspace_id, file_id)
    if row is None:
        raise NotFoundError(f"file {file_id} not found")
    return dict(row)


async def delete(conn: Any, workspace_id: str, file_id: str) -> str:
    """Remove the metadata row; returns the object key the caller must remove."""
    key = await conn.fetchval(Q.delete_file, workspace_id, file_id)
    if key is None:
        raise NotFoundError(f"file {file_id} not found")
    return str(key)


async def list_page(conn: Any, workspace_id: str, *, limit: int, cursor: Cursor | None) -> Page[dict[str, Any]]:
    """One page of Files, newest first."""
    return await fetch_page(
        conn, Q.list_base, [workspace_id], row=record_dict, order="desc", limit=limit, cursor=cursor
    )


async def insert_snapshot(
    conn: Any, workspace_id: str, session_id: str, event_id: str, block_index: int, file_id: str, data: str
) -> None:
    """Record the text a document block's File had when its event was admitted."""
    await conn.execute(Q.insert_snapshot, workspace_id, session_id, event_id, block_index, file_id, data)


async def snapshots_for_event(conn: Any, event_id: str) -> dict[int, str]:
    """Snapshot texts of one event, by content block index."""
    return {r["block_index"]: r["data"] for r in await conn.fetch(Q.snapshots_for_event, event_id)}
