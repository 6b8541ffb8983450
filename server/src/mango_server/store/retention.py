"""Retention policies per Workspace (``workspace_retention``) and the bounded statements of a
retention pass: which archived Sessions are due, dropping old request recipe bodies, expiring
finished Deployment Runs, and the advisory lock that keeps one pass running at a time.

Every batch statement takes at most ``limit`` rows, oldest first, with ``FOR UPDATE SKIP LOCKED``.
Not responsible for fencing Sessions (``app.sessions.fence_for_delete``), for pacing the batches or
for reporting (``app.retention``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from mango_server.store.db import Connection, from_record
from mango_server.store.sql_loader import NamedQueries


class Q(NamedQueries, file="retention"):
    get_policy: str
    set_policy: str
    list_policies: str
    active_policies: str
    archived_batch: str
    drop_bodies: str
    expire_runs: str
    try_pass_lock: str
    release_pass_lock: str


@dataclass(frozen=True, slots=True)
class Policy:
    """A Workspace's retention in days (None: kept forever)."""

    workspace_id: str
    archived_sessions_days: int | None
    request_bodies_days: int | None
    deployment_runs_days: int | None
    updated_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class WorkspacePolicy:
    """One Workspace and its policy, as ``mango workspace retention-list`` prints it."""

    workspace_id: str
    name: str
    archived_sessions_days: int | None
    request_bodies_days: int | None
    deployment_runs_days: int | None


async def get_policy(conn: Connection, workspace_id: str) -> Policy:
    """The Workspace's policy (everything None when none was set)."""
    record = await conn.fetchrow(Q.get_policy, workspace_id)
    return from_record(Policy, record) if record is not None else Policy(workspace_id, None, None, None)


async def set_policy(conn: Connection, policy: Policy) -> Policy:
    """Write the Workspace's whole policy."""
    record = await conn.fetchrow(
        Q.set_policy,
        policy.workspace_id,
        policy.archived_sessions_days,
        policy.request_bodies_days,
        policy.deployment_runs_days,
    )
    assert record is not None  # INSERT ... RETURNING
    return from_record(Policy, record)


async def list_policies(conn: Connection) -> list[WorkspacePolicy]:
    """Every Workspace with its policy, oldest Workspace first."""
    return [from_record(WorkspacePolicy, r) for r in await conn.fetch(Q.list_policies)]


async def active_policies(conn: Connection) -> list[Policy]:
    """The policies that remove something."""
    return [from_record(Policy, r) for r in await conn.fetch(Q.active_policies)]


async def archived_batch(conn: Connection, workspace_id: str, before: datetime, limit: int) -> list[str]:
    """Up to ``limit`` primary Sessions archived before ``before``, locked in this transaction."""
    return [str(r["id"]) for r in await conn.fetch(Q.archived_batch, workspace_id, before, limit)]


async def drop_bodies(conn: Connection, workspace_id: str, before: datetime, limit: int) -> tuple[int, int]:
    """Drop up to ``limit`` recipe bodies of requests made before ``before``; answers (dropped, rewritten):
    how many bodies were dropped and how many kept recipes took their full entry list."""
    record = await conn.fetchrow(Q.drop_bodies, workspace_id, before, limit)
    assert record is not None  # one aggregate row
    return int(record["dropped"]), int(record["rewritten"])


async def expire_runs(conn: Connection, workspace_id: str, before: datetime, limit: int) -> int:
    """Delete up to ``limit`` finished Deployment Runs recorded before ``before``; answers how many."""
    return len(await conn.fetch(Q.expire_runs, workspace_id, before, limit))


async def try_pass_lock(conn: Connection) -> bool:
    """Take the retention pass lock on this connection, without waiting."""
    return bool(await conn.fetchval(Q.try_pass_lock))


async def release_pass_lock(conn: Connection) -> None:
    """Free the retention pass lock this connection holds."""
    await conn.fetchval(Q.release_pass_lock)
