"""``mango admin backup`` and ``restore``: the steps, in order, under the roles' exclusive lock.

Backup: refuse a non-empty directory; hold the database quiet (``store.presence``: refused while
any api or orchestrator is live); prove the embedded Temporal stopped; dump PostgreSQL, copy the
bucket and Temporal's database; write ``manifest.json`` last. Restore: check every checksum of
the set and that the configured keyring holds each key id the stored secrets use, then check
that every target store is empty (``force`` overwrites), then load PostgreSQL, the bucket and
Temporal's database. Not responsible for argument parsing or printing (``cli``).
"""

from __future__ import annotations

import asyncio
import shutil
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from mango_server import keyring
from mango_server.app import keyring_admin
from mango_server.backup import _bucket, _manifest, _temporal
from mango_server.backup._manifest import BackupError, BucketPart, KeyringPart, Manifest, PostgresPart, TemporalPart
from mango_server.settings import Settings
from mango_server.store import dump, presence
from mango_server.store.migrate import migration_number

DUMP_FILE = "postgres.dump"
_KEYRING_NOTE = (
    "the keyring is not in the backup set: keep MANGO_KEYRING_FILE with it, separately and securely; "
    "without these keys the stored webhook and vault secrets cannot be decrypted"
)
_EXTERNAL_TEMPORAL = (
    "not included: an external Temporal is backed up with its persistence's own tools while Mango is quiesced "
    "(docs/operations.md)"
)


@dataclass(frozen=True)
class Options:
    """What the operator passed: the set's directory and where the stores are that settings do not name."""

    directory: Path
    temporal_db: Path | None = None
    pg_bin: str | None = None
    force: bool = False


def _mango_version() -> str:
    try:
        return version("mango-server")
    except PackageNotFoundError:
        return "0+unknown"


async def backup(settings: Settings, options: Options) -> Manifest:
    """Write a backup set of every store Mango reaches into ``options.directory``."""
    root = options.directory
    if root.exists() and (not root.is_dir() or any(root.iterdir())):
        raise BackupError(f"{root} exists and is not an empty directory")
    async with presence.quiet(settings.database_url, "backup"):
        key_ids = sorted(await keyring_admin.usage(settings.database_url))
        root.mkdir(parents=True, exist_ok=True)
        try:
            manifest = await asyncio.to_thread(_back_up_stores, settings, options, key_ids)
        except BaseException:
            # The directory was empty: everything in it is this attempt's, and a set without a
            # manifest is unusable anyway.
            for child in root.iterdir():
                shutil.rmtree(child) if child.is_dir() else child.unlink()
            raise
    _manifest.write(root, manifest)
    return manifest


def _back_up_stores(settings: Settings, options: Options, key_ids: list[str]) -> Manifest:
    root, url = options.directory, settings.database_url
    if options.temporal_db is not None:
        _temporal.check_stopped(options.temporal_db)  # before the long copies, not after them
    tools = dump.find_tools(dump.server_major(url), options.pg_bin)
    facts = dump.facts(url)
    dump.dump(tools, url, root / DUMP_FILE)
    postgres = PostgresPart(
        dump=_manifest.entry(root, root / DUMP_FILE),
        server_version=facts.server_version,
        pg_dump_version=tools.version,
        migrations=facts.migrations,
    )
    bucket: BucketPart | None = None
    if _bucket.configured(settings):
        objects = _bucket.export(_bucket.client(settings), settings.s3_bucket, root)
        index = _manifest.entry(root, root / _bucket.INDEX)
        total = sum(o.bytes for o in objects)
        bucket = BucketPart(bucket=settings.s3_bucket, objects=len(objects), bytes=total, index=index)
    temporal = TemporalPart(included=False, note=_EXTERNAL_TEMPORAL)
    if options.temporal_db is not None:
        copy = _temporal.export(options.temporal_db, root)
        temporal = TemporalPart(included=True, database=_manifest.entry(root, copy), note="the dev server's SQLite")
    return Manifest(
        format=_manifest.FORMAT,
        created_at=datetime.now(UTC),
        mango_version=_mango_version(),
        schema_version=max((migration_number(m) for m in facts.migrations), default=0),
        postgres=postgres,
        bucket=bucket,
        temporal=temporal,
        keyring=KeyringPart(key_ids=key_ids, note=_KEYRING_NOTE),
    )


@dataclass(frozen=True)
class Restored:
    """What a restore loaded, and how many stored secrets it decrypted with the configured keyring."""

    manifest: Manifest
    secrets_verified: int


async def restore(settings: Settings, options: Options) -> Restored:
    """Load the set in ``options.directory`` into the configured (empty, unless ``force``) stores.

    Every stored webhook and vault secret is then decrypted once with the configured keyring, so a
    wrong keyring is found now rather than by the first delivery or MCP connection.
    """
    manifest = await asyncio.to_thread(_manifest.read, options.directory)
    _check_temporal_option(manifest, options)
    ring = _check_keyring(settings, manifest)
    async with presence.quiet(settings.database_url, "restore"):
        await asyncio.to_thread(_restore_stores, settings, options, manifest)
        try:
            verified = await keyring_admin.verify(settings.database_url, ring) if ring else 0
        except keyring.KeyringError as exc:
            raise BackupError(f"restored, but a stored secret does not decrypt with the keyring: {exc}") from None
    return Restored(manifest, verified)


def _check_temporal_option(manifest: Manifest, options: Options) -> None:
    if manifest.temporal.included and options.temporal_db is None:
        raise BackupError("the set holds the embedded Temporal's database: pass --temporal-db FILE (server stopped)")
    if not manifest.temporal.included and options.temporal_db is not None:
        raise BackupError("the set holds no Temporal database (it was taken from an external Temporal)")


def _check_keyring(settings: Settings, manifest: Manifest) -> keyring.Keyring | None:
    """The configured keyring, which must hold every key id the set's secrets use (None: none needed)."""
    needed = manifest.keyring.key_ids
    if not needed:
        return None
    if not settings.keyring_file:
        raise BackupError(f"stored secrets use keys {', '.join(needed)}: set MANGO_KEYRING_FILE to the kept keyring")
    ring = keyring.load(Path(settings.keyring_file))
    missing = [k for k in needed if k not in {entry.id for entry in ring.keys}]
    if missing:
        raise BackupError(f"the keyring {settings.keyring_file} lacks {', '.join(missing)}, which stored secrets use")
    return ring


def _restore_stores(settings: Settings, options: Options, manifest: Manifest) -> None:
    root, url = options.directory, settings.database_url
    tools = dump.find_tools(dump.server_major(url), options.pg_bin)
    if tools.major < int(manifest.postgres.pg_dump_version.split(".")[0]):
        raise BackupError(
            f"pg_restore {tools.version} cannot read a dump by pg_dump {manifest.postgres.pg_dump_version}"
        )
    s3 = _bucket.client(settings) if manifest.bucket else None
    filled = []
    if dump.relation_count(url) > 0:
        filled.append("the database")
    if s3 is not None and _bucket.holds_objects(s3, settings.s3_bucket):
        filled.append(f"bucket {settings.s3_bucket}")
    if options.temporal_db is not None and _temporal.in_use_or_filled(options.temporal_db):
        filled.append(f"Temporal's database {options.temporal_db}")
    if filled and not options.force:
        raise BackupError(f"{' and '.join(filled)} already hold data; restore into fresh stores or pass --force")
    dump.restore(tools, url, root / manifest.postgres.dump.path, clean=options.force)
    if s3 is not None:
        _bucket.load(s3, settings.s3_bucket, root, _bucket.read_index(root))
    if manifest.temporal.database is not None and options.temporal_db is not None:
        _temporal.load(root / manifest.temporal.database.path, options.temporal_db)
