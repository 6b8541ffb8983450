"""The one retry policy of the Mango SDK, shared by the client transport and the worker kit.

Rules (a retry must never run a mutation twice):

- 429 (rate limited) and 503 (overloaded) are refused before any work happens, so they are
  retried for every method;
- other 5xx answers (but 501) and connection errors (including timeouts) are retried for reads
  (``GET``/``HEAD``) and for mutations that carry an ``Idempotency-Key`` (the transport adds one
  to every mutation, reused across its retries, so the server replays an applied request instead
  of running it again); a mutation sent without a key is not retried: it may have been applied;
- everything else is final.

Delays grow exponentially with jitter (half to all of the ceiling), capped, and a ``retry-after`` header (seconds or
an HTTP date) wins when present, itself capped by ``max_retry_after``.

Lifecycle: one frozen ``RetryPolicy`` per client (or worker), consulted once per failed attempt.
Not responsible for sending requests or sleeping strategies beyond ``sleep``/``asleep``.
"""

from __future__ import annotations

import email.utils
import random as _random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import anyio

__all__ = ["DEFAULT_RETRY_POLICY", "RetryPolicy", "is_retryable"]

_READS = frozenset({"GET", "HEAD", "OPTIONS"})
_ANY_METHOD_STATUSES = frozenset({429, 503})


def is_retryable(method: str, status_code: int | None, *, idempotent: bool = False) -> bool:
    """Whether a failed attempt may be retried.

    Args:
        method: the HTTP method of the request.
        status_code: the answer's status, or ``None`` for a connection error or timeout.
        idempotent: the request carries an ``Idempotency-Key`` (a retry replays, never reruns).
    """
    if status_code in _ANY_METHOD_STATUSES:
        return True
    if status_code is None or (status_code >= 500 and status_code != 501):
        return method.upper() in _READS or idempotent
    return False


def _parse_retry_after(value: str | None, now: Callable[[], float]) -> float | None:
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    parsed = email.utils.parsedate_to_datetime(value) if value.strip() else None
    if parsed is None:
        return None
    return max(0.0, parsed.timestamp() - now())


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how long to wait before retrying a transient failure.

    Attributes:
        max_retries: retries after the first attempt (0 disables retrying).
        base_delay: the first backoff ceiling in seconds; doubles per attempt.
        max_delay: the backoff ceiling in seconds.
        max_retry_after: the longest ``retry-after`` honoured, in seconds.
        max_reconnects: how many times an event stream reconnects after a dropped connection.
    """

    max_retries: int = 2
    base_delay: float = 0.5
    max_delay: float = 8.0
    max_retry_after: float = 60.0
    max_reconnects: int = 5
    rand: Callable[[], float] = field(default=_random.random, repr=False, compare=False)
    clock: Callable[[], float] = field(default=time.time, repr=False, compare=False)

    def should_retry(self, method: str, status_code: int | None, attempt: int, *, idempotent: bool = False) -> bool:
        """Whether attempt number ``attempt`` (0-based) may be followed by another one."""
        return attempt < self.max_retries and is_retryable(method, status_code, idempotent=idempotent)

    def delay(self, attempt: int, headers: Mapping[str, str] | None = None) -> float:
        """Seconds to wait before retry number ``attempt + 1``."""
        retry_after = _parse_retry_after((headers or {}).get("retry-after"), self.clock)
        if retry_after is not None:
            return min(retry_after, self.max_retry_after)
        ceiling = min(self.max_delay, self.base_delay * (2.0**attempt))
        return ceiling * (0.5 + self.rand() / 2)

    def sleep(self, seconds: float) -> None:
        """Block for ``seconds`` (no-op for zero, so instant policies never touch the clock)."""
        if seconds > 0:
            time.sleep(seconds)

    async def asleep(self, seconds: float) -> None:
        """Async twin of ``sleep``."""
        if seconds > 0:
            await anyio.sleep(seconds)


DEFAULT_RETRY_POLICY = RetryPolicy()
