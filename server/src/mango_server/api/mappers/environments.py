"""The wire shape of Environments, built from typed rows. Not responsible for reading them (``store.environments``)."""

from __future__ import annotations

from mango_server.api.encoding import rfc3339, rfc3339_or_none
from mango_server.domain._generated.wire import Environment, EnvironmentDeleted
from mango_server.store.environments import EnvironmentRow


def environment(row: EnvironmentRow) -> Environment:
    """One Environment."""
    return {
        "type": "environment",
        "id": row.id,
        "name": row.name,
        "description": row.description,
        "config": row.config,
        "metadata": row.metadata,
        "created_at": rfc3339(row.created_at),
        "updated_at": rfc3339(row.updated_at),
        "archived_at": rfc3339_or_none(row.archived_at),
    }


def environment_deleted(environment_id: str) -> EnvironmentDeleted:
    """The answer to a delete."""
    return {"type": "environment_deleted", "id": environment_id}
