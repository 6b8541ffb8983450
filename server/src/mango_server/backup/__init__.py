"""Operator backup and restore of a quiesced Mango: ``mango admin backup DIR`` and ``mango admin restore DIR``.

A backup set is one directory: the PostgreSQL dump, the bucket's objects, the embedded Temporal's
database when asked for, and a manifest with versions, the schema version and every checksum.
The keyring is never copied into it. Not responsible for stopping or starting the roles (the
operator does; ``store.presence`` refuses to run while they are live) or for external Temporal
clusters (documented in ``docs/operations.md``).
"""

from __future__ import annotations

from mango_server.backup._manifest import BackupError, Manifest
from mango_server.backup._run import Options, Restored, backup, restore

__all__ = ["BackupError", "Manifest", "Options", "Restored", "backup", "restore"]
