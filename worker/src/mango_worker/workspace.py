"""Per-Session workspaces: where a Session's files live between Work activations.

With ``--workspace-root DIR`` each Session gets the host directory ``DIR/<session_id>``, created
on first use and owned by the container user (65532) so the unprivileged item runner can write
it; the operator can read, stage and collect files there. Without it, each Session gets a Docker
named volume ``mango-session-<session_id>`` (Docker seeds an empty volume with the image's
``/workspace`` ownership).

Not responsible for: deleting workspaces (the operator's retention choice) or mounting them
(:mod:`mango_worker.container`).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from .container import CONTAINER_UID

__all__ = ["Workspace", "prepare_workspace", "validate_session_id"]

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
        # Without root the directory cannot be given to uid 65532; let the container user write it.
        path.chmod(0o777)
    return Workspace(str(path), is_volume=False)
