"""The wire shape of Deployments and Deployment Runs, built from typed rows. Not responsible for reading them."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Literal, TypeAlias, cast

from mango_server.api.encoding import rfc3339, rfc3339_or_none
from mango_server.domain._generated import wire
from mango_server.store.deployments import DeploymentRow, RunRow

RunOutcome: TypeAlias = Literal["session_created", "skipped", "failed"]


def deployment(row: DeploymentRow) -> wire.Deployment:
    """One Deployment; fire times already past are left out of ``upcoming_runs_at``."""
    schedule: wire.DeploymentSchedule | None = None
    if row.schedule is not None:
        now = datetime.now(UTC)
        # Kept as the RFC 3339 text the Schedule reported.
        upcoming = [t for t in row.upcoming_runs_at if datetime.fromisoformat(t) > now]
        schedule = {
            "type": "cron",
            "expression": row.schedule["expression"],
            "timezone": row.schedule["timezone"],
            "last_run_at": rfc3339_or_none(row.last_run_at),
            "upcoming_runs_at": upcoming,
        }
    return {
        "type": "deployment",
        "id": row.id,
        "name": row.name,
        "description": row.description,
        "agent": {"type": "agent", "id": row.agent_id, "version": row.agent_version},
        "environment_id": row.environment_id,
        "initial_events": row.initial_events,
        "metadata": row.metadata,
        "vault_ids": list(row.vault_ids),
        "budget": row.budget,
        "schedule": schedule,
        "overlap_policy": cast(wire.OverlapPolicy, row.overlap_policy),
        "status": cast(wire.DeploymentStatus, row.status),
        "paused_reason": row.paused_reason,
        "created_at": rfc3339(row.created_at),
        "updated_at": rfc3339(row.updated_at),
        "archived_at": rfc3339_or_none(row.archived_at),
    }


def run(row: RunRow) -> wire.DeploymentRun:
    """One Deployment Run."""
    trigger: wire.TriggerContext
    if row.trigger_type == "schedule":
        assert row.scheduled_at is not None, "a scheduled Run records the time it was due"
        trigger = {"type": "schedule", "scheduled_at": rfc3339(row.scheduled_at)}
    else:
        trigger = {"type": "manual"}
    return {
        "type": "deployment_run",
        "id": row.id,
        "deployment_id": row.deployment_id,
        "agent": {"type": "agent", "id": row.agent_id, "version": row.agent_version},
        "session_id": row.session_id,
        "outcome": cast(RunOutcome, row.outcome),
        "error": row.error,
        "trigger_context": trigger,
        "created_at": rfc3339(row.created_at),
    }
