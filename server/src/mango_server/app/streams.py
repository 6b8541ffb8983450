"""Open SSE streams per credential: a cap shared by every api process, and the fan-out's one read per interval.

A credential (API key or session token) may hold at most ``MANGO_SSE_MAX_STREAMS_PER_KEY``
streams open at once; one more answers 429 ``rate_limit_error`` before the response starts, so a
runaway client cannot exhaust the api processes. :class:`SharedStreamSlots` (what ``mango api``
uses) counts across every api process on the database: each open stream holds one numbered slot
as a PostgreSQL advisory lock on the process's one slot connection (``store.streams``), so a
process that dies frees its slots with its connection. If that connection is lost (a PostgreSQL
restart), the process opens a new one and its streams opened before are no longer counted
until they end. :class:`StreamSlots` is the same cap within one process, without a database
(tests, embedded use). :func:`session_heads` is the read the process-wide fan-out
(``live.fanout``) runs once per interval for every followed Session, and :func:`live_leases` the
one it runs for every stream opened with a session token. Not responsible for framing SSE
(``api.handlers.stream``) or routing wakeups (``live.fanout``).
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

from mango_server.domain.errors import OverloadedError, RateLimitedError
from mango_server.store import credentials, sessions, streams
from mango_server.store.db import Connection, Pool

__all__ = ["SharedStreamSlots", "Slots", "StreamSlots", "live_leases", "session_heads", "token_digest"]

log = logging.getLogger(__name__)
_T = TypeVar("_T")


class Slots(Protocol):
    """A per-credential cap of open streams: ``take`` a slot before a stream starts, ``give_back`` it after."""

    limit: int

    async def take(self, key_id: str) -> int: ...

    async def give_back(self, key_id: str, slot: int) -> None: ...


def _refused(limit: int) -> RateLimitedError:
    return RateLimitedError(
        f"this credential already has {limit} open event streams; close one (or reuse a stream per Session) and retry"
    )


class StreamSlots:
    """Counts open streams per credential id in this process only."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: Counter[str] = Counter()

    async def take(self, key_id: str) -> int:
        """Reserve a slot for ``key_id`` or raise :class:`RateLimitedError`."""
        if self._open[key_id] >= self.limit:
            raise _refused(self.limit)
        self._open[key_id] += 1
        return self._open[key_id] - 1

    async def give_back(self, key_id: str, slot: int) -> None:
        self._open[key_id] -= 1
        if self._open[key_id] <= 0:
            del self._open[key_id]

    def open(self, key_id: str) -> int:
        return self._open[key_id]


class SharedStreamSlots:
    """Counts open streams per credential id across every api process on one database (advisory locks)."""

    def __init__(self, limit: int, connect: Callable[[], Awaitable[Connection]]) -> None:
        self.limit = limit
        self._connect = connect
        self._conn: Connection | None = None
        self._held: defaultdict[str, set[int]] = defaultdict(set)
        # One statement at a time on the slot connection (asyncpg allows no concurrent use).
        self._lock = asyncio.Lock()
        self._orphans: set[asyncio.Future[None]] = set()  # give-backs of slots taken for cancelled requests

    async def take(self, key_id: str) -> int:
        """Lock a free slot for ``key_id`` or raise :class:`RateLimitedError`."""
        # A cancelled request (the client went away) must not cut a statement on the slot
        # connection in half: the statement finishes, and a slot it took is given back.
        task = asyncio.ensure_future(self._take(key_id))
        try:
            return await asyncio.shield(task)
        except asyncio.CancelledError:
            task.add_done_callback(lambda done: self._give_back_orphan(key_id, done))
            raise

    async def give_back(self, key_id: str, slot: int) -> None:
        """Free the slot (shielded: it runs to its end even when the stream's task is being cancelled)."""
        await asyncio.shield(self._give_back(key_id, slot))

    def _give_back_orphan(self, key_id: str, done: asyncio.Future[int]) -> None:
        if not done.cancelled() and done.exception() is None:
            orphan = asyncio.ensure_future(self._give_back(key_id, done.result()))
            self._orphans.add(orphan)
            orphan.add_done_callback(self._orphans.discard)

    async def _take(self, key_id: str) -> int:
        async with self._lock:
            try:
                # The held set is read after any reconnect inside _run (a new session holds nothing).
                slot = await self._run(
                    lambda conn: streams.take_slot(conn, key_id, self.limit, sorted(self._held.get(key_id, ())))
                )
            except Exception as exc:
                log.warning(
                    "stream slot unavailable error=%s", type(exc).__name__, extra={"action": "api.stream_slots"}
                )
                raise OverloadedError(
                    "event streams are unavailable (the database did not answer); retry later"
                ) from exc
            if slot is None:
                raise _refused(self.limit)
            self._held[key_id].add(slot)
            return slot

    async def _give_back(self, key_id: str, slot: int) -> None:
        async with self._lock:
            held = self._held.get(key_id)
            if held is None or slot not in held:
                return  # taken on a connection since replaced: its lock went with it
            held.discard(slot)
            if not held:
                del self._held[key_id]
            try:
                await self._run(lambda conn: streams.give_back_slot(conn, key_id, slot))
            except Exception:
                # The connection is gone, and with it every lock it held: nothing is left to give back.
                log.warning("stream slot connection lost key_id=%s", key_id, extra={"action": "api.stream_slots_lost"})

    async def close(self) -> None:
        async with self._lock:
            if self._conn is not None:
                await self._conn.close()
                self._conn = None
            self._held.clear()

    def open(self, key_id: str) -> int:
        return len(self._held.get(key_id, ()))

    async def _run(self, statement: Callable[[Connection], Awaitable[_T]]) -> _T:
        if self._conn is None or self._conn.is_closed():
            if self._conn is not None:
                # A new session holds none of the old locks: forget them (their streams go uncounted).
                log.warning("stream slot connection replaced", extra={"action": "api.stream_slots_reconnect"})
                self._held.clear()
            self._conn = await self._connect()
        try:
            return await statement(self._conn)
        except Exception:
            conn, self._conn = self._conn, None
            self._held.clear()
            if conn is not None and not conn.is_closed():
                conn.terminate()
            raise


async def session_heads(pool: Pool, session_ids: list[str]) -> dict[str, int]:
    """``next_seq`` of every listed Session that still exists, in one query."""
    async with pool.acquire() as conn:
        return await sessions.heads(conn, session_ids)


async def live_leases(pool: Pool, digests: list[bytes]) -> set[bytes]:
    """Which session-token digests still hold a live Work lease, in one query."""
    async with pool.acquire() as conn:
        return await credentials.live_token_digests(conn, digests)


def token_digest(token: str) -> bytes:
    """The stored form of a bearer value (the fan-out tracks session-token streams by it)."""
    return credentials.digest(token)
