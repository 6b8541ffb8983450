"""Run one Work item in one hardened container, from creation to removal.

Lifecycle of :meth:`DockerLauncher.run`: remove a leftover container of the same Work item (a
previous attempt whose lease was reclaimed), create the container from
:func:`~mango_worker.container.container_config`, attach its stdin, start it, write the framed
secret and close stdin, then wait for it to exit. If the calling task is cancelled (supervisor
shutdown) the container gets SIGTERM and up to ``stop_grace`` seconds to end its item gracefully
before SIGKILL. With a :class:`~mango_worker.quota.WorkspaceQuota`, the Session's workspace is
measured while the container runs; once it is over the quota the container gets SIGTERM (the item
runner reports the call in progress as cut short and Stops the item) and ``quota_grace`` seconds
before SIGKILL (log ``workspace.quota_exceeded``). The container is always removed at the end.

Docker's SDK is synchronous, so every Engine call runs in a worker thread. Container output is
untrusted: it is only ever logged as a bounded, sanitised tail, never raised verbatim.

Not responsible for: Polling or Acking (:mod:`mango_worker.supervisor`), leases, heartbeats or
Stop (the item runner inside the container).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from dataclasses import dataclass
from typing import Any, TypeVar

from .container import EgressMount, ItemIds, Limits, Network, container_config, container_name, frame_secret
from .quota import QuotaExceeded, WorkspaceQuota
from .workspace import Workspace

__all__ = ["DockerLauncher", "ItemOutcome", "LaunchError", "sanitize_tail"]

log = logging.getLogger(__name__)

TAIL_BYTES = 2048
T = TypeVar("T")


class LaunchError(Exception):
    """The Engine could not create, start or feed the item container."""


@dataclass(frozen=True)
class ItemOutcome:
    """How one item container ended."""

    exit_code: int
    cancelled: bool
    tail: str
    quota_exceeded: QuotaExceeded | None = None


class DockerLauncher:
    """Creates, feeds, waits for and removes item containers on one Docker Engine."""

    def __init__(
        self,
        client: Any,
        image: str,
        limits: Limits,
        network: Network,
        *,
        stop_grace: float = 120.0,
        max_idle: float = 60.0,
        quota: WorkspaceQuota | None = None,
        quota_grace: float = 10.0,
        tool_deadline: float = 60.0,
    ) -> None:
        """Args:
        client: A ``docker.DockerClient`` (or a test double with the same surface).
        image: The runtime image reference.
        limits: Resource limits applied to every container.
        network: The forwarder's socket directory and the tools' network mode.
        stop_grace: Seconds a cancelled container gets between SIGTERM and SIGKILL.
        max_idle: Seconds an item runner keeps an idle Session's item before ending it.
        quota: The per-Session workspace size quota, or None for none.
        quota_grace: Seconds between SIGTERM and SIGKILL for an item over its quota (short: its
            tools may still be writing).
        tool_deadline: Seconds a built-in file tool call may take inside the container.
        """
        self._client = client
        self._image = image
        self._limits = limits
        self._network = network
        self._stop_grace = stop_grace
        self._max_idle = max_idle
        self._quota = quota
        self._quota_grace = quota_grace
        self._tool_deadline = tool_deadline

    async def run(
        self, ids: ItemIds, workspace: Workspace, secret: str, *, egress: EgressMount | None = None
    ) -> ItemOutcome:
        """Run the item runner for one acknowledged Work item and return how it ended.

        ``egress`` is the item's egress proxy under the ``proxy`` tool network (None otherwise).
        """
        framed = frame_secret(secret)
        await asyncio.to_thread(self._remove_leftover, ids.work_id)
        config = container_config(
            self._image,
            ids,
            self._limits,
            workspace.source,
            network=self._network,
            max_idle=self._max_idle,
            tool_deadline=self._tool_deadline,
            egress=egress,
        )
        try:
            container = await asyncio.to_thread(self._client.containers.create, **config)
        except Exception as exc:
            raise LaunchError(f"creating the container failed: {type(exc).__name__}") from None
        cancelled = False
        exceeded: QuotaExceeded | None = None
        starting = asyncio.ensure_future(asyncio.to_thread(self._start_and_feed, container, framed))
        try:
            try:
                exit_code, exceeded = await self._start_and_wait(starting, container, ids, workspace)
            except asyncio.CancelledError:
                cancelled = True
                with contextlib.suppress(Exception):
                    await _uncancellable(starting)
                exit_code = await self._stop(container, ids)
            tail = await asyncio.to_thread(self._tail, container)
        finally:
            await asyncio.shield(asyncio.to_thread(self._remove, container))
        log.info(
            "container exited work_id=%s exit_code=%s cancelled=%s",
            ids.work_id,
            exit_code,
            cancelled,
            extra={"action": "container.exited", "work_id": ids.work_id, "exit_code": exit_code},
        )
        if exit_code != 0:
            log.warning("item runner output tail work_id=%s tail=%r", ids.work_id, tail)
        if cancelled:
            raise asyncio.CancelledError
        return ItemOutcome(exit_code, cancelled, tail, exceeded)

    async def _start_and_wait(
        self, starting: asyncio.Future[None], container: Any, ids: ItemIds, workspace: Workspace
    ) -> tuple[int, QuotaExceeded | None]:
        # Shielded: a cancellation arriving mid-start lets the start finish (run() waits for it), so
        # _stop then finds a started container to give its grace period.
        try:
            await asyncio.shield(starting)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            raise LaunchError(f"starting the container failed: {type(exc).__name__}") from None
        log.info(
            "container started work_id=%s container=%s",
            ids.work_id,
            container.short_id,
            extra={"action": "container.started", "work_id": ids.work_id, "session_id": ids.session_id},
        )
        waiting = asyncio.ensure_future(asyncio.to_thread(self._wait, container))
        if self._quota is None:
            return await asyncio.shield(waiting), None
        exceeded = await self._watch_quota(waiting, workspace, ids)
        if exceeded is None:
            return await asyncio.shield(waiting), None
        return await self._stop(container, ids, self._quota_grace), exceeded

    async def _watch_quota(
        self, waiting: asyncio.Future[int], workspace: Workspace, ids: ItemIds
    ) -> QuotaExceeded | None:
        """Wait until the container exits (None) or its workspace goes over the quota."""
        assert self._quota is not None
        # Located before the race with the container's exit, so a short item still gets the warning
        # that its workspace cannot be measured.
        path = await self._quota.locate(workspace, ids.work_id)
        if path is None:
            return None
        watching = asyncio.ensure_future(self._quota.watch(path))
        either: list[asyncio.Future[Any]] = [waiting, watching]
        try:
            await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
        finally:
            if not watching.done():
                watching.cancel()
        if waiting.done() or watching.cancelled():
            return None
        exceeded = watching.result()
        log.warning(
            "workspace over quota work_id=%s session_id=%s usage_bytes=%s limit_bytes=%s unreadable=%s",
            ids.work_id,
            ids.session_id,
            exceeded.usage_bytes,
            exceeded.limit_bytes,
            exceeded.unreadable is not None,
            extra={"action": "workspace.quota_exceeded", "work_id": ids.work_id, "session_id": ids.session_id},
        )
        return exceeded

    async def _stop(self, container: Any, ids: ItemIds, grace: float | None = None) -> int:
        grace = self._stop_grace if grace is None else grace
        log.info(
            "stopping container work_id=%s grace_seconds=%s",
            ids.work_id,
            grace,
            extra={"action": "container.stopping", "work_id": ids.work_id},
        )
        # Shutdown must not be cut short by a second cancellation: the item needs its grace period.
        return await _uncancellable(asyncio.ensure_future(asyncio.to_thread(self._stop_and_wait, container, grace)))

    def _remove_leftover(self, work_id: str) -> None:
        import docker.errors

        try:
            old = self._client.containers.get(container_name(work_id))
        except docker.errors.NotFound:
            return
        log.info(
            "removing leftover container work_id=%s",
            work_id,
            extra={"action": "container.leftover_removed", "work_id": work_id},
        )
        old.remove(force=True)

    @staticmethod
    def _start_and_feed(container: Any, framed: bytes) -> None:
        stream = container.attach_socket(params={"stdin": 1, "stream": 1})
        sock = _raw_socket(stream)
        try:
            container.start()
            sock.sendall(framed)
            # Half-close: with stdin_once the Engine closes the item runner's stdin at our EOF.
            sock.shutdown(socket.SHUT_WR)
        finally:
            with contextlib.suppress(OSError):
                stream.close()
            with contextlib.suppress(OSError):
                sock.close()

    def _wait(self, container: Any) -> int:
        result = container.wait()
        return int(result.get("StatusCode", -1))

    def _stop_and_wait(self, container: Any, grace: float) -> int:
        with contextlib.suppress(Exception):
            container.stop(timeout=int(grace))
        try:
            return self._wait(container)
        except Exception:
            return -1

    @staticmethod
    def _tail(container: Any) -> str:
        try:
            raw = container.logs(stdout=True, stderr=True, tail=50)
        except Exception:
            return ""
        return sanitize_tail(raw if isinstance(raw, bytes) else b"")

    @staticmethod
    def _remove(container: Any) -> None:
        with contextlib.suppress(Exception):
            container.remove(force=True)


async def _uncancellable(future: asyncio.Future[T]) -> T:
    """Wait for ``future`` to finish even when the waiting task is cancelled meanwhile."""
    while True:
        try:
            return await asyncio.shield(future)
        except asyncio.CancelledError:
            if future.done():
                return future.result()
            continue


def _raw_socket(stream: Any) -> socket.socket:
    # docker-py wraps the hijacked connection in a SocketIO; the socket underneath can half-close.
    sock = getattr(stream, "_sock", stream)
    if not isinstance(sock, socket.socket):
        raise LaunchError("the Engine attach stream is not a socket")
    return sock


def sanitize_tail(raw: bytes, limit: int = TAIL_BYTES) -> str:
    """The last ``limit`` bytes of untrusted output as printable text (control characters escaped)."""
    text = raw[-limit:].decode("utf-8", errors="replace")
    return "".join(ch if ch.isprintable() or ch in "\n\t" else f"\\x{ord(ch):02x}" for ch in text)
