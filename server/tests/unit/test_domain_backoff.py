"""Retry delays: capped exponential ceilings and equal jitter with an injected random source."""

from __future__ import annotations

import pytest
from mango_server.domain.backoff import ceiling, delay


def test_ceiling_doubles_from_the_base_and_stops_at_the_cap() -> None:
    assert [ceiling(n) for n in range(8)] == [0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0]
    assert ceiling(10_000) == 30.0
    assert ceiling(-1) == 0.5


@pytest.mark.parametrize("attempt", [0, 3, 6, 50])
def test_jitter_spans_half_the_ceiling_to_the_ceiling(attempt: int) -> None:
    top = ceiling(attempt)
    assert delay(attempt, rand=lambda: 0.0) == top / 2
    assert delay(attempt, rand=lambda: 0.5) == pytest.approx(top * 0.75)
    assert delay(attempt, rand=lambda: 0.999999) == pytest.approx(top, rel=1e-5)


def test_base_and_cap_are_parameters() -> None:
    assert ceiling(3, base=1.0, cap=5.0) == 5.0
    assert delay(1, base=1.0, cap=100.0, rand=lambda: 1.0) == 2.0


def test_default_random_source_stays_in_bounds() -> None:
    for attempt in range(10):
        top = ceiling(attempt)
        assert top / 2 <= delay(attempt) <= top
