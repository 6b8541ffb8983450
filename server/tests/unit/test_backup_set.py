"""The backup set without services: manifest checksums, the Temporal SQLite copy and its lock,
and the search for PostgreSQL client programs."""

from __future__ import annotations

import os
import sqlite3
import stat
from datetime import UTC, datetime
from pathlib import Path

import pytest
from mango_server.backup import _manifest, _temporal
from mango_server.backup._manifest import BackupError, KeyringPart, Manifest, PostgresPart, TemporalPart
from mango_server.store import dump


def _set(root: Path) -> Manifest:
    (root / "postgres.dump").write_bytes(b"PGDMP" + os.urandom(64))
    manifest = Manifest(
        format=_manifest.FORMAT,
        created_at=datetime.now(UTC),
        mango_version="0.1.0",
        schema_version=24,
        postgres=PostgresPart(
            dump=_manifest.entry(root, root / "postgres.dump"),
            server_version="18.1",
            pg_dump_version="18.1",
            migrations=["0001.initial", "0024.recipe_parts"],
        ),
        bucket=None,
        temporal=TemporalPart(included=False, note="external"),
        keyring=KeyringPart(key_ids=["key_1"], note="kept apart"),
    )
    _manifest.write(root, manifest)
    return manifest


def test_a_set_reads_back_with_its_checksums(tmp_path: Path) -> None:
    written = _set(tmp_path)
    assert _manifest.read(tmp_path) == written


def test_a_damaged_or_incomplete_set_is_refused(tmp_path: Path) -> None:
    _set(tmp_path)
    dump_file = tmp_path / "postgres.dump"
    data = bytearray(dump_file.read_bytes())
    data[10] ^= 0xFF  # same size, other bytes
    dump_file.write_bytes(bytes(data))
    with pytest.raises(BackupError, match="does not match its checksum"):
        _manifest.read(tmp_path)
    dump_file.unlink()
    with pytest.raises(BackupError, match="missing"):
        _manifest.read(tmp_path)
    (tmp_path / _manifest.FILE_NAME).unlink()
    with pytest.raises(BackupError, match="interrupted backup"):
        _manifest.read(tmp_path)


def _temporal_db(path: Path) -> sqlite3.Connection:
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA journal_mode=wal")
    con.execute("CREATE TABLE history (id INTEGER PRIMARY KEY, body BLOB)")
    con.executemany("INSERT INTO history (body) VALUES (?)", [(os.urandom(100),) for _ in range(50)])
    return con


def test_the_temporal_copy_refuses_an_open_database_and_copies_a_closed_one(tmp_path: Path) -> None:
    source = tmp_path / "temporal.db"
    server = _temporal_db(source)  # open and idle, as a running server is between writes
    rows = server.execute("SELECT count(*) FROM history").fetchone()
    out = tmp_path / "set"
    out.mkdir()
    with pytest.raises(BackupError, match="stop the Temporal server"):
        _temporal.export(source, out)
    server.close()

    copy = _temporal.export(source, out)
    with sqlite3.connect(copy) as check:
        assert check.execute("SELECT count(*) FROM history").fetchone() == rows


def test_a_temporal_restore_replaces_the_file_and_its_stale_log(tmp_path: Path) -> None:
    copy = tmp_path / "copy.db"
    _temporal_db(copy).close()
    target = tmp_path / "data" / "temporal.db"
    assert not _temporal.in_use_or_filled(target)
    target.parent.mkdir()
    Path(f"{target}-wal").write_bytes(b"a log of another database")
    _temporal.load(copy, target)
    assert not Path(f"{target}-wal").exists()
    assert _temporal.in_use_or_filled(target)
    with sqlite3.connect(target) as check:
        assert check.execute("SELECT count(*) FROM history").fetchone() == (50,)


def _fake_tools(bin_dir: Path, version: str) -> None:
    bin_dir.mkdir(parents=True)
    for name in ("pg_dump", "pg_restore"):
        program = bin_dir / name
        program.write_text(f"#!/bin/sh\necho '{name} (PostgreSQL) {version}'\n")
        program.chmod(program.stat().st_mode | stat.S_IXUSR)


def test_client_programs_older_than_the_server_are_refused(tmp_path: Path) -> None:
    _fake_tools(tmp_path / "15", "15.14")
    _fake_tools(tmp_path / "18", "18.6")
    assert dump.find_tools(18, str(tmp_path / "18")).version == "18.6"
    with pytest.raises(dump.DumpError, match="postgresql-client-18"):
        dump.find_tools(18, str(tmp_path / "15"))
    with pytest.raises(dump.DumpError, match="no pg_dump"):
        dump.find_tools(18, str(tmp_path / "none"))
