"""Tearing down a deleted Session's sandbox: the ``session_teardown`` Work item.

When a Session whose Work a worker ever claimed is deleted, the server queues a
``session_teardown`` item naming it (in the transaction that removes the Session's rows).
:class:`SessionTeardown` answers it on the host, without a container:

1. wait, up to ``wait_seconds``, until no item container of that Session runs on this engine (the
   deletion asked the Session's Work to stop, and its token stops working with the Session);
2. remove the Session's workspace: the Docker volume ``mango-session-<session id>``, or the
   directory ``<workspace-root>/<session id>``; one that is already gone counts as removed;
3. Stop the item with ``force``, with the item's own session token.

Logs ``workspace.removed`` (``session_id``, ``work_id``, ``existed``). When a step fails (a
container of the Session still running after the wait, the Engine or the file system refusing the
removal, the API unreachable) it logs ``workspace.teardown_failed`` and leaves the item unstopped:
the server reclaims it once its lease expires and a worker tries again. Only the Session the item
names is touched; kept Sessions keep their workspaces.

Not responsible for Polling or Acking (:mod:`mango_worker.supervisor`) or for the deletion itself
(the server's deletion saga: fence, stop, tear down the sandbox, remove).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shutil
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

from .container import LABEL_PREFIX
from .workspace import VOLUME_PREFIX, validate_session_id

__all__ = ["SessionTeardown", "TeardownError", "teardown_session_id_of"]

log = logging.getLogger(__name__)

KIND = "session_teardown"


class TeardownItem(Protocol):
    """The acknowledged ``session_teardown`` item as the poller yields it."""

    @property
    def id(self) -> str: ...

    @property
    def environment_id(self) -> str: ...

    @property
    def data(self) -> Any: ...

    @property
    def secret(self) -> str | None: ...


class TeardownError(Exception):
    """This attempt cannot finish the teardown; the item is left for a later one."""


def _field(data: Any, name: str) -> object:
    return data.get(name) if isinstance(data, Mapping) else getattr(data, name, None)


def teardown_session_id_of(item: TeardownItem) -> str | None:
    """The deleted Session a ``session_teardown`` item names, or None for any other kind of Work."""
    kind = _field(item.data, "type_")
    kind = kind if kind is not None else _field(item.data, "type")
    ident = _field(item.data, "id")
    return ident if kind == KIND and isinstance(ident, str) else None


class SessionTeardown:
    """Removes a deleted Session's workspace, then Stops its ``session_teardown`` item."""

    def __init__(
        self,
        client: Any,
        workspace_root: Path | None,
        base_url: str,
        *,
        wait_seconds: float = 60.0,
        poll_seconds: float = 1.0,
    ) -> None:
        """Args:
        client: A ``docker.DockerClient`` (or a test double with the same surface).
        workspace_root: Host directory of per-Session workspaces, or None for Docker volumes.
        base_url: The API base URL, as reached from the host.
        wait_seconds: How long a container of the Session may still run before this attempt gives up.
        poll_seconds: How often the running containers are checked meanwhile.
        """
        self._client = client
        self._root = workspace_root
        self._base_url = base_url
        self._wait_seconds = wait_seconds
        self._poll_seconds = poll_seconds

    async def __call__(self, item: TeardownItem) -> None:
        """Tear down the sandbox of the Session ``item`` names; never raises (failures are logged)."""
        session_id = teardown_session_id_of(item)
        extra: dict[str, object] = {"work_id": item.id, "session_id": session_id}
        try:
            if session_id is None:
                raise TeardownError("the item names no Session")
            validate_session_id(session_id)
            await self._wait_for_containers(session_id)
            existed = await asyncio.to_thread(self._remove_workspace, session_id)
            await self._stop(item)
        except Exception as exc:
            log.error(
                "session teardown failed work_id=%s session_id=%s error=%s",
                item.id,
                session_id,
                _describe(exc),
                extra={"action": "workspace.teardown_failed", **extra},
            )
            return
        log.info(
            "workspace removed work_id=%s session_id=%s existed=%s",
            item.id,
            session_id,
            existed,
            extra={"action": "workspace.removed", "existed": existed, **extra},
        )

    async def _wait_for_containers(self, session_id: str) -> None:
        deadline = time.monotonic() + self._wait_seconds
        while running := await asyncio.to_thread(self._running_containers, session_id):
            if time.monotonic() >= deadline:
                raise TeardownError(f"{running} container(s) of the Session still run")
            await asyncio.sleep(self._poll_seconds)

    def _running_containers(self, session_id: str) -> int:
        label = f"{LABEL_PREFIX}.session-id={session_id}"
        return len(self._client.containers.list(filters={"label": label}))

    def _remove_workspace(self, session_id: str) -> bool:
        """Remove the Session's workspace; returns whether there was one."""
        if self._root is None:
            return self._remove_volume(VOLUME_PREFIX + session_id)
        return _remove_directory(self._root.resolve() / session_id)

    def _remove_volume(self, name: str) -> bool:
        import docker.errors

        try:
            volume = self._client.volumes.get(name)
        except docker.errors.NotFound:
            return False
        try:
            volume.remove()
        except docker.errors.NotFound:
            return False
        return True

    async def _stop(self, item: TeardownItem) -> None:
        from mango import AsyncMango, ConflictError
        from mango.lib import decode_work_secret

        secret = decode_work_secret(item.secret)
        async with AsyncMango(base_url=self._base_url, api_key=secret.sessions_token) as api:
            with contextlib.suppress(ConflictError):  # stopped already (a retry after a lost answer)
                await api.environments.work.stop(item.environment_id, item.id, force=True)


def _remove_directory(path: Path) -> bool:
    """Remove a per-Session directory without following links out of it; True when it existed."""
    if not os.path.lexists(path):
        return False
    if path.is_symlink() or not path.is_dir():
        path.unlink()  # never what prepare_workspace makes: remove the entry itself, not its target
        return True
    shutil.rmtree(path)  # does not follow symbolic links (fd-based on Linux)
    return True


def _describe(exc: BaseException) -> str:
    """A short description of a failure: its type, and the message of the worker's own errors only."""
    if isinstance(exc, TeardownError | ValueError):
        return f"{type(exc).__name__}: {exc}"
    if isinstance(exc, OSError) and exc.strerror:
        return f"{type(exc).__name__}: {exc.strerror} ({exc.filename})"
    return type(exc).__name__
