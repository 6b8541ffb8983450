"""Retry delays: capped exponential backoff with equal jitter, shared by every server retry loop.

Used by the outbox relay (failed deliveries) and the turn engine (failed model calls). The
ceiling for attempt ``n`` (0-based) is ``min(cap, base * 2**n)``; the delay is drawn uniformly
from ``[ceiling / 2, ceiling]`` so that retries of many Sessions failing together spread out
while each still waits at least half the ceiling. Pure: the random source is injectable so
tests are deterministic. Not responsible for deciding whether to retry.
"""

from __future__ import annotations

import random
from collections.abc import Callable

BASE_SECONDS = 0.5
CAP_SECONDS = 30.0
_MAX_EXPONENT = 32  # 0.5 * 2**32 is far past any cap; stops float growth for huge attempt counts


def ceiling(attempt: int, *, base: float = BASE_SECONDS, cap: float = CAP_SECONDS) -> float:
    """The un-jittered delay before retry number ``attempt`` (0 for the first retry)."""
    return min(cap, base * float(2 ** min(max(attempt, 0), _MAX_EXPONENT)))


def delay(
    attempt: int,
    *,
    base: float = BASE_SECONDS,
    cap: float = CAP_SECONDS,
    rand: Callable[[], float] = random.random,
) -> float:
    """A jittered delay in ``[ceiling / 2, ceiling]``; ``rand`` returns a float in ``[0, 1)``."""
    top = ceiling(attempt, base=base, cap=cap)
    return top / 2 + top / 2 * rand()
