"""The token bucket behind per-credential rate limits: pure arithmetic over a caller-supplied clock.

Responsible for: refilling at ``rate`` tokens per second up to ``burst``, taking one token per
request and, when empty, saying how long until the next token. Not responsible for: which key a
request belongs to, keeping buckets per key, or the clock (``mango_server.api.rate_limit``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class TokenBucket:
    """``burst`` requests at once, then ``rate`` per second; starts full."""

    rate: float
    burst: int
    tokens: float
    updated: float

    @classmethod
    def full(cls, rate: float, burst: int, now: float) -> TokenBucket:
        """A bucket holding ``burst`` tokens at time ``now``."""
        return cls(rate=rate, burst=burst, tokens=float(burst), updated=now)

    def take(self, now: float) -> float:
        """Take one token; returns 0.0 on success, else the seconds until one is available."""
        self._refill(now)
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return 0.0
        return (1.0 - self.tokens) / self.rate

    def is_full(self, now: float) -> bool:
        """Whether the bucket has refilled completely (then forgetting it changes nothing)."""
        self._refill(now)
        return self.tokens >= self.burst

    def _refill(self, now: float) -> None:
        # A clock that steps back (never with a monotonic one) must not drain the bucket.
        elapsed = max(0.0, now - self.updated)
        self.tokens = min(float(self.burst), self.tokens + elapsed * self.rate)
        self.updated = now
