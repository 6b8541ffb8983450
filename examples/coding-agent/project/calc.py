"""Tiny arithmetic helpers: the project the coding agent repairs.

``series_sum`` has an off-by-one bug on purpose: it leaves out ``last``.
"""

from __future__ import annotations

from collections.abc import Iterable


def total(values: Iterable[float]) -> float:
    """The sum of ``values`` (0 for none)."""
    return sum(values, 0.0)


def series_sum(first: int, last: int) -> int:
    """The sum of the integers from ``first`` to ``last``, both included (0 when ``last < first``)."""
    return sum(range(first, last))


def mean(values: Iterable[float]) -> float:
    """The arithmetic mean of ``values``; raises ValueError when there are none."""
    items = list(values)
    if not items:
        raise ValueError("mean of no values")
    return total(items) / len(items)
