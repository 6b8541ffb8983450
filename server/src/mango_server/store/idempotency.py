"""Idempotency keys (``idempotency_keys``): the stored answer of a mutation per Workspace and key.

A request claims its key (``claim``): a fresh key, an expired one, or a ``running`` one whose lease
lapsed becomes ``running`` for this request; otherwise the existing row is returned for the caller
to replay, refuse as a mismatch, or refuse as still running. ``complete`` stores the answer;
``release`` forgets a claim whose request failed. When the claim is made on the connection of the
mutation's own transaction, the key, the mutation and the answer commit together, and a
concurrent duplicate waits on the row until that transaction ends. Not responsible for
fingerprints, which operations are atomic, or HTTP (``app.idempotency``, ``api.idempotency``).
"""

from __future__ import annotations

from dataclasses import dataclass

from mango_server.store.db import Connection, from_record
from mango_server.store.sql_loader import NamedQueries

__all__ = ["KeyRow", "claim", "complete", "purge_expired", "release"]


class Q(NamedQueries, file="idempotency"):
    claim_key: str
    get_key: str
    complete_key: str
    release_key: str
    purge_keys: str


@dataclass(frozen=True, slots=True)
class KeyRow:
    """A key some earlier request holds: ``running``, or ``done`` with its stored answer."""

    workspace_id: str
    key: str
    fingerprint: bytes
    operation_id: str
    state: str
    status_code: int | None
    content_type: str | None
    body: bytes | None


async def claim(
    conn: Connection,
    workspace_id: str,
    key: str,
    fingerprint: bytes,
    operation_id: str,
    *,
    lease_seconds: float,
    ttl_seconds: float,
) -> KeyRow | None:
    """Claim ``key`` for this request (``None``), or the row of the request that holds it."""
    claimed = await conn.fetchval(Q.claim_key, workspace_id, key, fingerprint, operation_id, lease_seconds, ttl_seconds)
    if claimed is not None:
        return None
    record = await conn.fetchrow(Q.get_key, workspace_id, key)
    if record is None:  # released between the two statements: the caller may simply try again
        return await claim(
            conn, workspace_id, key, fingerprint, operation_id, lease_seconds=lease_seconds, ttl_seconds=ttl_seconds
        )
    return from_record(KeyRow, record)


async def complete(
    conn: Connection,
    workspace_id: str,
    key: str,
    fingerprint: bytes,
    status: int,
    content_type: str,
    body: bytes,
    final_fingerprint: bytes,
) -> None:
    """Store the answer of the request holding ``key`` (claimed as ``fingerprint``) under ``final_fingerprint``."""
    await conn.execute(Q.complete_key, workspace_id, key, fingerprint, status, content_type, body, final_fingerprint)


async def release(conn: Connection, workspace_id: str, key: str, fingerprint: bytes) -> None:
    """Forget a running claim (its request failed, so a retry must run again)."""
    await conn.execute(Q.release_key, workspace_id, key, fingerprint)


async def purge_expired(conn: Connection, limit: int = 1000) -> int:
    """Delete up to ``limit`` expired keys; returns how many."""
    status = await conn.execute(Q.purge_keys, limit)
    return int(status.split()[-1])
