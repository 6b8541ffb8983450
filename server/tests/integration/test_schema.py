"""The migrated schema equals the canonical description committed beside this test.

A migration that changes tables, columns, indexes, constraints or functions must update
``canonical_schema.txt`` in the same change (``MANGO_UPDATE_SCHEMA=1`` rewrites it), so every
schema change is visible in review.
"""

from __future__ import annotations

import os
from pathlib import Path

import psycopg
import pytest
from mango_server.devstack import FreshDatabase
from mango_server.store.migrate import apply_migrations

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration]

CANONICAL = Path(__file__).with_name("canonical_schema.txt")

_COLUMNS = """
SELECT table_name, column_name, data_type, is_nullable, coalesce(column_default, '')
FROM information_schema.columns WHERE table_schema = 'public' AND table_name NOT LIKE '\\_yoyo%'
ORDER BY table_name, ordinal_position
"""
_INDEXES = """
SELECT tablename, indexname, indexdef FROM pg_indexes
WHERE schemaname = 'public' AND tablename NOT LIKE '\\_yoyo%' ORDER BY tablename, indexname
"""
_CONSTRAINTS = """
SELECT c.conrelid::regclass::text, c.conname, pg_get_constraintdef(c.oid)
FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
WHERE n.nspname = 'public' AND c.conrelid::regclass::text NOT LIKE '\\_yoyo%'
ORDER BY 1, 2
"""
_FUNCTIONS = """
SELECT p.proname, pg_get_function_identity_arguments(p.oid), pg_get_function_result(p.oid),
       p.provolatile, md5(p.prosrc)
FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' ORDER BY 1, 2
"""


def describe(dsn: str) -> str:
    """A deterministic text description of the public schema."""
    lines: list[str] = []
    with psycopg.connect(dsn) as conn:
        for title, query in (
            ("columns", _COLUMNS),
            ("indexes", _INDEXES),
            ("constraints", _CONSTRAINTS),
            ("functions", _FUNCTIONS),
        ):
            lines.append(f"# {title}")
            lines.extend(" | ".join(str(v) for v in row) for row in conn.execute(query))
    return "\n".join(lines) + "\n"


def test_migrated_schema_equals_the_canonical_one(fresh_database: FreshDatabase) -> None:
    with psycopg.connect(fresh_database.dsn, autocommit=True) as conn:
        for (table,) in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'").fetchall():
            conn.execute(f'DROP TABLE "{table}" CASCADE')
    apply_migrations(fresh_database.dsn)
    actual = describe(fresh_database.dsn)
    if os.environ.get("MANGO_UPDATE_SCHEMA") == "1":
        CANONICAL.write_text(actual)
    assert actual == CANONICAL.read_text(), "the schema changed: run with MANGO_UPDATE_SCHEMA=1 and review the diff"
