"""Session handlers: create (freezing the Agent snapshot), read, list, update, archive, delete."""

from __future__ import annotations

from typing import Any, cast

from mango_server.api.context import RequestContext
from mango_server.api.handlers._paging import page_body, page_params
from mango_server.api.handlers.events import read_documents
from mango_server.app import attachments
from mango_server.app.admission import Admission
from mango_server.domain.errors import ConflictError, InvalidRequestError, NotFoundError
from mango_server.domain.paging import Order
from mango_server.ids import new_id
from mango_server.store import agents, environments, ledger, sessions, work
from mango_server.store.agents import AgentRow
from mango_server.store.db import transaction
from mango_server.store.ledger import NewEvent

STATUSES = ("idle", "running", "rescheduling", "terminated")


def _snapshot(agent_row: AgentRow) -> dict[str, Any]:
    body = agent_row.body
    keys = ("name", "description", "system", "model", "tools", "mcp_servers", "skills")
    return {"type": "agent", "id": agent_row.id, "version": agent_row.version, **{k: body.get(k) for k in keys}}


async def sessions_create(ctx: RequestContext) -> dict[str, Any]:
    params = ctx.body
    ref = params["agent"]
    agent_id, version = (ref, None) if isinstance(ref, str) else (ref["id"], ref.get("version"))
    documents = await read_documents(ctx, params.get("initial_events") or [])
    async with transaction(ctx.services.pool) as conn:
        try:
            agent_row = await agents.get_body(conn, ctx.workspace_id, agent_id, version)
        except NotFoundError:
            raise InvalidRequestError(f"agent: {agent_id} (version {version or 'current'}) not found") from None
        if agent_row.archived_at is not None:
            raise ConflictError(f"agent {agent_id} is archived; new Sessions cannot use it")
        try:
            environment = await environments.get(conn, ctx.workspace_id, params["environment_id"])
        except NotFoundError:
            raise InvalidRequestError(f"environment_id: {params['environment_id']} not found") from None
        if environment.archived_at is not None:
            raise ConflictError(f"environment {environment.id} is archived; new Sessions cannot use it")
        resources = await attachments.freeze(conn, ctx.workspace_id, params.get("resources") or [])
        row = await sessions.create(
            conn,
            ctx.workspace_id,
            title=params.get("title"),
            agent_id=agent_id,
            agent_version=agent_row.version,
            agent_snapshot=_snapshot(agent_row),
            environment_id=environment.id,
            metadata={k: v for k, v in (params.get("metadata") or {}).items() if v is not None},
            resources=resources,
        )
        if params.get("initial_events"):
            await Admission(conn, row, ctx.principal.kind, documents).admit(params["initial_events"])
        public = sessions.to_public(await sessions.get_row(conn, ctx.workspace_id, row["id"]))
    await ctx.services.notifier.committed(row["id"])
    return public


async def sessions_get(ctx: RequestContext) -> dict[str, Any]:
    session_id = ctx.path["session_id"]
    ctx.require_session_scope(session_id)
    async with ctx.services.pool.acquire() as conn:
        return sessions.to_public(await sessions.get_row(conn, ctx.workspace_id, session_id))


async def sessions_list(ctx: RequestContext) -> dict[str, Any]:
    order = cast(Order, ctx.choice_param("order", ("asc", "desc"), "desc"))
    limit, cursor = page_params(ctx, order=order)
    filters: dict[str, Any] = {
        "include_archived": ctx.bool_param("include_archived"),
        "agent_id": ctx.query.get("agent_id"),
        "agent_version": ctx.int_param("agent_version", None, 1, 2**31 - 1),
        "statuses": ctx.list_param("statuses", STATUSES),
        "memory_store_id": ctx.query.get("memory_store_id"),
    }
    for op in ("gt", "gte", "lt", "lte"):
        filters[f"created_at_{op}"] = ctx.time_param(f"created_at[{op}]")
    async with ctx.services.pool.acquire() as conn:
        page = await sessions.list_page(
            conn,
            ctx.workspace_id,
            limit=limit,
            cursor=cursor,
            order=order,
            filters=filters,
        )
    return page_body(page, sessions.to_public, bidirectional=True)


async def sessions_update(ctx: RequestContext) -> dict[str, Any]:
    session_id = ctx.path["session_id"]
    async with transaction(ctx.services.pool) as conn:
        row = await sessions.get_row(conn, ctx.workspace_id, session_id, lock=True)
        if row["archived_at"] is not None:
            raise ConflictError(f"session {session_id} is archived and read-only")
        title = ctx.body["title"] if "title" in ctx.body else row["title"]
        metadata = dict(row["metadata"])
        for key, value in (ctx.body.get("metadata") or {}).items():
            if value is None:
                metadata.pop(key, None)
            else:
                metadata[key] = value
        if len(metadata) > 16:
            raise InvalidRequestError("metadata: at most 16 pairs")
        changed = {k: v for k, v in (("title", title), ("metadata", metadata)) if v != row[k]}
        if changed:
            await sessions.update_fields(conn, row, title, metadata)
            await ledger.append(
                conn, ctx.workspace_id, session_id, [NewEvent(new_id("sevt"), "session.updated", changed)]
            )
        public = sessions.to_public(await sessions.get_row(conn, ctx.workspace_id, session_id))
    await ctx.services.notifier.committed(session_id)
    return public


async def sessions_archive(ctx: RequestContext) -> dict[str, Any]:
    session_id = ctx.path["session_id"]
    async with transaction(ctx.services.pool) as conn:
        row = await sessions.get_row(conn, ctx.workspace_id, session_id, lock=True)
        if row["archived_at"] is None:
            await sessions.archive(conn, row)
            await ledger.append(
                conn, ctx.workspace_id, session_id, [NewEvent(new_id("sevt"), "session.status_terminated")]
            )
            await ledger.wake(conn, ctx.workspace_id, session_id, "terminate")
            await work.stop_for_session(conn, session_id)
        public = sessions.to_public(await sessions.get_row(conn, ctx.workspace_id, session_id))
    await ctx.services.notifier.committed(session_id)
    return public


async def sessions_delete(ctx: RequestContext) -> dict[str, Any]:
    session_id = ctx.path["session_id"]
    async with transaction(ctx.services.pool) as conn:
        row = await sessions.get_row(conn, ctx.workspace_id, session_id, lock=True)
        await ledger.append(conn, ctx.workspace_id, session_id, [NewEvent(new_id("sevt"), "session.deleted")])
        await sessions.mark_deleting(conn, row)
        await work.stop_for_session(conn, session_id)
        await ledger.wake(conn, ctx.workspace_id, session_id, "delete")
    await ctx.services.notifier.committed(session_id)
    return {"type": "session_deleted", "id": session_id}
