"""Tests for calc.py; run with ``python3 -m unittest`` from this folder (the standard library only: the
worker's image has no pytest)."""

# ruff: noqa: PT009, PT027  (unittest assertions on purpose)

from __future__ import annotations

import unittest

import calc


class TotalTest(unittest.TestCase):
    def test_sums_values(self) -> None:
        self.assertEqual(calc.total([1, 2, 3.5]), 6.5)

    def test_no_values(self) -> None:
        self.assertEqual(calc.total([]), 0)


class SeriesSumTest(unittest.TestCase):
    def test_includes_both_ends(self) -> None:
        self.assertEqual(calc.series_sum(1, 4), 10)

    def test_single_number(self) -> None:
        self.assertEqual(calc.series_sum(7, 7), 7)

    def test_negative_start(self) -> None:
        self.assertEqual(calc.series_sum(-2, 3), 3)

    def test_empty_when_reversed(self) -> None:
        self.assertEqual(calc.series_sum(5, 4), 0)


class MeanTest(unittest.TestCase):
    def test_mean(self) -> None:
        self.assertEqual(calc.mean([2, 4, 9]), 5)

    def test_no_values(self) -> None:
        with self.assertRaises(ValueError):
            calc.mean([])


if __name__ == "__main__":
    unittest.main()
