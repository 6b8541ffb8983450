"""Object-storage guards: the PostgreSQL side of every unfinished object write or removal.

A guard is committed before an object is written (state ``uploading``, leased to one process
and renewed while it streams) or in the transaction that makes an object unreachable (state
``cleanup``). Publishing deletes the ``uploading`` guard in the transaction that makes the
object public, fenced by the lease owner: a guard that recovery has claimed cannot be
published. Lease times are PostgreSQL's clock, so processes on different hosts agree.
Not responsible for the objects themselves (``app.blobs`` writes and removes them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from mango_server.ids import new_id
from mango_server.store.db import Connection, from_record
from mango_server.store.sql_loader import NamedQueries

GuardState = Literal["uploading", "cleanup"]


class Q(NamedQueries, file="blob_guards"):
    insert_guard: str
    renew: str
    publish: str
    release: str
    claim_expired: str


@dataclass(frozen=True, slots=True)
class ClaimedGuard:
    """A guard recovery took over: the object under ``object_key`` must be removed."""

    id: str
    object_key: str


async def insert(
    conn: Connection, workspace_id: str, key: str, *, state: GuardState, owner: str, lease_seconds: float
) -> str:
    """Commit a guard for ``key``; returns its id."""
    guard_id = new_id("blobg")
    await conn.execute(Q.insert_guard, guard_id, workspace_id, key, state, owner, float(lease_seconds))
    return guard_id


async def renew(conn: Connection, guard_id: str, owner: str, lease_seconds: float) -> bool:
    """Extend an upload lease; False when the guard is no longer this owner's upload."""
    return await conn.fetchval(Q.renew, guard_id, owner, float(lease_seconds)) is not None


async def publish(conn: Connection, guard_id: str, owner: str) -> bool:
    """Drop the upload guard (inside the publishing transaction); False when the lease was lost."""
    return await conn.fetchval(Q.publish, guard_id, owner) is not None


async def release(conn: Connection, guard_id: str, owner: str) -> None:
    """Drop a guard whose object this owner has removed."""
    await conn.execute(Q.release, guard_id, owner)


async def claim_expired(conn: Connection, owner: str, lease_seconds: float, limit: int) -> list[ClaimedGuard]:
    """Atomically take over guards whose lease expired (oldest first) for cleanup."""
    rows = await conn.fetch(Q.claim_expired, owner, float(lease_seconds), limit)
    return [from_record(ClaimedGuard, r) for r in rows]
