"""File handlers: streamed upload and download, metadata, list and delete.

Uploads stream from the request socket to object storage (``api.multipart`` and
``app.blobs``); nothing buffers a whole File.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import aclosing
from typing import Any
from urllib.parse import quote

from starlette.responses import StreamingResponse

from mango_server.api.context import RequestContext
from mango_server.api.handlers._paging import page_body, page_params
from mango_server.api.multipart import MultipartReader, Part
from mango_server.app.blobs import BlobWrites
from mango_server.blob import file_key
from mango_server.domain.errors import InvalidRequestError
from mango_server.ids import new_id
from mango_server.store import files
from mango_server.store.db import transaction

DEFAULT_MIME = "application/octet-stream"


def _mime(raw: str | None) -> str:
    value = (raw or DEFAULT_MIME).strip()
    if len(value) > 255 or "/" not in value:
        raise InvalidRequestError("file: the part's content type must be a media type such as text/plain")
    return value


async def files_upload(ctx: RequestContext) -> dict[str, Any]:
    writes = ctx.blobs
    limit = ctx.services.settings.files_max_bytes
    async with aclosing(MultipartReader(ctx.request).parts()) as parts:
        async for part in parts:
            if part.name != "file":
                raise InvalidRequestError(f"{part.name}: unexpected multipart part; send only `file`")
            stored = await _store_part(writes, ctx.workspace_id, part, limit)
            async for extra in parts:
                # The bytes are already published: take them back before refusing the request.
                await _delete(ctx, stored["id"])
                raise InvalidRequestError(f"{extra.name}: unexpected multipart part; send only `file`")
            return stored
    raise InvalidRequestError("file: the multipart body needs a part named `file`")


async def _store_part(writes: BlobWrites, workspace_id: str, part: Part, limit: int) -> dict[str, Any]:
    file_id = new_id("file")
    filename = (part.filename or "file")[:255]
    mime = _mime(part.content_type)
    key = file_key(workspace_id, file_id)

    async def publish(conn: Any, size: int, digest: str) -> dict[str, Any]:
        row = await files.insert(
            conn,
            workspace_id,
            file_id,
            filename=filename,
            mime_type=mime,
            size_bytes=size,
            sha256=digest,
            object_key=key,
        )
        return files.to_public(row)

    return await writes.upload(workspace_id, key, part.chunks(limit), mime, publish)


async def files_get(ctx: RequestContext) -> dict[str, Any]:
    async with ctx.services.pool.acquire() as conn:
        return files.to_public(await files.get_row(conn, ctx.workspace_id, ctx.path["file_id"]))


async def files_list(ctx: RequestContext) -> dict[str, Any]:
    limit, cursor = page_params(ctx)
    async with ctx.services.pool.acquire() as conn:
        page = await files.list_page(conn, ctx.workspace_id, limit=limit, cursor=cursor)
    return page_body(page, files.to_public, bidirectional=True)


async def files_delete(ctx: RequestContext) -> dict[str, Any]:
    return await _delete(ctx, ctx.path["file_id"])


async def _delete(ctx: RequestContext, file_id: str) -> dict[str, Any]:
    writes = ctx.blobs
    async with transaction(ctx.services.pool) as conn:
        key = await files.delete(conn, ctx.workspace_id, file_id)
        guard_id = await writes.guard_removal(conn, ctx.workspace_id, key)
    await writes.remove(guard_id, key)
    return {"type": "file_deleted", "id": file_id}


async def files_content(ctx: RequestContext) -> StreamingResponse:
    writes = ctx.blobs
    async with ctx.services.pool.acquire() as conn:
        row = await files.get_row(conn, ctx.workspace_id, ctx.path["file_id"])
    return await stream_object(writes.blobs.get_stream(row["object_key"]), row["size_bytes"], row["filename"])


async def stream_object(
    chunks: AsyncIterator[bytes], size: int, filename: str, media_type: str = DEFAULT_MIME
) -> StreamingResponse:
    """A download response; the first chunk is read before the headers so a storage error is a 500 envelope."""
    first = b""
    async for chunk in chunks:
        first = chunk
        break

    async def body() -> AsyncIterator[bytes]:
        if first:
            yield first
        async for chunk in chunks:
            yield chunk

    headers = {
        "content-length": str(size),
        "content-disposition": f"attachment; filename*=UTF-8''{quote(filename, safe='')}",
    }
    return StreamingResponse(body(), media_type=media_type, headers=headers)
