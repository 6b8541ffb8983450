"""Schema migrations (yoyo) under a PostgreSQL advisory lock, and the schema version check.

``apply_migrations`` is what ``mango migrate`` runs. ``check_schema`` is what every other role
runs at start-up: it reads the migration ledger and refuses a schema that is not exactly the
one this build ships; checking never migrates and never creates anything.
"""

from __future__ import annotations

import logging
from importlib import resources
from pathlib import Path

import psycopg
from yoyo import get_backend, read_migrations

log = logging.getLogger(__name__)

# Arbitrary but fixed: every Mango process agrees on this key for the migration lock.
_ADVISORY_LOCK_KEY = 0x6D616E676F  # "mango"
_LEDGER_TABLE = "_yoyo_migration"


class SchemaMismatchError(Exception):
    """The database schema is not the one this build expects; the message says what to run."""


def migrations_dir() -> Path:
    """The folder holding this build's numbered migrations."""
    return Path(str(resources.files("mango_server.store") / "migrations"))


def expected_versions() -> list[str]:
    """Migration ids this build ships, in order."""
    return sorted(p.name.removesuffix(".sql") for p in migrations_dir().glob("*.sql") if ".rollback" not in p.name)


def _yoyo_url(database_url: str) -> str:
    scheme, _, rest = database_url.partition("://")
    return f"postgresql+psycopg://{rest}" if scheme in {"postgres", "postgresql"} else database_url


def apply_migrations(database_url: str) -> list[str]:
    """Apply every pending migration while holding the advisory lock; returns the ids applied."""
    with psycopg.connect(database_url, autocommit=True) as lock_conn:
        lock_conn.execute("SELECT pg_advisory_lock(%s)", (_ADVISORY_LOCK_KEY,))
        try:
            backend = get_backend(_yoyo_url(database_url))
            migrations = read_migrations(str(migrations_dir()))
            pending = backend.to_apply(migrations)
            ids = [m.id for m in pending]
            try:
                with backend.lock():
                    backend.apply_migrations(pending)
            finally:
                backend.connection.close()
            for migration_id in ids:
                log.info("applied migration id=%s", migration_id, extra={"action": "migrate.applied"})
            return ids
        finally:
            lock_conn.execute("SELECT pg_advisory_unlock(%s)", (_ADVISORY_LOCK_KEY,))


def check_schema(database_url: str) -> None:
    """Raise :class:`SchemaMismatchError` unless exactly this build's migrations are applied."""
    with psycopg.connect(database_url, autocommit=True) as conn:
        exists = conn.execute("SELECT to_regclass(%s)", (_LEDGER_TABLE,)).fetchone()
        if exists is None or exists[0] is None:
            raise SchemaMismatchError("the database has no Mango schema; run `mango migrate` first")
        applied = sorted(row[0] for row in conn.execute(f"SELECT migration_id FROM {_LEDGER_TABLE}"))
    expected = expected_versions()
    if applied != expected:
        missing = sorted(set(expected) - set(applied))
        unknown = sorted(set(applied) - set(expected))
        raise SchemaMismatchError(
            f"schema mismatch: missing migrations {missing or 'none'}, unknown migrations {unknown or 'none'}; "
            "run the `mango migrate` of this release"
        )
