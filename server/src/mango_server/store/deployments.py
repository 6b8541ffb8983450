"""Deployments and their Runs: the ``deployments`` and ``deployment_runs`` tables.

A Deployment row carries a ``revision`` that every change bumps and a ``synced_revision`` the
scheduler sets once the Temporal Schedule follows it. A scheduled Run is unique per
(Deployment, scheduled time): :func:`insert_run` answers None when the time already has one.
Not responsible for the schedule rules (``domain.deployments``), the Run use case
(``app.deployments``) or the wire shape (``api.mappers.deployments``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

from mango_server.domain._generated import wire
from mango_server.domain.deployments import CronSchedule
from mango_server.domain.errors import NotFoundError
from mango_server.domain.paging import Cursor, Page
from mango_server.ids import new_id
from mango_server.store.db import Connection, Record, from_record
from mango_server.store.pagination import created_range, fetch_page
from mango_server.store.sql_loader import NamedQueries


class Q(NamedQueries, file="deployments"):
    insert_deployment: str
    get_deployment: str
    lock_deployment: str
    update_deployment: str
    list_base: str
    claim_unsynced: str
    mark_synced: str
    set_upcoming: str
    record_last_run: str
    pause_for_error: str
    insert_run: str
    get_run: str
    get_scheduled_run: str
    latest_session_status: str
    runs_base: str


@dataclass(frozen=True, slots=True)
class DeploymentFields:
    """The writable fields of a Deployment (status and archive included)."""

    name: str
    description: str | None
    agent_id: str
    agent_version: int | None
    environment_id: str
    initial_events: list[wire.DeploymentInitialEvent]
    metadata: dict[str, str]
    schedule: CronSchedule | None
    overlap_policy: str
    status: str = "active"
    paused_reason: wire.PausedReason | None = None
    archived_at: datetime | None = None
    vault_ids: list[str] = field(default_factory=list)
    budget: wire.SessionBudget | None = None


@dataclass(frozen=True, slots=True)
class DeploymentRow:
    """One Deployment."""

    workspace_id: str
    id: str
    name: str
    description: str | None
    agent_id: str
    agent_version: int | None
    environment_id: str
    initial_events: list[wire.DeploymentInitialEvent]
    metadata: dict[str, str]
    schedule: CronSchedule | None
    overlap_policy: str
    status: str
    paused_reason: wire.PausedReason | None
    revision: int
    synced_revision: int
    upcoming_runs_at: list[str]
    last_run_at: datetime | None
    created_at: datetime
    updated_at: datetime
    archived_at: datetime | None
    vault_ids: list[str]
    budget: wire.SessionBudget | None

    def fields(self) -> DeploymentFields:
        """The writable fields as they are now."""
        return DeploymentFields(
            name=self.name,
            description=self.description,
            agent_id=self.agent_id,
            agent_version=self.agent_version,
            environment_id=self.environment_id,
            initial_events=self.initial_events,
            metadata=self.metadata,
            schedule=self.schedule,
            overlap_policy=self.overlap_policy,
            status=self.status,
            paused_reason=self.paused_reason,
            archived_at=self.archived_at,
            vault_ids=self.vault_ids,
            budget=self.budget,
        )


@dataclass(frozen=True, slots=True)
class NewRun:
    """A Run to record."""

    deployment_id: str
    agent_id: str
    agent_version: int | None
    session_id: str | None
    trigger_type: str
    scheduled_at: datetime | None
    outcome: str
    error: wire.DeploymentRunError | None


@dataclass(frozen=True, slots=True)
class RunRow:
    """One immutable Deployment Run."""

    workspace_id: str
    id: str
    deployment_id: str
    agent_id: str
    agent_version: int | None
    session_id: str | None
    trigger_type: str
    scheduled_at: datetime | None
    outcome: str
    error: wire.DeploymentRunError | None
    created_at: datetime


@dataclass(frozen=True, slots=True)
class RunFilters:
    """Filters of a Run listing."""

    deployment_id: str | None = None
    trigger_type: str | None = None
    has_error: bool | None = None
    created: dict[str, datetime | None] | None = None


def _row(record: Record) -> DeploymentRow:
    return from_record(DeploymentRow, record)


def _run(record: Record) -> RunRow:
    return from_record(RunRow, record)


def _found(record: Record | None, deployment_id: str) -> DeploymentRow:
    if record is None:
        raise NotFoundError(f"deployment {deployment_id} not found")
    return _row(record)


async def create(conn: Connection, workspace_id: str, fields: DeploymentFields) -> DeploymentRow:
    """Insert an active Deployment (its Schedule is created by the scheduler)."""
    record = await conn.fetchrow(
        Q.insert_deployment,
        workspace_id,
        new_id("depl"),
        fields.name,
        fields.description,
        fields.agent_id,
        fields.agent_version,
        fields.environment_id,
        fields.initial_events,
        fields.metadata,
        fields.schedule,
        fields.overlap_policy,
        datetime.now(UTC),
        fields.vault_ids,
        fields.budget,
    )
    assert record is not None  # INSERT ... RETURNING
    return _row(record)


async def get(conn: Connection, workspace_id: str, deployment_id: str, *, lock: bool = False) -> DeploymentRow:
    """One Deployment of the Workspace (under its row lock when ``lock``)."""
    query = Q.lock_deployment if lock else Q.get_deployment
    return _found(await conn.fetchrow(query, workspace_id, deployment_id), deployment_id)


async def update(conn: Connection, row: DeploymentRow, fields: DeploymentFields) -> DeploymentRow:
    """Overwrite the writable fields and bump the revision the Schedule follows."""
    record = await conn.fetchrow(
        Q.update_deployment,
        row.workspace_id,
        row.id,
        fields.name,
        fields.description,
        fields.agent_id,
        fields.agent_version,
        fields.environment_id,
        fields.initial_events,
        fields.metadata,
        fields.schedule,
        fields.overlap_policy,
        fields.status,
        fields.paused_reason,
        fields.archived_at,
        datetime.now(UTC),
        fields.vault_ids,
        fields.budget,
    )
    return _found(record, row.id)


async def list_page(
    conn: Connection,
    workspace_id: str,
    *,
    limit: int,
    cursor: Cursor | None,
    include_archived: bool,
    agent_id: str | None,
    status: str | None,
    created: dict[str, datetime | None],
) -> Page[DeploymentRow]:
    """One page of Deployments, newest first."""
    params: list[object] = [workspace_id]
    sql = Q.list_base + ("" if include_archived else " AND archived_at IS NULL")
    if agent_id is not None:
        params.append(agent_id)
        sql += f" AND agent_id = ${len(params)}"
    if status is not None:
        params.append(status)
        sql += f" AND status = ${len(params)}"
    sql += created_range(params, created)
    return await fetch_page(conn, sql, params, row=_row, order="desc", limit=limit, cursor=cursor)


async def claim_unsynced(conn: Connection, limit: int) -> list[DeploymentRow]:
    """Deployments whose Schedule lags, locked for this transaction (others skip them)."""
    return [_row(r) for r in await conn.fetch(Q.claim_unsynced, limit)]


async def mark_synced(conn: Connection, row: DeploymentRow, upcoming: list[str]) -> None:
    """Record that the Schedule follows ``row.revision``, with its next fire times."""
    await conn.execute(Q.mark_synced, row.id, row.revision, upcoming)


async def set_upcoming(conn: Connection, deployment_id: str, upcoming: list[str]) -> None:
    """Refresh the next fire times the Schedule reports, on an active Deployment whose Schedule is in sync."""
    await conn.execute(Q.set_upcoming, deployment_id, upcoming)


async def record_last_run(conn: Connection, deployment_id: str, at: datetime) -> None:
    """Advance ``last_run_at`` (never backwards)."""
    await conn.execute(Q.record_last_run, deployment_id, at)


async def pause_for_error(conn: Connection, deployment_id: str, error_type: str) -> None:
    """Pause an active Deployment whose Runs cannot succeed until someone fixes it."""
    reason: wire.ErrorPausedReason = {"type": "error", "error": {"type": error_type}}
    await conn.execute(Q.pause_for_error, deployment_id, reason, datetime.now(UTC))


async def insert_run(conn: Connection, workspace_id: str, new: NewRun) -> RunRow | None:
    """Record a Run; None when the scheduled time already has one."""
    record = await conn.fetchrow(
        Q.insert_run,
        workspace_id,
        new_id("drun"),
        new.deployment_id,
        new.agent_id,
        new.agent_version,
        new.session_id,
        new.trigger_type,
        new.scheduled_at,
        new.outcome,
        new.error,
        datetime.now(UTC),
    )
    return None if record is None else _run(record)


async def get_run(conn: Connection, workspace_id: str, run_id: str) -> RunRow:
    """One Run of the Workspace."""
    record = await conn.fetchrow(Q.get_run, workspace_id, run_id)
    if record is None:
        raise NotFoundError(f"deployment run {run_id} not found")
    return _run(record)


async def scheduled_run(conn: Connection, deployment_id: str, scheduled_at: datetime) -> RunRow | None:
    """The Run already recorded for this scheduled time, if any."""
    record = await conn.fetchrow(Q.get_scheduled_run, deployment_id, scheduled_at)
    return None if record is None else _run(record)


async def latest_session_status(conn: Connection, deployment_id: str) -> str | None:
    """The status of the newest live Session the Deployment's Runs created."""
    value = await conn.fetchval(Q.latest_session_status, deployment_id)
    return None if value is None else str(value)


async def list_runs(
    conn: Connection, workspace_id: str, *, limit: int, cursor: Cursor | None, filters: RunFilters
) -> Page[RunRow]:
    """One page of Runs, newest first."""
    params: list[object] = [workspace_id]
    sql = Q.runs_base
    if filters.deployment_id is not None:
        params.append(filters.deployment_id)
        sql += f" AND deployment_id = ${len(params)}"
    if filters.trigger_type is not None:
        params.append(filters.trigger_type)
        sql += f" AND trigger_type = ${len(params)}"
    if filters.has_error is not None:
        sql += " AND error IS NOT NULL" if filters.has_error else " AND error IS NULL"
    sql += created_range(params, filters.created or {})
    return await fetch_page(conn, sql, params, row=_run, order="desc", limit=limit, cursor=cursor)
