"""The per-Session workspace size quota: measure a workspace while its item runs, report when it is over.

The supervisor measures the disk space a Session's workspace occupies (allocated blocks, so sparse
files count what they really use; symlinks are not followed; hard links count once) every
``interval`` seconds while the item's container runs; :class:`~mango_worker.launcher.DockerLauncher`
stops the item once it is over ``limit_bytes``. A directory the supervisor cannot read counts as
over the quota: an agent must not hide its files from the measurement with ``chmod 000``.

Host-directory workspaces (``--workspace-root``) are measured directly. A Docker volume is measured
at its mountpoint, which the supervisor can read only on the engine's host and as root; otherwise
the quota is not enforced for volumes and a warning says so (``workspace.quota_unenforced``).

Not responsible for: stopping the container (the launcher), the container's other limits
(:mod:`mango_worker.container`) or deleting workspaces.
"""

from __future__ import annotations

import asyncio
import logging
import os
import stat
from dataclasses import dataclass
from typing import Any

from .workspace import Workspace

__all__ = ["QuotaExceeded", "WorkspaceQuota", "workspace_usage"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class QuotaExceeded:
    """Why a workspace is over its quota."""

    usage_bytes: int
    limit_bytes: int
    unreadable: str | None = None


def workspace_usage(path: str) -> tuple[int, str | None]:
    """Bytes allocated under ``path`` and the first directory that could not be read (or None)."""
    total = 0
    seen: set[tuple[int, int]] = set()
    pending = [path]
    while pending:
        folder = pending.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            return total, folder
        for entry in entries:
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if info.st_nlink > 1 and (info.st_dev, info.st_ino) in seen:
                continue
            seen.add((info.st_dev, info.st_ino))
            total += info.st_blocks * 512
            if stat.S_ISDIR(info.st_mode):
                pending.append(entry.path)
    return total, None


class WorkspaceQuota:
    """At most ``limit_bytes`` per Session workspace, checked every ``interval`` seconds."""

    def __init__(self, limit_bytes: int, *, interval: float = 5.0, client: Any = None) -> None:
        if limit_bytes <= 0:
            raise ValueError("the workspace quota must be positive")
        self.limit_bytes = limit_bytes
        self.interval = interval
        self._client = client

    async def locate(self, workspace: Workspace, work_id: str) -> str | None:
        """The workspace's path on this host; None (and the warning) when it cannot be measured at all."""
        path = await asyncio.to_thread(self._host_path, workspace)
        if path is None:
            log.warning(
                "workspace quota not enforced work_id=%s workspace=%s reason=volume mountpoint not readable",
                work_id,
                workspace.source,
                extra={"action": "workspace.quota_unenforced", "work_id": work_id},
            )
        return path

    async def watch(self, path: str) -> QuotaExceeded:
        """Return once the workspace at ``path`` (from :meth:`locate`) is over the quota."""
        while True:
            usage, unreadable = await asyncio.to_thread(workspace_usage, path)
            if usage > self.limit_bytes or unreadable is not None:
                return QuotaExceeded(usage, self.limit_bytes, unreadable)
            await asyncio.sleep(self.interval)

    def _host_path(self, workspace: Workspace) -> str | None:
        if not workspace.is_volume:
            return workspace.source
        if self._client is None:
            return None
        try:
            mountpoint = str(self._client.volumes.get(workspace.source).attrs["Mountpoint"])
        except Exception:
            return None
        return mountpoint if os.access(mountpoint, os.R_OK | os.X_OK) else None
