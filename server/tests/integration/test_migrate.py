"""Migrations under the advisory lock, and the schema check every other role runs at start-up."""

from __future__ import annotations

import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest
from mango_server.devstack import FreshDatabase
from mango_server.store.migrate import (
    COMPATIBLE_SCHEMA,
    SchemaMismatchError,
    apply_migrations,
    check_schema,
    expected_versions,
)

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(120)]


def _tables(dsn: str) -> set[str]:
    with psycopg.connect(dsn) as conn:
        return {row[0] for row in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}


def test_unmigrated_database_is_refused_and_checking_creates_nothing(fresh_database: FreshDatabase) -> None:
    before = _tables(fresh_database.dsn)
    with pytest.raises(SchemaMismatchError, match="mango migrate"):
        check_schema(fresh_database.dsn)
    assert _tables(fresh_database.dsn) == before
    assert "_yoyo_migration" not in before


def test_concurrent_migrations_apply_once(fresh_database: FreshDatabase) -> None:
    with ThreadPoolExecutor(max_workers=3) as pool:
        results = list(pool.map(apply_migrations, [fresh_database.dsn] * 3))
    assert sorted(len(r) for r in results) == [0, 0, len(expected_versions())]
    check_schema(fresh_database.dsn)
    assert apply_migrations(fresh_database.dsn) == []


def test_unknown_migration_is_refused(fresh_database: FreshDatabase) -> None:
    apply_migrations(fresh_database.dsn)
    with psycopg.connect(fresh_database.dsn, autocommit=True) as conn:
        conn.execute(
            "INSERT INTO _yoyo_migration (migration_hash, migration_id, applied_at_utc) "
            "VALUES ('x', '9999.from_the_future', now())"
        )
    with pytest.raises(SchemaMismatchError, match=r"9999\.from_the_future"):
        check_schema(fresh_database.dsn)


def _record(dsn: str, migration_id: str) -> None:
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(
            "INSERT INTO _yoyo_migration (migration_hash, migration_id, applied_at_utc) VALUES (%s, %s, now())",
            (migration_id, migration_id),
        )


def test_the_next_releases_schema_is_accepted_and_one_beyond_the_window_refused(fresh_database: FreshDatabase) -> None:
    apply_migrations(fresh_database.dsn)
    _record(fresh_database.dsn, f"{COMPATIBLE_SCHEMA.start + 1:04d}.from_the_next_release")
    check_schema(fresh_database.dsn)  # old replicas keep running after the next release's migrate
    _record(fresh_database.dsn, f"{COMPATIBLE_SCHEMA.stop:04d}.two_releases_ahead")
    with pytest.raises(SchemaMismatchError, match="too new"):
        check_schema(fresh_database.dsn)


def test_roles_refuse_to_start_on_a_foreign_schema(fresh_database: FreshDatabase) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mango_server", "api"],
        env=fresh_database.env(),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert "run `mango migrate` first" in result.stderr
