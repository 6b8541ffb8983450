"""The schema compatibility window: a build runs against its own schema and the next release's."""

from __future__ import annotations

import pytest
from mango_server.store.migrate import COMPATIBLE_SCHEMA, SCHEMA_WINDOW, expected_versions, schema_problem

SHIPPED = ["0001.initial", "0002.work", "0005.stats"]


def test_the_window_starts_at_the_builds_newest_migration() -> None:
    newest = max(int(m.partition(".")[0]) for m in expected_versions())
    assert range(newest, newest + SCHEMA_WINDOW) == COMPATIBLE_SCHEMA


def test_own_schema_is_accepted() -> None:
    assert schema_problem(set(SHIPPED), SHIPPED) is None


def test_the_next_releases_migrations_are_accepted() -> None:
    assert schema_problem({*SHIPPED, "0006.added", f"{4 + SCHEMA_WINDOW:04d}.last_in_window"}, SHIPPED) is None


@pytest.mark.parametrize(
    ("applied", "needle"),
    [
        ({"0001.initial", "0002.work"}, "too old: missing migrations ['0005.stats']"),
        ({*SHIPPED, f"{5 + SCHEMA_WINDOW:04d}.beyond"}, "too new"),
        ({*SHIPPED, "0003.elsewhere"}, "unknown migrations ['0003.elsewhere']"),
        ({*SHIPPED, "hand_made"}, "unknown migrations ['hand_made']"),
    ],
)
def test_schemas_outside_the_window_are_refused(applied: set[str], needle: str) -> None:
    problem = schema_problem(applied, SHIPPED)
    assert problem is not None
    assert needle in problem
