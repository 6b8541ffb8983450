"""The embedded Temporal's store in a backup set: the dev server's SQLite database file.

``temporal server start-dev --db-filename FILE`` (``mango dev``, the Compose file) keeps all of
Temporal's state, main and visibility, in one SQLite database in WAL mode. The copy is taken with
SQLite's online backup API, so the write-ahead log is folded into one self-contained file, and
only while no process has the database open: an exclusive lock proves the server is stopped and
keeps it from starting until the copy is done. A restore writes the file while the server is
stopped and removes any stale ``-wal``/``-shm`` beside it (a log of another database would be
replayed into this one). An external Temporal is out of scope: its operator backs up its
persistence with that persistence's tools (``docs/operations.md``).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from mango_server.backup._manifest import BackupError

FILE_NAME = "temporal.db"
_SIDE_FILES = ("-wal", "-shm", "-journal")


@contextlib.contextmanager
def _stopped(db_path: Path) -> Iterator[sqlite3.Connection]:
    """A connection holding the database exclusively: proof that no Temporal server has it open."""
    con = sqlite3.connect(db_path, timeout=0, isolation_level=None)
    try:
        # In exclusive locking mode the lock taken below is kept until the connection closes.
        con.execute("PRAGMA locking_mode=EXCLUSIVE")
        try:
            con.execute("BEGIN EXCLUSIVE")
            con.execute("COMMIT")
        except sqlite3.OperationalError as exc:
            raise BackupError(
                f"Temporal's database {db_path} is in use ({exc}): stop the Temporal server first"
            ) from None
        yield con
    finally:
        con.close()


def check_stopped(db_path: Path) -> None:
    """Refuse a missing database, or one a running server has open."""
    if not db_path.is_file():
        raise BackupError(f"no Temporal database at {db_path}")
    with _stopped(db_path):
        pass


def export(db_path: Path, root: Path) -> Path:
    """Copy the stopped server's database to ``root/temporal.db``."""
    check_stopped(db_path)
    target = root / FILE_NAME
    with _stopped(db_path) as source:
        copy = sqlite3.connect(target)
        try:
            source.backup(copy)
        finally:
            copy.close()
    return target


def in_use_or_filled(db_path: Path) -> bool:
    """Whether a restore would overwrite a Temporal database that holds data (an empty file does not).

    Raises:
        BackupError: a server has the database open (even ``--force`` does not write under it).
    """
    if not db_path.exists():
        return False
    with _stopped(db_path):
        pass
    return db_path.stat().st_size > 0


def load(copy: Path, db_path: Path) -> None:
    """Put the backed-up database at ``db_path`` (atomically), without stale side files."""
    db_path.parent.mkdir(parents=True, exist_ok=True)
    for suffix in _SIDE_FILES:
        Path(f"{db_path}{suffix}").unlink(missing_ok=True)
    partial = db_path.with_name(f".{db_path.name}.restoring")
    shutil.copyfile(copy, partial)
    with partial.open("rb") as f:
        os.fsync(f.fileno())
    os.replace(partial, db_path)
