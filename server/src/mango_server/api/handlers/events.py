"""Session event handlers: history (list) and admission (send)."""

from __future__ import annotations

from typing import Any, cast

from mango_server.api.context import RequestContext
from mango_server.api.handlers._paging import page_body, page_params
from mango_server.app.admission import Admission
from mango_server.app.documents import Snapshots, snapshot_file_documents
from mango_server.domain.paging import Order
from mango_server.store import ledger, sessions
from mango_server.store.db import transaction


async def sessions_events_list(ctx: RequestContext) -> dict[str, Any]:
    session_id = ctx.path["session_id"]
    ctx.require_session_scope(session_id)
    order = cast(Order, ctx.choice_param("order", ("asc", "desc"), "asc"))
    limit, cursor = page_params(ctx, default=100, maximum=1000, order=order)
    types = ctx.list_param("types", max_items=64)
    created = {op: ctx.time_param(f"created_at[{op}]") for op in ("gt", "gte", "lt", "lte")}
    async with ctx.services.pool.acquire() as conn:
        await sessions.get_row(conn, ctx.workspace_id, session_id)
        page = await ledger.list_page(
            conn,
            ctx.workspace_id,
            session_id,
            limit=limit,
            cursor=cursor,
            order=order,
            types=types,
            created=created,
        )
    return page_body(page, ledger.to_public)


async def read_documents(ctx: RequestContext, events: list[dict[str, Any]]) -> Snapshots:
    """Snapshot the Files that ``user.message`` document blocks reference (before the admission transaction)."""
    if ctx.principal.kind == "SessionToken":
        return {}  # admission refuses user.message from a session token
    store = ctx.services.blobs.blobs if ctx.services.blobs is not None else None
    return await snapshot_file_documents(ctx.services.pool, store, ctx.workspace_id, events)


async def sessions_events_send(ctx: RequestContext) -> dict[str, Any]:
    session_id = ctx.path["session_id"]
    ctx.require_session_scope(session_id)
    documents = await read_documents(ctx, ctx.body["events"])
    async with transaction(ctx.services.pool) as conn:
        row = await sessions.get_row(conn, ctx.workspace_id, session_id, lock=True)
        accepted = await Admission(conn, row, ctx.principal.kind, documents).admit(ctx.body["events"])
    await ctx.services.notifier.committed(session_id)
    # The echo is the client's events only; server events appended with them (status_running) are streamed.
    return {"data": [event for event in accepted if event["type"].startswith("user.")]}
