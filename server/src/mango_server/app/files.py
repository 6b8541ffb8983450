"""File use cases: publish an uploaded stream, read metadata, list, delete and open the bytes.

Uploads are streamed by the caller (``api.multipart``) straight into a leased object write
(``app.blobs``); nothing buffers a whole File. Not responsible for multipart parsing or the
wire shape (``api``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

from mango_server.app.blobs import Download
from mango_server.app.services import Services
from mango_server.blob import file_key
from mango_server.domain.errors import ConflictError, InvalidRequestError, NotFoundError
from mango_server.domain.paging import Cursor, Page
from mango_server.domain.principal import Principal
from mango_server.ids import new_id
from mango_server.store import files, mcp
from mango_server.store.db import Connection, transaction
from mango_server.store.files import FileRow

DEFAULT_MIME = "application/octet-stream"
MAX_FILENAME_CHARS = 255


def media_type(raw: str | None) -> str:
    """The media type an upload part declares (octet-stream when it declares none)."""
    value = (raw or DEFAULT_MIME).strip()
    if len(value) > 255 or "/" not in value:
        raise InvalidRequestError("file: the part's content type must be a media type such as text/plain")
    return value


async def upload(
    services: Services,
    principal: Principal,
    *,
    filename: str | None,
    content_type: str | None,
    chunks: AsyncIterator[bytes],
) -> FileRow:
    """Store ``chunks`` as a new File of the principal's Workspace and publish its metadata."""
    writes = services.require_blobs()
    workspace_id, file_id = principal.workspace_id, new_id("file")
    name = (filename or "file")[:MAX_FILENAME_CHARS]
    mime = media_type(content_type)
    key = file_key(workspace_id, file_id)

    async def publish(conn: Connection, size: int, digest: str) -> FileRow:
        return await files.insert(
            conn,
            workspace_id,
            file_id,
            filename=name,
            mime_type=mime,
            size_bytes=size,
            sha256=digest,
            object_key=key,
        )

    return await writes.upload(workspace_id, key, chunks, mime, publish)


async def get(services: Services, principal: Principal, file_id: str) -> FileRow:
    """One File's metadata."""
    async with services.pool.acquire() as conn:
        return await files.get_row(conn, principal.workspace_id, file_id)


async def list_page(services: Services, principal: Principal, *, limit: int, cursor: Cursor | None) -> Page[FileRow]:
    """One page of the Workspace's Files, newest first."""
    async with services.pool.acquire() as conn:
        return await files.list_page(conn, principal.workspace_id, limit=limit, cursor=cursor)


async def delete(services: Services, principal: Principal, file_id: str) -> str:
    """Delete a File's metadata, then its bytes (guarded, so a crash leaves them to recovery); returns its id."""
    writes = services.require_blobs()
    async with transaction(services.pool) as conn:
        session_id = await mcp.pinning_session(conn, principal.workspace_id, file_id)
        if session_id is not None:
            raise ConflictError(
                f"file {file_id} is the output of an MCP tool call of session {session_id} and stays pinned "
                "while that Session exists; delete the Session first"
            )
        key = await files.delete(conn, principal.workspace_id, file_id)
        guard_id = await writes.guard_removal(conn, principal.workspace_id, key)
    await writes.remove(guard_id, key)
    return file_id


async def content(services: Services, principal: Principal, file_id: str) -> Download:
    """A File's bytes, streamed from object storage."""
    writes = services.require_blobs()
    async with services.pool.acquire() as conn:
        if principal.kind == "SessionToken" and not await _generated_by_session(conn, principal, file_id):
            raise NotFoundError(f"file {file_id} not found")
        row = await files.get_row(conn, principal.workspace_id, file_id)
    return Download(writes.blobs.get_stream(row.object_key), row.size_bytes, row.filename)


async def _generated_by_session(conn: Connection, principal: Principal, file_id: str) -> bool:
    """A session token reads only its own Session's generated Files (large MCP results)."""
    return principal.session_id is not None and await mcp.is_session_output(conn, principal.session_id, file_id)
