"""Environment Work handlers: Poll, Ack, heartbeat, Stop, Fail, healthchecks, reads and stats.

Credential scopes (the route table says which kinds each operation accepts): an Environment
key reaches only its own Environment's queue (another Environment answers 404); a session
token reaches only its own Work item (another item answers 404); a Workspace key reaches every
Environment of its Workspace. Poll long-polls by re-querying every ~100 ms up to ``block_ms``.
Not responsible for: lease and token rules (``store.work``) or Session termination
(``app.work``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from starlette.responses import Response

from mango_server.api.context import RequestContext
from mango_server.api.handlers._paging import page_body, page_params
from mango_server.app import work as work_app
from mango_server.domain.errors import ConflictError, InvalidRequestError, NotFoundError
from mango_server.store import environments, work
from mango_server.store.db import transaction

log = logging.getLogger(__name__)
_POLL_INTERVAL = 0.1


def _environment_id(ctx: RequestContext) -> str:
    """The path's Environment, checked against a narrower credential's scope."""
    environment_id = ctx.path["environment_id"]
    principal = ctx.principal
    if principal.kind != "WorkspaceKey" and principal.environment_id != environment_id:
        raise NotFoundError(f"environment {environment_id} not found")
    return environment_id


def _work_id(ctx: RequestContext) -> str:
    work_id = ctx.path["work_id"]
    if ctx.principal.kind == "SessionToken" and ctx.principal.work_id != work_id:
        raise NotFoundError(f"work {work_id} not found")
    return work_id


async def _check_environment(ctx: RequestContext, environment_id: str) -> dict[str, Any]:
    async with ctx.services.pool.acquire() as conn:
        return await environments.get(conn, ctx.workspace_id, environment_id)


async def environments_work_poll(ctx: RequestContext) -> Any:
    environment_id = _environment_id(ctx)
    block_ms = ctx.int_param("block_ms", 0, 0, 999) or 0
    reclaim_ms = ctx.int_param("reclaim_older_than_ms", 5000, 1000, 3_600_000) or 5000
    worker_id = ctx.query.get("worker_id")
    if worker_id is not None and not 1 <= len(worker_id) <= 128:
        raise InvalidRequestError("worker_id must be 1 to 128 characters")
    await _check_environment(ctx, environment_id)
    deadline = time.monotonic() + block_ms / 1000
    async with ctx.services.pool.acquire() as conn:
        await work.record_poller(conn, ctx.workspace_id, environment_id, worker_id or f"key:{ctx.principal.key_id}")
    while True:
        async with transaction(ctx.services.pool) as conn:
            item = await work.claim(
                conn,
                ctx.workspace_id,
                environment_id,
                reclaim_after_ms=reclaim_ms,
                worker_id=worker_id,
                api_base_url=ctx.services.settings.base_url,
            )
        if item is not None:
            return item
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return Response(status_code=204)
        await asyncio.sleep(min(_POLL_INTERVAL, remaining))


async def environments_work_ack(ctx: RequestContext) -> dict[str, Any]:
    environment_id, work_id = _environment_id(ctx), _work_id(ctx)
    async with transaction(ctx.services.pool) as conn:
        row = await work.lock(conn, ctx.workspace_id, environment_id, work_id)
        return work.to_public(await work.acknowledge(conn, row))


async def environments_work_heartbeat(ctx: RequestContext) -> dict[str, Any]:
    environment_id, work_id = _environment_id(ctx), _work_id(ctx)
    expected = ctx.query.get("expected_last_heartbeat")
    if not expected or len(expected) > 64:
        raise InvalidRequestError("expected_last_heartbeat is required (NO_HEARTBEAT for the first heartbeat)")
    # The lease TTL is capped at 300 s: a longer lease would widen a stale owner's access.
    ttl = ctx.int_param("desired_ttl_seconds", 90, 1, 300)
    assert ttl is not None
    async with transaction(ctx.services.pool) as conn:
        row = await work.lock(conn, ctx.workspace_id, environment_id, work_id)
        return await work.heartbeat(conn, row, expected, ttl)


async def environments_work_stop(ctx: RequestContext) -> dict[str, Any]:
    environment_id, work_id = _environment_id(ctx), _work_id(ctx)
    async with transaction(ctx.services.pool) as conn:
        row = await work_app.stop(conn, ctx.workspace_id, environment_id, work_id, force=bool(ctx.body.get("force")))
        return work.to_public(row)


async def environments_work_fail(ctx: RequestContext) -> dict[str, Any]:
    environment_id, work_id = _environment_id(ctx), _work_id(ctx)
    async with transaction(ctx.services.pool) as conn:
        row, session_id = await work_app.fail(conn, ctx.workspace_id, environment_id, work_id, ctx.body["error"])
    if session_id is not None:
        log.info(
            "session terminated by work failure session_id=%s work_id=%s",
            session_id,
            work_id,
            extra={"action": "work.session_terminated"},
        )
        await ctx.services.notifier.committed(session_id)
    return work.to_public(row)


async def environments_work_get(ctx: RequestContext) -> dict[str, Any]:
    environment_id, work_id = _environment_id(ctx), _work_id(ctx)
    async with ctx.services.pool.acquire() as conn:
        return work.to_public(await work.get(conn, ctx.workspace_id, environment_id, work_id))


async def environments_work_list(ctx: RequestContext) -> dict[str, Any]:
    environment_id = _environment_id(ctx)
    limit, cursor = page_params(ctx)
    states = ctx.list_param("states", work.STATES, max_items=5)
    await _check_environment(ctx, environment_id)
    async with ctx.services.pool.acquire() as conn:
        page = await work.list_page(conn, ctx.workspace_id, environment_id, limit=limit, cursor=cursor, states=states)
    return page_body(page, work.to_public)


async def environments_work_stats(ctx: RequestContext) -> dict[str, Any]:
    environment_id = _environment_id(ctx)
    await _check_environment(ctx, environment_id)
    async with ctx.services.pool.acquire() as conn:
        return await work.stats(conn, ctx.workspace_id, environment_id)


async def environments_work_healthcheck_create(ctx: RequestContext) -> dict[str, Any]:
    environment_id = _environment_id(ctx)
    metadata = {k: v for k, v in (ctx.body.get("metadata") or {}).items() if v is not None}
    async with transaction(ctx.services.pool) as conn:
        environment = await environments.get(conn, ctx.workspace_id, environment_id)
        if environment["archived_at"] is not None:
            raise ConflictError(f"environment {environment_id} is archived; it accepts no new Work")
        return work.to_public(await work.enqueue_healthcheck(conn, ctx.workspace_id, environment_id, metadata))


async def environments_work_healthcheck_result(ctx: RequestContext) -> dict[str, Any]:
    environment_id, work_id = _environment_id(ctx), _work_id(ctx)
    async with transaction(ctx.services.pool) as conn:
        row = await work.lock(conn, ctx.workspace_id, environment_id, work_id)
        return work.to_public(await work.record_result(conn, row, ctx.body))
