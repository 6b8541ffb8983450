"""The local half of Memory Store sync: mount planning, the mount folder, its files and its marker.

- ``plan_mounts`` turns the Session's frozen attachments into ``StoreMount``s. A mount path must be
  absolute and normalised (else ``InputFailed``); with a ``memory_root``, paths under
  ``/mnt/memory`` are remapped below it (for launchers without a container filesystem).
- ``MountFolder`` reads and writes one store's folder without following symlinks it did not make:
  every write goes to a temporary sibling and is renamed into place; parent folders must be real
  folders inside the mount. The marker file (``.mango-memory-<store id>.json``) records the store and
  the sha baseline; the kit rewrites it after each pass and distrusts the folder once it differs.

Lifecycle: one ``MountFolder`` per attached store and item, owned by ``MemorySync``. Not
responsible for talking to the API or deciding who wins a conflict (``_memory``).
"""

from __future__ import annotations

import hashlib
import json
import os
import posixpath
import secrets
import shutil
import stat
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from mango._generated.models import SessionResource

from ._exceptions import InputFailed, InputUnavailable

__all__ = ["DEFAULT_MOUNT_ROOT", "MAX_MEMORY_BYTES", "MountFolder", "StoreMount", "plan_mounts", "valid_memory_path"]

DEFAULT_MOUNT_ROOT = "/mnt/memory"
MAX_MEMORY_BYTES = 102_400
MARKER_PREFIX = ".mango-memory-"
TMP_PREFIX = ".mango-tmp-"


@dataclass(frozen=True)
class StoreMount:
    """One attached store and the local folder mirroring it."""

    store_id: str
    name: str
    read_only: bool
    mount_path: str
    directory: Path


def _default_mount(name: str) -> str:
    safe = "".join(c if c.isascii() and (c.isalnum() or c in "._-") else "_" for c in name)
    return f"{DEFAULT_MOUNT_ROOT}/{safe}"


def _local_directory(mount_path: str, memory_root: Path | None) -> Path:
    if memory_root is not None and (mount_path + "/").startswith(DEFAULT_MOUNT_ROOT + "/"):
        rest = mount_path[len(DEFAULT_MOUNT_ROOT) :].lstrip("/")
        return Path(memory_root, rest) if rest else Path(memory_root)
    return Path(mount_path)


def plan_mounts(resources: Iterable[SessionResource], memory_root: str | os.PathLike[str] | None) -> list[StoreMount]:
    """The local folders of the attached stores; an unusable frozen declaration is permanent."""
    root = Path(memory_root) if memory_root is not None else None
    mounts: list[StoreMount] = []
    for index, resource in enumerate(resources):
        access = str(getattr(resource.access, "value", resource.access))
        if access not in ("read_only", "read_write"):
            raise InputFailed(f"resources[{index}]: unknown access {access!r}")
        mount_path = resource.mount_path or _default_mount(resource.name)
        if not mount_path.startswith("/") or posixpath.normpath(mount_path) != mount_path or mount_path == "/":
            raise InputFailed(f"resources[{index}]: mount path {mount_path!r} is not a usable absolute path")
        directory = _local_directory(mount_path, root)
        for other in mounts:
            if _overlaps(other.mount_path, mount_path):
                raise InputFailed(f"resources[{index}]: mount path {mount_path!r} overlaps {other.mount_path!r}")
        mounts.append(StoreMount(resource.memory_store_id, resource.name, access == "read_only", mount_path, directory))
    return mounts


def _overlaps(a: str, b: str) -> bool:
    return a == b or (a + "/").startswith(b + "/") or (b + "/").startswith(a + "/")


def valid_memory_path(path: str) -> bool:
    """The server's memory path rules (relative, ``/``-separated, bounded), checked before any upload."""
    if not path or len(path.encode()) > 1024 or "\\" in path or any(ord(c) < 32 or ord(c) == 127 for c in path):
        return False
    parts = path.split("/")
    return len(parts) <= 64 and all(p not in ("", ".", "..") and len(p.encode()) <= 255 for p in parts)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class MountFolder:
    """One store's local folder: scan, read, write, remove, and the marker."""

    def __init__(self, mount: StoreMount) -> None:
        self.mount = mount
        self.directory = mount.directory
        self.marker_name = f"{MARKER_PREFIX}{mount.store_id}.json"
        self.real: str | None = None
        self._marker: bytes | None = None
        self._nonce = secrets.token_hex(16)

    # ------------------------------------------------------------ setup
    def prepare(self) -> None:
        """Create the folder, or empty it when a previous activation of this store left it; refuse anything else."""
        try:
            info = os.lstat(self.directory)
        except FileNotFoundError:
            os.makedirs(self.directory, mode=0o755)
            info = os.lstat(self.directory)
        if not stat.S_ISDIR(info.st_mode):
            raise InputUnavailable(f"memory mount {self.mount.mount_path} is not a folder")
        entries = os.listdir(self.directory)
        if entries and not self._previous_marker():
            raise InputUnavailable(f"memory mount {self.mount.mount_path} is not empty and was not prepared by the kit")
        for entry in entries:
            path = self.directory / entry
            if os.path.isdir(path) and not os.path.islink(path):
                shutil.rmtree(path)
            else:
                os.unlink(path)
        self.real = os.path.realpath(self.directory)

    def _previous_marker(self) -> bool:
        try:
            data = json.loads(self._read_raw(self.marker_name) or b"null")
        except ValueError:
            return False
        return isinstance(data, dict) and data.get("memory_store_id") == self.mount.store_id

    # ------------------------------------------------------------ marker
    def write_marker(self, baseline: Mapping[str, str]) -> None:
        """Record the store and its sha baseline; the bytes are kept to detect any later change."""
        body = {"memory_store_id": self.mount.store_id, "nonce": self._nonce, "baseline": dict(baseline)}
        data = json.dumps(body, indent=1, sort_keys=True).encode()
        self._replace(self.directory / self.marker_name, data)
        self._marker = data

    def trusted(self) -> bool:
        """The folder is still the one the kit prepared and its marker is exactly what the kit wrote."""
        if self._marker is None or self.real is None:
            return False
        try:
            if os.path.islink(self.directory) or os.path.realpath(self.directory) != self.real:
                return False
        except OSError:
            return False
        return self._read_raw(self.marker_name) == self._marker

    # ------------------------------------------------------------ files
    def scan(self) -> dict[str, str]:
        """``{memory path: sha256}`` of the regular files that can be memories (symlinks are skipped)."""
        found: dict[str, str] = {}
        for folder, dirs, files in os.walk(self.directory, followlinks=False):
            dirs[:] = [d for d in dirs if not os.path.islink(os.path.join(folder, d))]
            for name in files:
                full = os.path.join(folder, name)
                path = os.path.relpath(full, self.directory).replace(os.sep, "/")
                if name.startswith(TMP_PREFIX) or path == self.marker_name or not valid_memory_path(path):
                    continue
                data = self.read(path)
                if data is not None and len(data) <= MAX_MEMORY_BYTES:
                    found[path] = sha256(data)
        return found

    def read(self, path: str) -> bytes | None:
        """The bytes of a regular file at ``path`` inside the folder, or ``None``."""
        if not self._inside(path):
            return None
        return self._read_raw(path)

    def _read_raw(self, path: str) -> bytes | None:
        try:
            fd = os.open(self.directory / path, os.O_RDONLY | os.O_NOFOLLOW)
        except OSError:
            return None
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return None
            return handle.read(MAX_MEMORY_BYTES + 1)

    def write(self, path: str, content: str) -> bool:
        """Write a memory's content at ``path``; False (nothing written) when the path is unsafe here."""
        if not valid_memory_path(path) or path == self.marker_name:
            return False
        target = self.directory / path
        parent = self.directory
        for segment in path.split("/")[:-1]:
            parent = parent / segment
            if not os.path.lexists(parent):
                os.mkdir(parent, 0o755)
            elif os.path.islink(parent) or not os.path.isdir(parent):
                return False
        if not self._inside(path):
            return False
        self._replace(target, content.encode())
        return True

    def remove(self, path: str) -> None:
        """Remove the file at ``path`` (a symlink is removed, never followed)."""
        if self._inside(path) and os.path.lexists(self.directory / path):
            os.unlink(self.directory / path)

    def _inside(self, path: str) -> bool:
        base = self.real or os.path.realpath(self.directory)
        parent = os.path.realpath(os.path.dirname(os.path.join(base, path)))
        return parent == base or parent.startswith(base + os.sep)

    @staticmethod
    def _replace(target: Path, data: bytes) -> None:
        tmp = target.with_name(f"{TMP_PREFIX}{secrets.token_hex(8)}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            if os.path.isdir(target) and not os.path.islink(target):
                shutil.rmtree(target)
            os.replace(tmp, target)
        except BaseException:
            if os.path.lexists(tmp):
                os.unlink(tmp)
            raise
