"""Per-Session workspaces: where a Session's files live between Work activations.

With ``--workspace-root DIR`` each Session gets the host directory ``DIR/<session_id>``, created
on first use and owned by the container user (65532) so the unprivileged item runner can write
it; the operator can read, stage and collect files there. A supervisor that is not root cannot
give the directory away, so it keeps it (mode 0700 for everyone else) and grants uid 65532 and
itself access through POSIX ACLs, inherited by everything created inside; a file system without
ACLs is refused rather than opened to every local user. Without it, each Session gets a Docker
named volume ``mango-session-<session_id>`` (Docker seeds an empty volume with the image's
``/workspace`` ownership).

Not responsible for: deleting workspaces (the operator's retention choice) or mounting them
(:mod:`mango_worker.container`).
"""

from __future__ import annotations

import os
import re
import struct
from dataclasses import dataclass
from pathlib import Path

from .container import CONTAINER_UID

__all__ = ["Workspace", "prepare_workspace", "validate_session_id"]

# The kernel's POSIX ACL extended attribute (linux/posix_acl_xattr.h): version 2, then
# (tag, perm, id) entries sorted by tag and id; "other" gets nothing.
_ACL_VERSION = 2
_ACL_USER_OBJ, _ACL_USER, _ACL_GROUP_OBJ, _ACL_MASK, _ACL_OTHER = 0x01, 0x02, 0x04, 0x10, 0x20
_ACL_UNDEFINED_ID = 0xFFFFFFFF
_RWX = 7

_SESSION_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
VOLUME_PREFIX = "mango-session-"


@dataclass(frozen=True)
class Workspace:
    """Where one Session's workspace lives on the host."""

    source: str
    is_volume: bool


def validate_session_id(session_id: str) -> str:
    """Return ``session_id`` if it is safe as a path component and volume name, else raise ValueError."""
    if not _SESSION_ID.match(session_id):
        raise ValueError("session id is not a safe workspace name")
    return session_id


def prepare_workspace(session_id: str, root: Path | None) -> Workspace:
    """Create (or reuse) the Session's workspace and return how to mount it.

    Args:
        session_id: The Session id; validated before it becomes a path or volume name.
        root: The host directory holding per-Session directories, or None for Docker volumes.
    """
    validate_session_id(session_id)
    if root is None:
        return Workspace(VOLUME_PREFIX + session_id, is_volume=True)
    root = root.resolve()
    root.mkdir(parents=True, exist_ok=True)
    path = root / session_id
    try:
        path.mkdir(mode=0o750)
        created = True
    except FileExistsError:
        created = False
    if path.is_symlink() or not path.is_dir():
        raise ValueError(f"workspace {path} is not a directory")
    if created and os.geteuid() == 0:
        os.chown(path, CONTAINER_UID, CONTAINER_UID)
    elif created:
        _share_with_container(path)
    return Workspace(str(path), is_volume=False)


def _acl(users: list[int]) -> bytes:
    entries = [(_ACL_USER_OBJ, _RWX, _ACL_UNDEFINED_ID)]
    entries += [(_ACL_USER, _RWX, uid) for uid in sorted(set(users))]
    entries += [(_ACL_GROUP_OBJ, 0, _ACL_UNDEFINED_ID), (_ACL_MASK, _RWX, _ACL_UNDEFINED_ID)]
    entries.append((_ACL_OTHER, 0, _ACL_UNDEFINED_ID))
    return struct.pack("<I", _ACL_VERSION) + b"".join(struct.pack("<HHI", *entry) for entry in entries)


def _share_with_container(path: Path) -> None:
    """Without root the directory cannot be given to uid 65532: grant it (and this user) by ACL only."""
    path.chmod(0o700)
    acl = _acl([CONTAINER_UID, os.geteuid()])
    try:
        os.setxattr(path, "system.posix_acl_access", acl)
        # The default ACL makes files the container creates readable and removable by the operator.
        os.setxattr(path, "system.posix_acl_default", acl)
    except OSError as exc:
        path.rmdir()
        raise ValueError(
            f"workspace {path}: cannot grant uid {CONTAINER_UID} access without root ({exc.strerror}); "
            "use a file system with POSIX ACLs, run the supervisor as root, or omit --workspace-root"
        ) from exc
