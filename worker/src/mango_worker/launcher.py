"""Run one Work item in one hardened container, from creation to removal.

Lifecycle of :meth:`DockerLauncher.run`: remove a leftover container of the same Work item (a
previous attempt whose lease was reclaimed), create the container from
:func:`~mango_worker.container.container_config`, attach its stdin, start it, write the framed
secret and close stdin, then wait for it to exit. If the calling task is cancelled (supervisor
shutdown) the container gets SIGTERM and up to ``stop_grace`` seconds to end its item gracefully
before SIGKILL. The container is always removed at the end.

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

from .container import ItemIds, Limits, Network, container_config, container_name, frame_secret
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
    ) -> None:
        """Args:
        client: A ``docker.DockerClient`` (or a test double with the same surface).
        image: The runtime image reference.
        limits: Resource limits applied to every container.
        network: The forwarder's socket directory and the tools' network mode.
        stop_grace: Seconds a cancelled container gets between SIGTERM and SIGKILL.
        max_idle: Seconds an item runner keeps an idle Session's item before ending it.
        """
        self._client = client
        self._image = image
        self._limits = limits
        self._network = network
        self._stop_grace = stop_grace
        self._max_idle = max_idle

    async def run(self, ids: ItemIds, workspace: Workspace, secret: str) -> ItemOutcome:
        """Run the item runner for one acknowledged Work item and return how it ended."""
        framed = frame_secret(secret)
        await asyncio.to_thread(self._remove_leftover, ids.work_id)
        config = container_config(
            self._image, ids, self._limits, workspace.source, network=self._network, max_idle=self._max_idle
        )
        try:
            container = await asyncio.to_thread(self._client.containers.create, **config)
        except Exception as exc:
            raise LaunchError(f"creating the container failed: {type(exc).__name__}") from None
        cancelled = False
        starting = asyncio.ensure_future(asyncio.to_thread(self._start_and_feed, container, framed))
        try:
            try:
                exit_code = await self._start_and_wait(starting, container, ids)
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
        return ItemOutcome(exit_code, cancelled, tail)

    async def _start_and_wait(self, starting: asyncio.Future[None], container: Any, ids: ItemIds) -> int:
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
        return await asyncio.shield(asyncio.to_thread(self._wait, container))

    async def _stop(self, container: Any, ids: ItemIds) -> int:
        log.info(
            "stopping container work_id=%s grace_seconds=%s",
            ids.work_id,
            self._stop_grace,
            extra={"action": "container.stopping", "work_id": ids.work_id},
        )
        # Shutdown must not be cut short by a second cancellation: the item needs its grace period.
        return await _uncancellable(asyncio.ensure_future(asyncio.to_thread(self._stop_and_wait, container)))

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

    def _stop_and_wait(self, container: Any) -> int:
        with contextlib.suppress(Exception):
            container.stop(timeout=int(self._stop_grace))
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
