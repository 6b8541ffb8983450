"""File handlers: streamed upload and download, metadata, list and delete.

Uploads stream from the request socket (``api.multipart``) into ``app.files``; nothing buffers
a whole File. Not responsible for storage or SQL (``app.files``).
"""

from __future__ import annotations

from contextlib import aclosing

from starlette.responses import StreamingResponse

from mango_server.api.context import RequestContext
from mango_server.api.downloads import stream_download
from mango_server.api.handlers._paging import page_params, two_way_page_body
from mango_server.api.mappers import files as wire
from mango_server.api.multipart import reader_for
from mango_server.app import files
from mango_server.domain._generated.wire import File, FileDeleted, FileList
from mango_server.domain.errors import InvalidRequestError


async def files_upload(ctx: RequestContext) -> File:
    ctx.blobs  # noqa: B018 - fail fast (503) before reading the body when storage is missing
    limit = ctx.services.settings.files_max_bytes
    async with aclosing(reader_for(ctx.request).parts()) as parts:
        async for part in parts:
            if part.name != "file":
                raise InvalidRequestError(f"{part.name}: unexpected multipart part; send only `file`")
            stored = await files.upload(
                ctx.services,
                ctx.principal,
                filename=part.filename,
                content_type=part.content_type,
                chunks=part.chunks(limit),
            )
            async for extra in parts:
                # The bytes are already published: take them back before refusing the request.
                await files.delete(ctx.services, ctx.principal, stored.id)
                raise InvalidRequestError(f"{extra.name}: unexpected multipart part; send only `file`")
            return wire.file(stored)
    raise InvalidRequestError("file: the multipart body needs a part named `file`")


async def files_get(ctx: RequestContext) -> File:
    return wire.file(await files.get(ctx.services, ctx.principal, ctx.path["file_id"]))


async def files_list(ctx: RequestContext) -> FileList:
    limit, cursor = page_params(ctx)
    page = await files.list_page(ctx.services, ctx.principal, limit=limit, cursor=cursor)
    return two_way_page_body(page, wire.file)


async def files_delete(ctx: RequestContext) -> FileDeleted:
    return wire.file_deleted(await files.delete(ctx.services, ctx.principal, ctx.path["file_id"]))


async def files_content(ctx: RequestContext) -> StreamingResponse:
    return await stream_download(await files.content(ctx.services, ctx.principal, ctx.path["file_id"]))
