"""Open SSE streams per credential: a per-process cap, and the fan-out's one read per interval.

A credential (API key or session token) may hold at most ``MANGO_SSE_MAX_STREAMS_PER_KEY``
streams open on one api process; one more answers 429 ``rate_limit_error`` before the response
starts, so a runaway client cannot exhaust the process. :func:`session_heads` is the read the
process-wide fan-out (``live.fanout``) runs once per interval for every followed Session, and
:func:`live_leases` the one it runs for every stream opened with a session token. Not
responsible for framing SSE (``api.handlers.stream``) or routing wakeups (``live.fanout``).
"""

from __future__ import annotations

from collections import Counter

from mango_server.domain.errors import RateLimitedError
from mango_server.store import credentials, sessions
from mango_server.store.db import Pool

__all__ = ["StreamSlots", "live_leases", "session_heads", "token_digest"]


class StreamSlots:
    """Counts open streams per credential id in this process."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: Counter[str] = Counter()

    def take(self, key_id: str) -> None:
        """Reserve a slot for ``key_id`` or raise :class:`RateLimitedError`."""
        if self._open[key_id] >= self.limit:
            raise RateLimitedError(
                f"this credential already has {self.limit} open event streams on this server; "
                "close one (or reuse a stream per Session) and retry"
            )
        self._open[key_id] += 1

    def give_back(self, key_id: str) -> None:
        self._open[key_id] -= 1
        if self._open[key_id] <= 0:
            del self._open[key_id]

    def open(self, key_id: str) -> int:
        return self._open[key_id]


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
