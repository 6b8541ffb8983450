"""Schema migrations (yoyo) under a PostgreSQL advisory lock, and the schema version check.

``apply_migrations`` is what ``mango migrate`` runs. ``check_schema`` is what every other role
runs at start-up: it reads the migration ledger and refuses a schema outside this build's
compatibility window; checking never migrates and never creates anything.

The window is what makes rolling upgrades possible. A build works against its own schema and
against the next release's: migrations are expand/contract (``docs/development.md``), so the
next release's migrations only add what the previous release does not read and drop nothing it
still uses. Old replicas therefore keep running after the new ``mango migrate``, and new
replicas start beside them. Concretely, every migration this build ships must be applied, and
any migration it does not know must be numbered within :data:`COMPATIBLE_SCHEMA` (above this
build's own number and below it plus :data:`SCHEMA_WINDOW`). A database migrated further than
that was migrated by a release more than one ahead, whose contract migrations may have dropped
what this build reads: it is refused.
"""

from __future__ import annotations

import logging
import time
from importlib import resources
from pathlib import Path

import psycopg
from yoyo import get_backend, read_migrations

log = logging.getLogger(__name__)

# Arbitrary but fixed: every Mango process agrees on this key for the migration lock.
_ADVISORY_LOCK_KEY = 0x6D616E676F  # "mango"
_LEDGER_TABLE = "_yoyo_migration"
_LOCK_POLL_SECONDS = 0.5

#: How many migration numbers above this build's newest one the next release may use. A release
#: numbers its migrations within the previous release's window (a release that needs more splits
#: into two); the upgrade test checks the previous release against this build's schema.
SCHEMA_WINDOW = 20


class SchemaMismatchError(Exception):
    """The database schema is not the one this build expects; the message says what to run."""


def migrations_dir() -> Path:
    """The folder holding this build's numbered migrations."""
    return Path(str(resources.files("mango_server.store") / "migrations"))


def expected_versions() -> list[str]:
    """Migration ids this build ships, in order."""
    return sorted(p.name.removesuffix(".sql") for p in migrations_dir().glob("*.sql") if ".rollback" not in p.name)


def migration_number(migration_id: str) -> int:
    """The number of a migration id (``"0024.recipe_parts"`` is 24)."""
    number, _, _ = migration_id.partition(".")
    return int(number)


def schema_version() -> int:
    """This build's own schema version: the number of its newest migration."""
    return max(migration_number(m) for m in expected_versions())


#: Schema versions this build runs against: its own and the next release's.
COMPATIBLE_SCHEMA = range(schema_version(), schema_version() + SCHEMA_WINDOW)


def _yoyo_url(database_url: str) -> str:
    scheme, _, rest = database_url.partition("://")
    return f"postgresql+psycopg://{rest}" if scheme in {"postgres", "postgresql"} else database_url


def apply_migrations(database_url: str) -> list[str]:
    """Apply every pending migration while holding the advisory lock; returns the ids applied."""
    with psycopg.connect(database_url, autocommit=True) as lock_conn:
        _take_lock(lock_conn)
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


def _take_lock(conn: psycopg.Connection[tuple[object, ...]]) -> None:
    """Take the migration lock, retrying until it is free.

    A waiter asks again rather than block in ``pg_advisory_lock``: a statement blocked there holds a
    snapshot, which a migration that builds an index ``CONCURRENTLY`` (``0029.trigger_index``) waits
    for while the waiter waits for its lock, a deadlock PostgreSQL does not detect.
    """
    while True:
        row = conn.execute("SELECT pg_try_advisory_lock(%s)", (_ADVISORY_LOCK_KEY,)).fetchone()
        if row is not None and row[0]:
            return
        time.sleep(_LOCK_POLL_SECONDS)


def check_schema(database_url: str) -> None:
    """Raise :class:`SchemaMismatchError` unless the database's schema is within :data:`COMPATIBLE_SCHEMA`:
    every migration of this build applied, and any other one numbered within the window."""
    with psycopg.connect(database_url, autocommit=True) as conn:
        exists = conn.execute("SELECT to_regclass(%s)", (_LEDGER_TABLE,)).fetchone()
        if exists is None or exists[0] is None:
            raise SchemaMismatchError("the database has no Mango schema; run `mango migrate` first")
        applied = {row[0] for row in conn.execute(f"SELECT migration_id FROM {_LEDGER_TABLE}")}
    problem = schema_problem(applied, expected_versions())
    if problem:
        raise SchemaMismatchError(problem)


def schema_problem(applied: set[str], expected: list[str]) -> str | None:
    """Why a ledger holding ``applied`` is outside the window of a build shipping ``expected`` (None: it is not)."""
    own = max(migration_number(m) for m in expected)
    window = range(own, own + SCHEMA_WINDOW)
    missing = sorted(set(expected) - applied)
    if missing:
        return f"schema too old: missing migrations {missing}; run the `mango migrate` of this release"
    unknown = sorted(applied - set(expected))
    # A later release's migrations are numbered above this build's own; one numbered at or below it
    # that this build does not ship comes from another line of development.
    foreign = [m for m in unknown if not _numbered(m) or migration_number(m) <= own]
    if foreign:
        return f"schema mismatch: unknown migrations {foreign} are not from a later release of this build"
    ahead = [m for m in unknown if migration_number(m) not in window]
    if ahead:
        return (
            f"schema too new: migrations {ahead} are beyond this build's window (schema versions "
            f"{window.start}-{window.stop - 1}); the database was migrated by a release more than one "
            "ahead: run that release's roles"
        )
    return None


def _numbered(migration_id: str) -> bool:
    return migration_id.partition(".")[0].isdigit()
