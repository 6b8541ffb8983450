"""Environment Work handlers: parse the request, call ``app.work``, map with ``api.mappers.work``.

Credential scopes are checked first (``app.work.ref``, ``domain.work.environment_in_scope``), so
an out-of-scope item answers 404 before any parameter is judged.
"""

from __future__ import annotations

from starlette.responses import Response

from mango_server.api.context import RequestContext
from mango_server.api.handlers._paging import page_body, page_params
from mango_server.api.mappers import work as wire
from mango_server.app import work
from mango_server.app.work import PollRequest, WorkRef
from mango_server.domain._generated.wire import (
    HealthcheckCreateParams,
    HealthcheckResultParams,
    HeartbeatResponse,
    QueueStats,
    Work,
    WorkFailParams,
    WorkList,
    WorkSecrets,
    WorkStopParams,
)
from mango_server.domain.errors import InvalidRequestError
from mango_server.domain.work import STATES, environment_in_scope


def _item(ctx: RequestContext) -> WorkRef:
    return work.ref(ctx.principal, ctx.path["environment_id"], ctx.path["work_id"])


def _environment_id(ctx: RequestContext) -> str:
    return environment_in_scope(ctx.principal, ctx.path["environment_id"])


async def environments_work_poll(ctx: RequestContext) -> Work | Response:
    environment_id = _environment_id(ctx)
    block_ms = ctx.int_param("block_ms", 0, 0, 999) or 0
    reclaim_ms = ctx.int_param("reclaim_older_than_ms", 5000, 1000, 3_600_000) or 5000
    worker_id = ctx.query.get("worker_id")
    if worker_id is not None and not 1 <= len(worker_id) <= 128:
        raise InvalidRequestError("worker_id must be 1 to 128 characters")
    request = PollRequest(block_ms=block_ms, reclaim_after_ms=reclaim_ms, worker_id=worker_id)
    item = await work.poll(ctx.services, ctx.principal, environment_id, request)
    return wire.claimed(item) if item is not None else Response(status_code=204)


async def environments_work_ack(ctx: RequestContext) -> Work:
    return wire.work(await work.acknowledge(ctx.services, _item(ctx)))


async def environments_work_heartbeat(ctx: RequestContext) -> HeartbeatResponse:
    item = _item(ctx)
    expected = ctx.query.get("expected_last_heartbeat")
    if not expected or len(expected) > 64:
        raise InvalidRequestError("expected_last_heartbeat is required (NO_HEARTBEAT for the first heartbeat)")
    # The lease TTL is capped at 300 s: a longer lease would widen a stale owner's access.
    ttl = ctx.int_param("desired_ttl_seconds", 90, 1, 300)
    assert ttl is not None
    return wire.heartbeat(await work.heartbeat(ctx.services, item, expected, ttl))


async def environments_work_stop(ctx: RequestContext) -> Work:
    force = ctx.params(WorkStopParams).get("force", False)
    return wire.work(await work.stop(ctx.services, _item(ctx), force=force))


async def environments_work_fail(ctx: RequestContext) -> Work:
    return wire.work(await work.fail(ctx.services, _item(ctx), ctx.params(WorkFailParams)["error"]))


async def environments_work_get(ctx: RequestContext) -> Work:
    return wire.work(await work.get(ctx.services, _item(ctx)))


async def environments_work_list(ctx: RequestContext) -> WorkList:
    environment_id = _environment_id(ctx)
    limit, cursor = page_params(ctx)
    states = ctx.list_param("states", STATES, max_items=5)
    page = await work.list_page(ctx.services, ctx.principal, environment_id, limit=limit, cursor=cursor, states=states)
    return page_body(page, wire.work)


async def environments_work_stats(ctx: RequestContext) -> QueueStats:
    return wire.queue_stats(await work.stats(ctx.services, ctx.principal, _environment_id(ctx)))


async def environments_work_healthcheck_create(ctx: RequestContext) -> Work:
    environment_id = _environment_id(ctx)
    metadata = ctx.params(HealthcheckCreateParams).get("metadata") or {}
    return wire.work(await work.create_healthcheck(ctx.services, ctx.principal, environment_id, metadata))


async def environments_work_secrets(ctx: RequestContext) -> WorkSecrets:
    return wire.work_secrets(await work.secrets(ctx.services, _item(ctx)))


async def environments_work_healthcheck_result(ctx: RequestContext) -> Work:
    return wire.work(await work.report_healthcheck(ctx.services, _item(ctx), ctx.params(HealthcheckResultParams)))
