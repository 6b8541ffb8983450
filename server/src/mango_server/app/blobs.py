"""Leased object writes and removals, and the recovery pass that finishes abandoned ones.

Write protocol (``upload``): commit an ``uploading`` guard leased to this process; stream the
bytes to a fresh attempt key while a background task renews the lease; then, in one
transaction, drop the guard (fenced by the lease owner) and insert the public row. Any failure
before that commit removes the attempt's bytes. A process that dies mid-upload leaves a guard
whose lease expires; ``recover`` (every api process runs it at start-up and periodically)
claims such guards atomically and removes their objects. A live upload renews its lease, so
another process's recovery never touches it; an upload whose lease was taken over stops and
cannot publish.

Removal protocol (``remove``): the caller's transaction makes the object unreachable and
commits a ``cleanup`` guard; then the object is removed and the guard dropped. A crash in
between leaves the guard for recovery.

Not responsible for the public rows (the caller's ``publish`` inserts them) or for SQL (``store.blob_guards``).
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

import anyio
import asyncpg

from mango_server.blob import BlobStore
from mango_server.domain.errors import OverloadedError
from mango_server.store import blob_guards
from mango_server.store.db import Connection, Pool, transaction

log = logging.getLogger(__name__)
T = TypeVar("T")
RECOVERY_BATCH = 100


def process_owner(role: str) -> str:
    """A lease owner id unique to this process."""
    return f"{role}:{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


@dataclass(frozen=True, slots=True)
class Download:
    """An object to send: its bytes (not yet requested from storage), size, file name and media type."""

    chunks: AsyncIterator[bytes]
    size: int
    filename: str
    media_type: str = "application/octet-stream"


class LeaseLostError(OverloadedError):
    """The upload's lease was taken over by recovery; nothing was published."""


class BlobWrites:
    """Leased uploads, guarded removals and recovery for one process."""

    def __init__(self, pool: Pool, blobs: BlobStore, owner: str, lease_seconds: float) -> None:
        self.pool = pool
        self.blobs = blobs
        self.owner = owner
        self.lease_seconds = lease_seconds

    async def upload(
        self,
        workspace_id: str,
        key: str,
        chunks: AsyncIterator[bytes],
        content_type: str,
        publish: Callable[[Connection, int, str], Awaitable[T]],
    ) -> T:
        """Store ``chunks`` under ``key``, then run ``publish(conn, size, sha256)`` in the publishing transaction."""
        async with self.pool.acquire() as conn:
            guard_id = await blob_guards.insert(
                conn, workspace_id, key, state="uploading", owner=self.owner, lease_seconds=self.lease_seconds
            )
        lost = asyncio.Event()
        renewer = asyncio.create_task(self._renew(guard_id, lost))
        published = False
        try:
            size, digest = await self.blobs.put_stream(key, _fenced(chunks, lost), content_type)
            renewer.cancel()
            async with transaction(self.pool) as conn:
                if not await blob_guards.publish(conn, guard_id, self.owner):
                    raise LeaseLostError("the upload took too long and was abandoned; retry it")
                result = await publish(conn, size, digest)
            published = True
            return result
        finally:
            renewer.cancel()
            if not published:
                with anyio.CancelScope(shield=True):
                    await self._discard(guard_id, key)

    async def _renew(self, guard_id: str, lost: asyncio.Event) -> None:
        interval = max(self.lease_seconds / 3, 0.05)
        while True:
            await asyncio.sleep(interval)
            try:
                async with self.pool.acquire() as conn:
                    if not await blob_guards.renew(conn, guard_id, self.owner, self.lease_seconds):
                        lost.set()
                        return
            except (OSError, asyncpg.PostgresError):
                log.warning("upload lease renewal failed; retrying", extra={"action": "blob.renew_failed"})

    async def _discard(self, guard_id: str, key: str) -> None:
        """Remove an unpublished attempt; if that fails the guard stays for recovery."""
        try:
            await self.blobs.delete(key)
            async with self.pool.acquire() as conn:
                await blob_guards.release(conn, guard_id, self.owner)
        except Exception:
            log.warning("could not remove an abandoned upload; recovery will", extra={"action": "blob.discard_failed"})

    async def guard_removal(self, conn: Connection, workspace_id: str, key: str) -> str:
        """Inside the caller's transaction: commit a cleanup guard for an object made unreachable."""
        return await blob_guards.insert(
            conn, workspace_id, key, state="cleanup", owner=self.owner, lease_seconds=self.lease_seconds
        )

    async def remove(self, guard_id: str, key: str) -> None:
        """After the caller's transaction committed: remove the object and drop its guard."""
        await self._discard(guard_id, key)

    async def guard_removals(self, conn: Connection, workspace_id: str, keys: list[str]) -> list[tuple[str, str]]:
        """:meth:`guard_removal` for each key; returns (guard id, key) pairs for :meth:`remove_all`."""
        return [(await self.guard_removal(conn, workspace_id, key), key) for key in keys]

    async def remove_all(self, guards: list[tuple[str, str]]) -> None:
        """:meth:`remove` for each (guard id, key) pair, once the guarding transaction committed."""
        for guard_id, key in guards:
            await self._discard(guard_id, key)

    async def recover(self) -> int:
        """One recovery pass: remove the objects of guards whose lease expired; returns how many."""
        async with self.pool.acquire() as conn:
            claimed = await blob_guards.claim_expired(conn, self.owner, self.lease_seconds, RECOVERY_BATCH)
        removed = 0
        for guard in claimed:
            try:
                await self.blobs.delete(guard.object_key)
            except Exception:
                log.warning("recovery could not remove an object; will retry", extra={"action": "blob.recover_failed"})
                continue
            async with self.pool.acquire() as conn:
                await blob_guards.release(conn, guard.id, self.owner)
            removed += 1
        if claimed:
            log.info("blob recovery claimed=%d removed=%d", len(claimed), removed, extra={"action": "blob.recovered"})
        return removed


async def _fenced(chunks: AsyncIterator[bytes], lost: asyncio.Event) -> AsyncIterator[bytes]:
    async for chunk in chunks:
        if lost.is_set():
            raise LeaseLostError("the upload lease was lost; nothing was stored, retry the upload")
        yield chunk
    if lost.is_set():
        raise LeaseLostError("the upload lease was lost; nothing was stored, retry the upload")
