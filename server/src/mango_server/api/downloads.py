"""Download responses: an object's bytes streamed from storage as an attachment.

Not responsible for finding the object or checking access (the use cases in ``app`` do).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from urllib.parse import quote

from starlette.responses import StreamingResponse

from mango_server.app.blobs import Download


async def stream_download(download: Download) -> StreamingResponse:
    """A download response; the first chunk is read before the headers so a storage error is a 500 envelope."""
    chunks = download.chunks
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
        "content-length": str(download.size),
        "content-disposition": f"attachment; filename*=UTF-8''{quote(download.filename, safe='')}",
    }
    return StreamingResponse(body(), media_type=download.media_type, headers=headers)
