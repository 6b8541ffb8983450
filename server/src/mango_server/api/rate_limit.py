"""Per-credential rate limiting in one api process: a token bucket per key, refused with 429.

Responsible for: one bucket per authenticated credential (its kind and key id, never the bearer
value), configured by ``MANGO_RATE_LIMIT_PER_SECOND`` and ``MANGO_RATE_LIMIT_BURST``, and
forgetting buckets that have refilled so idle keys cost no memory. Each api process limits on
its own: behind N processes a key gets up to N times the rate. Not responsible for: the bucket
arithmetic (``domain.rate_limit``) or the envelope and ``retry-after`` header (``api.errors``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from mango_server.domain.errors import RateLimitedError
from mango_server.domain.principal import Principal
from mango_server.domain.rate_limit import TokenBucket

log = logging.getLogger(__name__)

# Sweeping full buckets is O(keys); doing it every this many new keys keeps the cost amortised.
_SWEEP_EVERY = 1024


class RateLimiter:
    """``burst`` requests at once per credential, then ``rate`` per second; ``rate <= 0`` turns it off."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = max(1, burst)
        self._clock = clock
        self._buckets: dict[tuple[str, str], TokenBucket] = {}
        self._created = 0

    @property
    def enabled(self) -> bool:
        return self.rate > 0

    def check(self, principal: Principal) -> None:
        """Take a token for ``principal``'s credential or raise :class:`RateLimitedError`."""
        if not self.enabled:
            return
        now = self._clock()
        key = (principal.kind, principal.key_id)
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._new_bucket(key, now)
        wait = bucket.take(now)
        if wait > 0:
            log.info(
                "rate limited kind=%s key_id=%s retry_after=%.2f",
                principal.kind,
                principal.key_id,
                wait,
                extra={"action": "api.rate_limited"},
            )
            raise RateLimitedError(
                f"rate limit of {self.rate:g} requests per second (burst {self.burst}) exceeded for this credential",
                retry_after_seconds=round(wait, 3),
            )

    def _new_bucket(self, key: tuple[str, str], now: float) -> TokenBucket:
        self._created += 1
        if self._created % _SWEEP_EVERY == 0:
            self._buckets = {k: b for k, b in self._buckets.items() if not b.is_full(now)}
        bucket = TokenBucket.full(self.rate, self.burst, now)
        self._buckets[key] = bucket
        return bucket

    def __len__(self) -> int:
        return len(self._buckets)
