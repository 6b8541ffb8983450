"""The wire shape of Environments, built from typed rows. Not responsible for reading them (``store.environments``)."""

from __future__ import annotations

from mango_server.domain.json import JsonObject
from mango_server.store.environments import EnvironmentRow


def environment(row: EnvironmentRow) -> JsonObject:
    """One Environment."""
    return {
        "type": "environment",
        "id": row.id,
        "name": row.name,
        "description": row.description,
        "config": row.config,
        "metadata": row.metadata,
        "created_at": row.created_at,
        "updated_at": row.updated_at,
        "archived_at": row.archived_at,
    }


def environment_deleted(environment_id: str) -> JsonObject:
    """The answer to a delete."""
    return {"type": "environment_deleted", "id": environment_id}
