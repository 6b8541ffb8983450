"""Deployment and Run handlers: parse the request, call ``app.deployments``, map with ``api.mappers.deployments``."""

from __future__ import annotations

from mango_server.api.context import RequestContext
from mango_server.api.handlers._paging import page_body, page_params
from mango_server.api.mappers import deployments as wire
from mango_server.app import deployments
from mango_server.app.deployments import RunFilters
from mango_server.domain._generated.wire import (
    Deployment,
    DeploymentCreateParams,
    DeploymentList,
    DeploymentRun,
    DeploymentRunList,
    DeploymentUpdateParams,
)


async def deployments_create(ctx: RequestContext) -> Deployment:
    return wire.deployment(await deployments.create(ctx.services, ctx.principal, ctx.params(DeploymentCreateParams)))


async def deployments_get(ctx: RequestContext) -> Deployment:
    return wire.deployment(await deployments.get(ctx.services, ctx.principal, ctx.path["deployment_id"]))


async def deployments_list(ctx: RequestContext) -> DeploymentList:
    limit, cursor = page_params(ctx)
    status = ctx.query.get("status")
    if status is not None:
        status = ctx.choice_param("status", ("active", "paused"), "active")
    page = await deployments.list_page(
        ctx.services,
        ctx.principal,
        limit=limit,
        cursor=cursor,
        include_archived=ctx.bool_param("include_archived"),
        agent_id=ctx.query.get("agent_id"),
        status=status,
        created={op: ctx.time_param(f"created_at[{op}]") for op in ("gte", "lte")},
    )
    return page_body(page, wire.deployment)


async def deployments_update(ctx: RequestContext) -> Deployment:
    params = ctx.params(DeploymentUpdateParams)
    row = await deployments.update(ctx.services, ctx.principal, ctx.path["deployment_id"], params)
    return wire.deployment(row)


async def deployments_pause(ctx: RequestContext) -> Deployment:
    return wire.deployment(await deployments.pause(ctx.services, ctx.principal, ctx.path["deployment_id"]))


async def deployments_unpause(ctx: RequestContext) -> Deployment:
    return wire.deployment(await deployments.unpause(ctx.services, ctx.principal, ctx.path["deployment_id"]))


async def deployments_archive(ctx: RequestContext) -> Deployment:
    return wire.deployment(await deployments.archive(ctx.services, ctx.principal, ctx.path["deployment_id"]))


async def deployments_run(ctx: RequestContext) -> DeploymentRun:
    return wire.run(await deployments.run_now(ctx.services, ctx.principal, ctx.path["deployment_id"]))


async def deployment_runs_get(ctx: RequestContext) -> DeploymentRun:
    return wire.run(await deployments.get_run(ctx.services, ctx.principal, ctx.path["deployment_run_id"]))


async def deployment_runs_list(ctx: RequestContext) -> DeploymentRunList:
    limit, cursor = page_params(ctx)
    trigger = ctx.query.get("trigger_type")
    if trigger is not None:
        trigger = ctx.choice_param("trigger_type", ("schedule", "manual"), "schedule")
    has_error = ctx.bool_param("has_error") if ctx.query.get("has_error") is not None else None
    filters = RunFilters(
        deployment_id=ctx.query.get("deployment_id"),
        trigger_type=trigger,
        has_error=has_error,
        created={op: ctx.time_param(f"created_at[{op}]") for op in ("gt", "gte", "lt", "lte")},
    )
    page = await deployments.list_runs(ctx.services, ctx.principal, limit=limit, cursor=cursor, filters=filters)
    return page_body(page, wire.run)
