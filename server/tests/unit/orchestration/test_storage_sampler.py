"""The storage gauges: every family names tables of the migrated schema, and a family sums its tables."""

from __future__ import annotations

from pathlib import Path

from mango_server.store import storage

CANONICAL = Path(__file__).parents[2] / "integration" / "canonical_schema.txt"


def test_every_family_names_tables_of_the_schema() -> None:
    tables = {line.split(" | ")[0] for line in CANONICAL.read_text().splitlines() if " | " in line}
    named = [t for family in storage.FAMILIES.values() for t in family]
    assert set(named) <= tables
    assert len(named) == len(set(named))  # a table counts in one family


def test_a_family_sums_its_tables_and_a_missing_one_counts_zero() -> None:
    found = {"model_requests": (8192, 10), "recipe_parts": (4096, 2)}
    assert storage.by_family(("model_requests", "recipe_parts", "absent"), found) == storage.FamilySize(12288, 12)
