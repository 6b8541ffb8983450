"""The per-credential token bucket and its 429 envelope."""

from __future__ import annotations

import json

import pytest
from mango_server.api.errors import map_exception
from mango_server.api.rate_limit import RateLimiter
from mango_server.domain.errors import RateLimitedError
from mango_server.domain.principal import Principal
from mango_server.domain.rate_limit import TokenBucket

ALICE = Principal("WorkspaceKey", "wrk_a", "key_alice")
BOB = Principal("WorkspaceKey", "wrk_a", "key_bob")


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_bucket_allows_the_burst_then_the_rate() -> None:
    bucket = TokenBucket.full(rate=2.0, burst=3, now=0.0)
    assert [bucket.take(0.0) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert bucket.take(0.0) == pytest.approx(0.5)
    assert bucket.take(0.5) == 0.0
    assert bucket.take(0.5) == pytest.approx(0.5)
    assert bucket.is_full(10.0)
    assert bucket.tokens == 3


def test_limiter_refuses_past_the_burst_per_credential_and_recovers() -> None:
    clock = Clock()
    limiter = RateLimiter(rate=1.0, burst=2, clock=clock)
    limiter.check(ALICE)
    limiter.check(ALICE)
    with pytest.raises(RateLimitedError) as refused:
        limiter.check(ALICE)
    assert refused.value.retry_after_seconds == pytest.approx(1.0)
    limiter.check(BOB)  # another key has its own bucket
    clock.now += 1.0
    limiter.check(ALICE)


def test_a_rate_of_zero_turns_limiting_off() -> None:
    limiter = RateLimiter(rate=0.0, burst=1, clock=Clock())
    for _ in range(1000):
        limiter.check(ALICE)
    assert len(limiter) == 0


def test_idle_buckets_are_forgotten() -> None:
    clock = Clock()
    limiter = RateLimiter(rate=10.0, burst=5, clock=clock)
    for index in range(5000):
        limiter.check(Principal("WorkspaceKey", "wrk_a", f"key_{index}"))
        clock.now += 0.01
    assert len(limiter) < 2048


def test_the_envelope_is_429_rate_limit_error_with_retry_after() -> None:
    response = map_exception(RateLimitedError("slow down", retry_after_seconds=0.2), "req_1")
    assert response.status_code == 429
    assert response.headers["retry-after"] == "1"
    assert response.headers["request-id"] == "req_1"
    body = json.loads(bytes(response.body))
    assert body["error"]["type"] == "rate_limit_error"
    assert body["error"] == {"type": "rate_limit_error", "message": "slow down"}
