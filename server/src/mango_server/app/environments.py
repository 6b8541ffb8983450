"""Environment use cases: create, read, list, update, archive and delete.

Each use case owns its transaction. An archived Environment is read-only; one that a Session
still uses cannot be deleted. Not responsible for SQL (``store.environments``) or the wire
shape (``api.mappers.environments``).
"""

from __future__ import annotations

from mango_server.app.services import Services
from mango_server.domain._generated import wire
from mango_server.domain.environments import DEFAULT_CONFIG, merge_metadata
from mango_server.domain.errors import ConflictError
from mango_server.domain.paging import Cursor, Page
from mango_server.domain.principal import Principal
from mango_server.store import environments
from mango_server.store.db import transaction
from mango_server.store.environments import EnvironmentFields, EnvironmentRow


async def create(services: Services, principal: Principal, params: wire.EnvironmentCreateParams) -> EnvironmentRow:
    """A new Environment; its name is unique within the Workspace (409 otherwise)."""
    fields = EnvironmentFields(
        name=params["name"],
        description=params.get("description"),
        config=params.get("config") or DEFAULT_CONFIG,
        metadata=params.get("metadata") or {},
    )
    async with transaction(services.pool) as conn:
        return await environments.create(conn, principal.workspace_id, fields)


async def get(services: Services, principal: Principal, environment_id: str) -> EnvironmentRow:
    """One Environment of the Workspace."""
    async with services.pool.acquire() as conn:
        return await environments.get(conn, principal.workspace_id, environment_id)


async def list_page(
    services: Services, principal: Principal, *, limit: int, cursor: Cursor | None, include_archived: bool
) -> Page[EnvironmentRow]:
    """One page of Environments, newest first."""
    async with services.pool.acquire() as conn:
        return await environments.list_page(
            conn, principal.workspace_id, limit=limit, cursor=cursor, include_archived=include_archived
        )


async def update(
    services: Services, principal: Principal, environment_id: str, params: wire.EnvironmentUpdateParams
) -> EnvironmentRow:
    """Change name, description, config or metadata (a null metadata value deletes the key)."""
    async with transaction(services.pool) as conn:
        row = await environments.lock(conn, principal.workspace_id, environment_id)
        if row.archived_at is not None:
            raise ConflictError(f"environment {environment_id} is archived and read-only")
        fields = EnvironmentFields(
            name=params.get("name", row.name),
            description=params.get("description", row.description),
            config=params.get("config") or row.config,
            metadata=merge_metadata(row.metadata, params.get("metadata")),
        )
        return await environments.update(conn, principal.workspace_id, environment_id, fields)


async def archive(services: Services, principal: Principal, environment_id: str) -> EnvironmentRow:
    """Archive: new Sessions can no longer use it."""
    async with transaction(services.pool) as conn:
        return await environments.archive(conn, principal.workspace_id, environment_id)


async def delete(services: Services, principal: Principal, environment_id: str) -> str:
    """Delete an Environment that no Session uses; returns its id."""
    workspace_id = principal.workspace_id
    async with transaction(services.pool) as conn:
        await environments.lock(conn, workspace_id, environment_id)
        if await environments.has_live_sessions(conn, workspace_id, environment_id):
            raise ConflictError(f"environment {environment_id} still has Sessions; delete them first")
        await environments.delete(conn, workspace_id, environment_id)
    return environment_id
