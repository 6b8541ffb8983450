"""Operator use cases behind the ``mango`` command: Workspaces and the keys that reach them.

Each runs in one transaction on a short-lived single-connection pool (the CLI has no server
pool). Plaintext keys are returned once, in :class:`~mango_server.store.credentials.IssuedKey`.
Not responsible for argument parsing or printing (``cli``) or the schema check before it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from mango_server.domain.errors import NotFoundError
from mango_server.store import credentials, environments, retention, workspaces
from mango_server.store.credentials import ApiKeyRow, EnvironmentKeyRow, IssuedKey
from mango_server.store.db import Connection, create_pool, transaction
from mango_server.store.retention import Policy, WorkspacePolicy
from mango_server.store.workspaces import WorkspaceRow

#: ``set_retention`` leaves a setting given as None unchanged; 0 turns it off (kept forever).
OFF = 0


@asynccontextmanager
async def operator_transaction(database_url: str) -> AsyncIterator[Connection]:
    """One transaction on a short-lived single-connection pool."""
    pool = await create_pool(database_url, min_size=1, max_size=1)
    try:
        async with transaction(pool) as conn:
            yield conn
    finally:
        await pool.close()


async def create_workspace(database_url: str, name: str) -> WorkspaceRow:
    """A new Workspace."""
    async with operator_transaction(database_url) as conn:
        return await workspaces.create(conn, name)


async def create_api_key(database_url: str, workspace_id: str, name: str) -> IssuedKey:
    """Issue a Workspace API key (its secret is shown once)."""
    async with operator_transaction(database_url) as conn:
        return await credentials.create_api_key(conn, workspace_id, name)


async def list_api_keys(database_url: str, workspace_id: str) -> list[ApiKeyRow]:
    """A Workspace's API keys, oldest first (metadata only)."""
    async with operator_transaction(database_url) as conn:
        return await credentials.list_api_keys(conn, workspace_id)


async def revoke_api_key(database_url: str, key_id: str) -> ApiKeyRow | None:
    """Revoke an API key at once; ``None`` when there is no such key."""
    async with operator_transaction(database_url) as conn:
        return await credentials.revoke_api_key(conn, key_id)


async def create_environment_key(database_url: str, workspace_id: str, environment_id: str) -> IssuedKey:
    """Issue a key for one Environment of the Workspace; an unknown Environment is not found."""
    async with operator_transaction(database_url) as conn:
        try:
            await environments.get(conn, workspace_id, environment_id)
        except NotFoundError:
            raise NotFoundError(f"no environment {environment_id} in workspace {workspace_id}") from None
        return await credentials.create_environment_key(conn, workspace_id, environment_id)


async def list_environment_keys(database_url: str, workspace_id: str, environment_id: str) -> list[EnvironmentKeyRow]:
    """An Environment's keys, oldest first (metadata only)."""
    async with operator_transaction(database_url) as conn:
        return await credentials.list_environment_keys(conn, workspace_id, environment_id)


async def revoke_environment_key(database_url: str, key_id: str) -> EnvironmentKeyRow | None:
    """Revoke an Environment key at once; ``None`` when there is no such key."""
    async with operator_transaction(database_url) as conn:
        return await credentials.revoke_environment_key(conn, key_id)


async def set_retention(
    database_url: str,
    workspace_id: str,
    *,
    archived_sessions_days: int | None = None,
    request_bodies_days: int | None = None,
    deployment_runs_days: int | None = None,
) -> Policy:
    """Change a Workspace's retention: a None setting stays as it is, 0 turns it off; answers the policy.

    Raises:
        NotFoundError: no such Workspace.
        ValueError: a negative number of days.
    """
    given = (archived_sessions_days, request_bodies_days, deployment_runs_days)
    if any(days is not None and days < 0 for days in given):
        raise ValueError("retention days must be 0 (off) or more")
    async with operator_transaction(database_url) as conn:
        if not await workspaces.exists(conn, workspace_id):
            raise NotFoundError(f"no workspace {workspace_id}")
        current = await retention.get_policy(conn, workspace_id)

        def merged(new: int | None, old: int | None) -> int | None:
            return old if new is None else (None if new == OFF else new)

        return await retention.set_policy(
            conn,
            Policy(
                workspace_id,
                merged(archived_sessions_days, current.archived_sessions_days),
                merged(request_bodies_days, current.request_bodies_days),
                merged(deployment_runs_days, current.deployment_runs_days),
            ),
        )


async def list_retention(database_url: str) -> list[WorkspacePolicy]:
    """Every Workspace with its retention (None: kept forever)."""
    async with operator_transaction(database_url) as conn:
        return await retention.list_policies(conn)
