"""The manifest of a backup set: what ``manifest.json`` records and how its files are checked.

A backup directory holds ``postgres.dump``, ``objects.jsonl`` with ``objects/`` (the bucket),
optionally ``temporal.db``, and ``manifest.json``, written last: a directory without a manifest is
an interrupted backup. Every file the manifest names carries its size and SHA-256, checked before
a restore touches any store. Not responsible for producing or consuming the files themselves.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from pathlib import Path

from pydantic import BaseModel

FORMAT = 1
FILE_NAME = "manifest.json"
_CHUNK = 1024 * 1024


class BackupError(Exception):
    """A backup or restore cannot proceed; the message says why and what to do."""


class FileEntry(BaseModel):
    """One file of the set, relative to its directory."""

    path: str
    bytes: int
    sha256: str


class PostgresPart(BaseModel):
    dump: FileEntry
    server_version: str
    pg_dump_version: str
    migrations: list[str]


class BucketPart(BaseModel):
    bucket: str
    objects: int
    bytes: int
    index: FileEntry


class TemporalPart(BaseModel):
    included: bool
    database: FileEntry | None = None
    note: str = ""


class KeyringPart(BaseModel):
    """The keyring is never in the set: only the key ids the stored secrets need."""

    included: bool = False
    key_ids: list[str]
    note: str


class Manifest(BaseModel):
    format: int
    created_at: datetime
    mango_version: str
    schema_version: int
    postgres: PostgresPart
    bucket: BucketPart | None
    temporal: TemporalPart
    keyring: KeyringPart

    def files(self) -> list[FileEntry]:
        """Every file the set must hold."""
        entries = [self.postgres.dump]
        entries += [self.bucket.index] if self.bucket else []
        entries += [self.temporal.database] if self.temporal.database else []
        return entries


def digest(path: Path) -> tuple[int, str]:
    """``(size, sha256 hex)`` of a file, read in chunks."""
    sha = hashlib.sha256()
    size = 0
    with path.open("rb") as f:
        while chunk := f.read(_CHUNK):
            sha.update(chunk)
            size += len(chunk)
    return size, sha.hexdigest()


def entry(root: Path, path: Path) -> FileEntry:
    """The manifest entry of a file written under ``root``."""
    size, sha = digest(path)
    return FileEntry(path=str(path.relative_to(root)), bytes=size, sha256=sha)


def verify(root: Path, expected: FileEntry) -> Path:
    """The file's path once its size and checksum match the entry."""
    path = root / expected.path
    if not path.is_file():
        raise BackupError(f"{path} is missing from the backup set")
    if digest(path) != (expected.bytes, expected.sha256):
        raise BackupError(f"{path} does not match its checksum in {FILE_NAME}: the set is damaged")
    return path


def write(root: Path, manifest: Manifest) -> None:
    (root / FILE_NAME).write_text(manifest.model_dump_json(indent=2) + "\n")


def read(root: Path) -> Manifest:
    """The set's manifest with every file it names checked."""
    path = root / FILE_NAME
    if not path.is_file():
        raise BackupError(f"no {FILE_NAME} in {root}: not a backup set, or an interrupted backup")
    manifest = Manifest.model_validate_json(path.read_text())
    if manifest.format != FORMAT:
        raise BackupError(f"{path} has format {manifest.format}; this build reads format {FORMAT}")
    for expected in manifest.files():
        verify(root, expected)
    return manifest
