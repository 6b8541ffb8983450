"""Deployment use cases: create, read, list, update, pause, unpause, archive, and Runs.

A Deployment stores what each Run creates (an Agent, an Environment, vaults, a budget, initial events) and when
(a cron schedule in a time zone). Writes only change the row and bump its revision; the
orchestrator's scheduler (``orchestration.scheduler``) makes the Temporal Schedule follow.
A Run creates its Session through the same use case as ``sessions.create``, in one transaction
with the Run record: a scheduled Run is unique per scheduled time, so a retried Schedule action
finds the Run it already recorded instead of creating a second Session. A Run whose Agent or
Environment (or a vault it names) is missing or archived records the error and pauses the Deployment; a transient
failure propagates (the caller retries) and is recorded only by :func:`record_transient_failure`.
Not responsible for SQL (``store.deployments``), the Schedule itself or the wire shape.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from mango_server.app import notifications, vaults
from mango_server.app import sessions as sessions_app
from mango_server.app.services import Services
from mango_server.domain import deployments as rules
from mango_server.domain._generated import wire
from mango_server.domain.environments import merge_metadata
from mango_server.domain.errors import ConflictError, InvalidRequestError, NotFoundError
from mango_server.domain.paging import Cursor, Page
from mango_server.domain.principal import Principal
from mango_server.store import agents, deployments, environments
from mango_server.store import vaults as vault_rows
from mango_server.store.db import Connection, request_transaction, transaction
from mango_server.store.deployments import DeploymentFields, DeploymentRow, NewRun, RunFilters, RunRow

__all__ = [
    "DeploymentRow",
    "RunFilters",
    "RunRow",
    "archive",
    "create",
    "get",
    "get_run",
    "list_page",
    "list_runs",
    "pause",
    "record_transient_failure",
    "run_now",
    "run_scheduled",
    "unpause",
    "update",
]

log = logging.getLogger(__name__)

#: Session statuses during which a new scheduled Run overlaps the previous one.
_BUSY = ("running", "rescheduling")


async def create(services: Services, principal: Principal, params: wire.DeploymentCreateParams) -> DeploymentRow:
    """A new active Deployment; its Agent and Environment must exist and not be archived."""
    ws = principal.workspace_id
    agent_id, version = _agent_ref(params["agent"])
    fields = DeploymentFields(
        name=params["name"],
        description=params.get("description"),
        agent_id=agent_id,
        agent_version=version,
        environment_id=params["environment_id"],
        initial_events=list(params["initial_events"]),
        metadata={k: v for k, v in (params.get("metadata") or {}).items() if v is not None},
        schedule=_schedule(params.get("schedule")),
        overlap_policy=params.get("overlap_policy") or rules.DEFAULT_OVERLAP_POLICY,
        vault_ids=list(params.get("vault_ids") or []),
        budget=sessions_app.stored_budget(params.get("budget")),
    )
    async with transaction(services.pool) as conn:
        await _check_targets(conn, ws, fields)
        await vaults.check_vaults(conn, ws, fields.vault_ids, who="a Deployment")
        row = await deployments.create(conn, ws, fields)
    log.info("deployment created deployment_id=%s", row.id, extra={"action": "deployment.created"})
    return row


async def get(services: Services, principal: Principal, deployment_id: str) -> DeploymentRow:
    """One Deployment of the Workspace."""
    async with services.pool.acquire() as conn:
        return await deployments.get(conn, principal.workspace_id, deployment_id)


async def list_page(
    services: Services,
    principal: Principal,
    *,
    limit: int,
    cursor: Cursor | None,
    include_archived: bool,
    agent_id: str | None,
    status: str | None,
    created: dict[str, datetime | None],
) -> Page[DeploymentRow]:
    """One page of Deployments, newest first."""
    async with services.pool.acquire() as conn:
        return await deployments.list_page(
            conn,
            principal.workspace_id,
            limit=limit,
            cursor=cursor,
            include_archived=include_archived,
            agent_id=agent_id,
            status=status,
            created=created,
        )


async def update(
    services: Services, principal: Principal, deployment_id: str, params: wire.DeploymentUpdateParams
) -> DeploymentRow:
    """Change the fields present; a null ``schedule`` removes it (manual Runs only)."""
    ws = principal.workspace_id
    async with transaction(services.pool) as conn:
        row = await _writable(conn, ws, deployment_id)
        current = row.fields()
        agent_id, version = _agent_ref(params["agent"]) if "agent" in params else (row.agent_id, row.agent_version)
        fields = DeploymentFields(
            name=params.get("name", row.name),
            description=params.get("description", row.description),
            agent_id=agent_id,
            agent_version=version,
            environment_id=params.get("environment_id", row.environment_id),
            initial_events=list(params.get("initial_events") or row.initial_events),
            metadata=merge_metadata(row.metadata, params.get("metadata")),
            schedule=_schedule(params["schedule"]) if "schedule" in params else row.schedule,
            overlap_policy=params.get("overlap_policy") or row.overlap_policy,
            status=row.status,
            paused_reason=row.paused_reason,
            vault_ids=list(params["vault_ids"]) if "vault_ids" in params else row.vault_ids,
            budget=sessions_app.stored_budget(params["budget"]) if "budget" in params else row.budget,
        )
        if fields == current:
            return row
        if fields.vault_ids != row.vault_ids:
            await vaults.check_vaults(conn, ws, fields.vault_ids, who="a Deployment")
        if (fields.agent_id, fields.agent_version, fields.environment_id) != (
            row.agent_id,
            row.agent_version,
            row.environment_id,
        ):
            await _check_targets(conn, ws, fields)
        return await deployments.update(conn, row, fields)


async def pause(services: Services, principal: Principal, deployment_id: str) -> DeploymentRow:
    """Stop scheduled Runs (manual Runs still work). Idempotent."""
    async with transaction(services.pool) as conn:
        row = await _writable(conn, principal.workspace_id, deployment_id)
        if row.status == "paused":
            return row
        fields = _replace(row, status="paused", paused_reason={"type": "manual"})
        return await deployments.update(conn, row, fields)


async def unpause(services: Services, principal: Principal, deployment_id: str) -> DeploymentRow:
    """Resume scheduled Runs from the next occurrence (missed ones are not run). Idempotent."""
    async with transaction(services.pool) as conn:
        row = await _writable(conn, principal.workspace_id, deployment_id)
        if row.status == "active":
            return row
        return await deployments.update(conn, row, _replace(row, status="active", paused_reason=None))


async def archive(services: Services, principal: Principal, deployment_id: str) -> DeploymentRow:
    """Archive (terminal, read-only): the Schedule is deleted; Runs and their Sessions remain. Idempotent."""
    async with transaction(services.pool) as conn:
        row = await deployments.get(conn, principal.workspace_id, deployment_id, lock=True)
        if row.archived_at is not None:
            return row
        return await deployments.update(conn, row, _replace(row, archived_at=datetime.now(UTC)))


async def run_now(services: Services, principal: Principal, deployment_id: str) -> RunRow:
    """A manual Run: a Session now, whatever the schedule or pause state (not for archived ones)."""
    async with services.pool.acquire() as conn:
        row = await deployments.get(conn, principal.workspace_id, deployment_id)
    if row.archived_at is not None:
        raise ConflictError(f"deployment {deployment_id} is archived; it cannot run")
    run = await _run(services, row, "manual", None)
    assert run is not None  # manual Runs are never skipped
    return run


async def run_scheduled(
    services: Services, workspace_id: str, deployment_id: str, scheduled_at: datetime
) -> RunRow | None:
    """The Run of one scheduled time (the one already recorded when retried); None when nothing ran.

    Nothing runs for a Deployment archived or paused since the Schedule fired. A transient error
    propagates for the caller to retry.
    """
    async with services.pool.acquire() as conn:
        existing = await deployments.scheduled_run(conn, deployment_id, scheduled_at)
        if existing is not None:
            return existing
        try:
            row = await deployments.get(conn, workspace_id, deployment_id)
        except NotFoundError:
            return None
    if row.archived_at is not None or row.status != "active":
        return None
    return await _run(services, row, "schedule", scheduled_at)


async def record_transient_failure(
    services: Services, workspace_id: str, deployment_id: str, scheduled_at: datetime, message: str
) -> RunRow | None:
    """Record a scheduled Run whose retries were exhausted by transient errors (once per time)."""
    error = rules.RunError("unavailable_error", message[:1000], "transient")
    async with transaction(services.pool) as conn:
        try:
            row = await deployments.get(conn, workspace_id, deployment_id)
        except NotFoundError:
            return None
        new = NewRun(row.id, row.agent_id, row.agent_version, None, "schedule", scheduled_at, "failed", error.public())
        run = await deployments.insert_run(conn, workspace_id, new)
        if run is None:
            return await deployments.scheduled_run(conn, deployment_id, scheduled_at)
        await deployments.record_last_run(conn, deployment_id, scheduled_at)
        await _notify_run_finished(conn, run)
        return run


async def get_run(services: Services, principal: Principal, run_id: str) -> RunRow:
    """One Run of the Workspace."""
    async with services.pool.acquire() as conn:
        return await deployments.get_run(conn, principal.workspace_id, run_id)


async def list_runs(
    services: Services, principal: Principal, *, limit: int, cursor: Cursor | None, filters: RunFilters
) -> Page[RunRow]:
    """One page of Runs, newest first."""
    async with services.pool.acquire() as conn:
        return await deployments.list_runs(conn, principal.workspace_id, limit=limit, cursor=cursor, filters=filters)


async def _run(services: Services, row: DeploymentRow, trigger: str, scheduled_at: datetime | None) -> RunRow | None:
    """Create the Run's Session and record the Run in one transaction."""
    principal = Principal("WorkspaceKey", row.workspace_id, f"deployment:{row.id}")

    async def _nothing_first(_conn: Connection) -> None:
        return None

    async with request_transaction(services.pool, _nothing_first) as request:
        conn = await request.connection()
        await deployments.get(conn, row.workspace_id, row.id, lock=True)  # one Run of this Deployment at a time
        if scheduled_at is not None:
            existing = await deployments.scheduled_run(conn, row.id, scheduled_at)
            if existing is not None:
                return existing
        session_id, outcome, error = None, "session_created", None
        overlap_checked = trigger == "schedule" and row.overlap_policy == "skip"
        if overlap_checked and await deployments.latest_session_status(conn, row.id) in _BUSY:
            outcome = "skipped"
        if outcome == "session_created":
            error = await _target_error(conn, row)
        if error is None and outcome == "session_created":
            try:
                # The Session commits with the Run record: its use case joins this transaction.
                session = await sessions_app.create(services.joining(request), principal, _session_params(row))
                session_id = session.id
            except (InvalidRequestError, ConflictError, NotFoundError) as exc:
                error = rules.RunError("session_creation_rejected_error", exc.message, "rejected")
        if error is not None:
            outcome = "failed"
        new = NewRun(
            row.id,
            row.agent_id,
            row.agent_version,
            session_id,
            trigger,
            scheduled_at,
            outcome,
            None if error is None else error.public(),
        )
        run = await deployments.insert_run(conn, row.workspace_id, new)
        assert run is not None  # the row lock and the check above rule out a duplicate
        await deployments.record_last_run(conn, row.id, scheduled_at or run.created_at)
        if error is not None and error.category == "missing_resource":
            await deployments.pause_for_error(conn, row.id, error.type)
        if trigger == "schedule":
            await _notify_run_finished(conn, run)
    log.info(
        "deployment run recorded deployment_id=%s run_id=%s outcome=%s",
        row.id,
        run.id,
        run.outcome,
        extra={"action": "deployment.run"},
    )
    return run


async def _notify_run_finished(conn: Connection, run: RunRow) -> None:
    """Queue a scheduled Run's webhook notification in the transaction that records the Run.

    ``deployment_run.failed`` when ``run.error`` is set, else ``deployment_run.completed`` (a
    Session was created or the Run was skipped). Manual Runs emit no Run notification (the
    caller already has the answer), so only scheduled Runs call it.
    """
    await notifications.publish(
        conn,
        workspace_id=run.workspace_id,
        type="deployment_run.failed" if run.error is not None else "deployment_run.completed",
        resource_type="deployment_run",
        resource_id=run.id,
        data={"deployment_id": run.deployment_id, "session_id": run.session_id},
        source_id=run.id,
    )


def _session_params(row: DeploymentRow) -> wire.SessionCreateParams:
    agent: wire.AgentRef = {"type": "agent", "id": row.agent_id}
    if row.agent_version is not None:
        agent["version"] = row.agent_version
    return {
        "agent": agent,
        "environment_id": row.environment_id,
        "title": row.name,
        "metadata": row.metadata,
        "vault_ids": row.vault_ids,
        "budget": row.budget,
        "initial_events": row.initial_events,
    }


async def _target_error(conn: Connection, row: DeploymentRow) -> rules.RunError | None:
    """The missing-resource error a Run of ``row`` would meet, if any."""
    try:
        agent = await agents.get_body(conn, row.workspace_id, row.agent_id, row.agent_version)
    except NotFoundError:
        return rules.missing_resource("agent_not_found_error", f"agent {row.agent_id} was not found")
    if agent.archived_at is not None:
        return rules.missing_resource("agent_archived_error", f"agent {row.agent_id} is archived")
    try:
        environment = await environments.get(conn, row.workspace_id, row.environment_id)
    except NotFoundError:
        return rules.missing_resource("environment_not_found_error", f"environment {row.environment_id} was not found")
    if environment.archived_at is not None:
        return rules.missing_resource("environment_archived_error", f"environment {row.environment_id} is archived")
    states = await vault_rows.vault_states(conn, row.workspace_id, row.vault_ids)
    for vault_id in row.vault_ids:
        if vault_id not in states:
            return rules.missing_resource("vault_not_found_error", f"vault {vault_id} was not found")
        if states[vault_id]:
            return rules.missing_resource("vault_archived_error", f"vault {vault_id} is archived")
    return None


async def _check_targets(conn: Connection, ws: str, fields: DeploymentFields) -> None:
    """400 when the Agent (version) or Environment does not exist, 409 when archived."""
    try:
        agent = await agents.get_body(conn, ws, fields.agent_id, fields.agent_version)
    except NotFoundError:
        version = fields.agent_version or "current"
        raise InvalidRequestError(f"agent: {fields.agent_id} (version {version}) not found") from None
    if agent.archived_at is not None:
        raise ConflictError(f"agent {fields.agent_id} is archived; a Deployment cannot use it")
    try:
        environment = await environments.get(conn, ws, fields.environment_id)
    except NotFoundError:
        raise InvalidRequestError(f"environment_id: {fields.environment_id} not found") from None
    if environment.archived_at is not None:
        raise ConflictError(f"environment {fields.environment_id} is archived; a Deployment cannot use it")


async def _writable(conn: Connection, ws: str, deployment_id: str) -> DeploymentRow:
    row = await deployments.get(conn, ws, deployment_id, lock=True)
    if row.archived_at is not None:
        raise ConflictError(f"deployment {deployment_id} is archived and read-only")
    return row


def _replace(row: DeploymentRow, **changes: object) -> DeploymentFields:
    fields = row.fields()
    values = {name: getattr(fields, name) for name in DeploymentFields.__dataclass_fields__}
    values.update(changes)
    return DeploymentFields(**values)


def _agent_ref(ref: wire.AgentRefParam) -> tuple[str, int | None]:
    if isinstance(ref, str):
        return ref, None
    return ref["id"], ref.get("version")


def _schedule(raw: wire.CronScheduleParams | None) -> rules.CronSchedule | None:
    return None if raw is None else rules.validate_schedule(raw)
