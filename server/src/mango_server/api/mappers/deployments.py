"""The wire shape of Deployments and Deployment Runs, built from typed rows. Not responsible for reading them."""

from __future__ import annotations

from datetime import UTC, datetime

from mango_server.domain.json import JsonObject
from mango_server.store.deployments import DeploymentRow, RunRow


def deployment(row: DeploymentRow) -> JsonObject:
    """One Deployment; fire times already past are left out of ``upcoming_runs_at``."""
    schedule: JsonObject | None = None
    if row.schedule is not None:
        now = datetime.now(UTC)
        upcoming = [t for t in row.upcoming_runs_at if datetime.fromisoformat(t) > now]
        schedule = {
            "type": "cron",
            "expression": row.schedule["expression"],
            "timezone": row.schedule["timezone"],
            "last_run_at": row.last_run_at,
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
        "schedule": schedule,
        "overlap_policy": row.overlap_policy,
        "status": row.status,
        "paused_reason": row.paused_reason,
        "created_at": row.created_at,
        "updated_at": row.updated_at,
        "archived_at": row.archived_at,
    }


def run(row: RunRow) -> JsonObject:
    """One Deployment Run."""
    trigger: JsonObject = (
        {"type": "schedule", "scheduled_at": row.scheduled_at} if row.trigger_type == "schedule" else {"type": "manual"}
    )
    return {
        "type": "deployment_run",
        "id": row.id,
        "deployment_id": row.deployment_id,
        "agent": {"type": "agent", "id": row.agent_id, "version": row.agent_version},
        "session_id": row.session_id,
        "outcome": row.outcome,
        "error": row.error,
        "trigger_context": trigger,
        "created_at": row.created_at,
    }
