"""Live MCP client sessions kept open between operations: a bounded cache with idle expiry.

An MCP client session (``initialize`` done, its transport open) is kept per key, which the
connector makes of (Session execution row, normalised server URL, transport, digest of the token):
a Session's Thread reuses one session for its discovery and all its calls to a server, and a new
token (a refresh) opens a new session and closes the one of the old token. At most ``max_entries``
sessions live at once (the least recently used is closed first), and a session unused for
``idle_seconds`` is closed by a sweeper; a session with an operation in progress is never closed
for being idle or old.

Each session is owned by a task of its own (:class:`_Live`): the ``mcp`` SDK's transports are anyio
task groups, which must be entered and left by the same task, while operations come from many
activity tasks. An operation runs beside its owner: if the owner ends first (the server closed
the stream), the operation is cancelled and reported as a lost connection.

Not responsible for the egress guard, credentials or what a failure means (``tools.mcp_connector``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from typing import Generic, TypeVar

from mcp import Client

__all__ = ["ConnectionLost", "LiveSessions"]

log = logging.getLogger(__name__)

T = TypeVar("T")
A = TypeVar("A")
Key = tuple[str, ...]

_CLOSE_GRACE_SECONDS = 5.0


class ConnectionLost(Exception):
    """The session's transport ended while an operation was using it."""


class _Live(Generic[A]):
    """One open client session, owned by its own task, with the context it was opened with."""

    def __init__(self, opener: Callable[[], AbstractAsyncContextManager[Client]], context: A) -> None:
        self.context = context
        self.ready: asyncio.Future[Client] = asyncio.get_running_loop().create_future()
        self.used = time.monotonic()
        self.busy = 0  # operations in progress (opening included): a busy session is never idle
        self._stop = asyncio.Event()
        self.task = asyncio.create_task(self._own(opener), name="mcp-session")

    async def _own(self, opener: Callable[[], AbstractAsyncContextManager[Client]]) -> None:
        try:
            async with opener() as client:
                self.ready.set_result(client)
                await self._stop.wait()
        except BaseException as exc:  # the opener's failure is the first operation's to report
            if not self.ready.done():
                self.ready.set_exception(exc)
            if isinstance(exc, asyncio.CancelledError):
                raise

    @property
    def alive(self) -> bool:
        return not self.task.done()

    async def run(self, operation: Callable[[Client, A], Awaitable[T]]) -> T:
        """Run ``operation`` on the session; :class:`ConnectionLost` if the session ends meanwhile."""
        self.busy += 1
        try:
            return await self._run(operation)
        finally:
            self.busy -= 1
            self.used = time.monotonic()

    async def _run(self, operation: Callable[[Client, A], Awaitable[T]]) -> T:
        client = await asyncio.shield(self.ready) if not self.ready.done() else self.ready.result()
        work = asyncio.ensure_future(operation(client, self.context))
        try:
            await asyncio.wait({work, self.task}, return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:
            work.cancel()
            raise
        if not work.done():
            work.cancel()
            with contextlib.suppress(BaseException):
                await work
            raise ConnectionLost("the MCP session's connection ended")
        return work.result()

    async def close(self) -> None:
        """Ask the owner to leave the session, then cancel it; never waits more than twice the grace."""
        self._stop.set()
        for _ in range(2):
            done, _pending = await asyncio.wait({self.task}, timeout=_CLOSE_GRACE_SECONDS)
            if done:
                break
            self.task.cancel()  # a transport that does not close in time is cancelled
        else:
            log.warning("an MCP session did not close; left to finish on its own", extra={"action": "mcp.close_stuck"})
        if not self.ready.done():
            self.ready.cancel()
        elif not self.ready.cancelled():
            self.ready.exception()  # retrieved: a failed open is reported by its operation, not logged


class LiveSessions(Generic[A]):
    """The cache (see the module docstring); ``A``: the context a session is opened with."""

    def __init__(self, *, max_entries: int = 128, idle_seconds: float = 300.0) -> None:
        self._entries: OrderedDict[Key, _Live[A]] = OrderedDict()
        self._lock = asyncio.Lock()  # the look-up and the opening of a key are one step
        self._max = max_entries
        self._idle = idle_seconds
        self._sweeper: asyncio.Task[None] | None = None

    def __len__(self) -> int:
        return len(self._entries)

    async def run(
        self,
        key: Key,
        opener: Callable[[A], AbstractAsyncContextManager[Client]],
        context: A,
        operation: Callable[[Client, A], Awaitable[T]],
        *,
        family: Key,
    ) -> T:
        """Run ``operation`` on the session of ``key`` (opened with ``opener(context)`` when there is none;
        a reused session passes the context it was opened with, so the caller can tell the two apart).

        ``family``: the key's prefix shared by the sessions it replaces (the same Thread and server
        with another token). A session whose operation fails is closed, never reused.
        """
        self._start_sweeper()
        async with self._lock:
            live = self._entries.get(key)
            if live is not None and not live.alive:
                await self._drop(key)
                live = None
            if live is None:
                for other in [k for k in self._entries if k[: len(family)] == family]:
                    await self._drop(other)  # the same Thread and server with an older token
                live = _Live(lambda: opener(context), context)
                self._entries[key] = live
                while len(self._entries) > self._max:  # the least recently used session not in use goes
                    spare = next((k for k, other in self._entries.items() if not other.busy and k != key), None)
                    if spare is None:
                        break
                    await self._drop(spare)
            self._entries.move_to_end(key)
        try:
            return await live.run(operation)
        except BaseException:
            if self._entries.get(key) is live:
                await self._drop(key)  # a failed session is never reused
            raise

    async def discard(self, family: Key) -> None:
        """Close every session whose key starts with ``family``."""
        for key in [k for k in self._entries if k[: len(family)] == family]:
            await self._drop(key)

    async def _drop(self, key: Key) -> None:
        live = self._entries.pop(key, None)
        if live is not None:
            await live.close()

    def _start_sweeper(self) -> None:
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.create_task(self._sweep_forever(), name="mcp-session-sweeper")

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(min(self._idle, 30.0))
            await self.sweep()

    async def sweep(self) -> int:
        """Close the sessions idle for longer than ``idle_seconds``; returns how many."""
        cutoff = time.monotonic() - self._idle
        stale = [k for k, live in self._entries.items() if not live.alive or (not live.busy and live.used < cutoff)]
        for key in stale:
            await self._drop(key)
        if stale:
            log.debug("mcp sessions closed idle=%s open=%s", len(stale), len(self._entries))
        return len(stale)

    async def aclose(self) -> None:
        """Close every session and stop the sweeper."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(BaseException):
                await self._sweeper
        for key in list(self._entries):
            await self._drop(key)
