"""Large textual MCP results retained as Workspace Files, with a preview for the model and the event.

A projected text over ``LARGE_TEXT_CHARS`` characters (and up to ``MAX_RETAINED_BYTES`` of UTF-8)
is published as a regular File. Order, so a crash loses nothing and repeats no call:

1. (transaction) the complete text is committed as the journal's receipt (base64 of the UTF-8
   bytes, so every byte survives JSONB) with the File id it will get;
2. the bytes go to object storage under a fresh attempt key behind a leased guard
   (``app.blobs.BlobWrites``);
3. (the publishing transaction) the File row, the ``agent.mcp_tool_result`` with the
   ``PREVIEW_CHARS`` preview and ``file_id``, the resolved action and the completed journal entry
   (receipt removed) commit together. If the Session was deleted or the call was cancelled
   meanwhile, nothing is published and the attempt's bytes are removed, so a late retry never
   creates (or recreates) a File.

A retry after a crash between 1 and 3 publishes again from the receipt. Without Files storage,
or above the size limit, the call is a tool error carrying the preview: never a false success.
Not responsible for calling the tool or for the journal's other states (``app.turn.mcp_calls``).
"""

from __future__ import annotations

import base64
import logging
from collections.abc import AsyncIterator, Awaitable, Callable

from mango_server.app.blobs import BlobWrites
from mango_server.app.ledger import Tx
from mango_server.blob import file_key
from mango_server.ids import new_id
from mango_server.store import files, mcp
from mango_server.store.db import Connection, Pool
from mango_server.store.mcp import InvocationRow, McpReceipt
from mango_server.tools.mcp_connector import CallResult

log = logging.getLogger(__name__)

LARGE_TEXT_CHARS = 100_000
MAX_RETAINED_BYTES = 32 * 1024 * 1024
PREVIEW_CHARS = 2_000
RESULTS_DIR = ".mango-tool-results"

Finish = Callable[..., Awaitable[None]]
#: Completes the call in the caller's transaction, given as its first argument (an ``app.ledger.Tx``).
FinishIn = Callable[..., Awaitable[bool]]


def preview(text: str) -> str:
    """The first ``PREVIEW_CHARS`` characters."""
    return text[:PREVIEW_CHARS]


async def retain(
    pool: Pool,
    writes: BlobWrites | None,
    invocation: InvocationRow,
    result: CallResult,
    finish: Finish,
    finish_in: FinishIn,
) -> None:
    """Keep a large result: receipt first, then the File; or a tool error with the preview."""
    data = result.text.encode("utf-8", errors="surrogatepass")
    if writes is None or len(data) > MAX_RETAINED_BYTES:
        why = "Files storage is not configured" if writes is None else f"it exceeds {MAX_RETAINED_BYTES} bytes"
        text = (
            f"{preview(result.text)}\n\n[The result has {len(result.text)} characters and could not be retained "
            f"in full because {why}. Only this {PREVIEW_CHARS}-character preview is available.]"
        )
        await finish(pool, invocation, text, True, "completed")
        return
    receipt: McpReceipt = {"file_id": new_id("file"), "text_b64": base64.b64encode(data).decode("ascii")}
    async with pool.acquire() as conn:
        await mcp.set_receipt(conn, invocation.session_id, invocation.event_id, receipt)
    await publish(pool, writes, invocation, receipt, finish_in)


async def publish(
    pool: Pool, writes: BlobWrites | None, invocation: InvocationRow, receipt: McpReceipt, finish_in: FinishIn
) -> None:
    """Publish the receipt as a File and complete the call in the same transaction."""
    data = base64.b64decode(receipt["text_b64"])
    text = data.decode("utf-8", errors="replace")
    if writes is None:  # restarted without Files storage: the retained text can only be previewed now
        unavailable = f"{preview(text)}\n\n[The full result could not be retained: Files storage is not configured.]"
        async with pool.acquire() as conn, conn.transaction():
            await finish_in(Tx(conn), invocation, unavailable, True, "completed")
        return
    file_id, ws = receipt["file_id"], invocation.workspace_id
    path = f"{RESULTS_DIR}/{file_id}.txt"
    shown = (
        f"{preview(text)}\n\n[Truncated: the full result ({len(text)} characters) is the File {file_id}, "
        f"available in the Session workspace at {path}; read parts of it with bash (head, sed, grep).]"
    )

    async def commit(conn: Connection, size: int, digest: str) -> None:
        await files.insert(
            conn,
            ws,
            file_id,
            filename=f"{invocation.tool_name}-{file_id}.txt",
            mime_type="text/plain; charset=utf-8",
            size_bytes=size,
            sha256=digest,
            object_key=key,
        )
        if not await finish_in(Tx(conn), invocation, shown, False, "completed", None, file_id, size, digest):
            raise _Closed  # rolls the File row back; the upload removes the attempt's bytes
        return None

    key = file_key(ws, file_id)
    try:
        await writes.upload(ws, key, _once(data), "text/plain; charset=utf-8", commit)
    except _Closed:
        log.info("mcp result not published: the call was closed", extra={"action": "mcp.result_dropped"})
        return
    log.info(
        "mcp result retained session_id=%s file_id=%s bytes=%s",
        invocation.session_id,
        file_id,
        len(data),
        extra={"action": "mcp.result_file"},
    )


class _Closed(Exception):
    """The call was cancelled or its Session deleted before publication."""


async def _once(data: bytes) -> AsyncIterator[bytes]:
    yield data
