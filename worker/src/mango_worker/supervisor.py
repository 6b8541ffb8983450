"""The trusted host supervisor: acknowledged Work in, one container per item out.

Lifecycle: :meth:`Supervisor.run` pulls acknowledged items from a Work poller (the SDK's
``WorkPoller``, which Polls and Acks with the Environment key) only while a container slot is
free — an item is never Acked just to wait in memory — prepares the item's per-Session workspace
and hands the item to :class:`~mango_worker.launcher.DockerLauncher`. :meth:`Supervisor.shutdown`
stops polling and cancels running items; each container gets SIGTERM and its grace period, then is
removed. In drain mode the poller ends on an empty queue and ``run`` returns once running items end.

Healthcheck items are answered on the host by ``report_health`` (a local probe of the engine and
image), without a container, and so are a deleted Session's ``session_teardown`` items, by
``tear_down`` (:class:`~mango_worker.teardown.SessionTeardown` removes its workspace, then Stops
the item). Log records carry stable ``action`` names: ``work.claimed``,
``work.healthcheck``, ``work.skipped``, ``work.failed``,
``container.started``, ``container.exited``, ``supervisor.stopping``, ``supervisor.stopped``, and
one ``item.<outcome>`` per finished container, named after the item runner's exit code
(:func:`~mango_worker.container.outcome_of`): ``item.completed``, ``item.lease_lost``,
``item.failed`` (the Work was Failed), ``item.unfinished`` and ``item.error`` (left for reclaim),
``item.bad_input``, ``item.cancelled``, ``item.killed`` (137) or ``item.crashed`` (any other code).

Under ``--tool-network proxy`` each Session item runs with its own egress proxy
(:class:`~mango_worker.item_egress.EgressProvider`), started before its container and stopped after
it; an item whose secrets cannot be read (its lease is gone, the API is down) is not started and is
left for reclaim (``work.failed``).

Not responsible for: the Work protocol after Ack (the item runner in the container), credentials
beyond passing the secret on, or workspace retention.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterable, Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

from mango import MangoError

from .container import ItemIds, outcome_of
from .item_egress import EgressProvider
from .launcher import DockerLauncher, LaunchError
from .workspace import prepare_workspace

__all__ = ["Supervisor", "WorkItem", "session_id_of"]

log = logging.getLogger(__name__)


class WorkItem(Protocol):
    """The acknowledged Work item as the poller yields it."""

    @property
    def id(self) -> str: ...

    @property
    def environment_id(self) -> str: ...

    @property
    def data(self) -> Any: ...

    @property
    def secret(self) -> str | None: ...


def _field(item: WorkItem, name: str) -> object:
    data = item.data
    return data.get(name) if isinstance(data, Mapping) else getattr(data, name, None)


def _kind(item: WorkItem) -> object:
    # The generated SDK models name the discriminator ``type_``; plain mappings use ``type``.
    kind = _field(item, "type_")
    return kind if kind is not None else _field(item, "type")


def session_id_of(item: WorkItem) -> str | None:
    """The Session id of a session Work item, or None for any other kind of Work."""
    ident = _field(item, "id")
    if _kind(item) != "session" or not isinstance(ident, str):
        return None
    return ident


class Supervisor:
    """Runs acknowledged Work items in containers, at most ``max_concurrency`` at a time."""

    def __init__(
        self,
        poller: AsyncIterable[WorkItem],
        launcher: DockerLauncher,
        *,
        base_url: str,
        workspace_root: Path | None,
        max_concurrency: int = 4,
        report_health: Callable[[WorkItem], Awaitable[None]] | None = None,
        tear_down: Callable[[WorkItem], Awaitable[None]] | None = None,
        egress: EgressProvider | None = None,
    ) -> None:
        """Args:
        poller: Yields acknowledged Work items (Poll and Ack already done).
        launcher: Runs one item in one container.
        base_url: The API base URL the item runner uses (it connects through the forwarder socket).
        workspace_root: Host directory of per-Session workspaces, or None for Docker volumes.
        max_concurrency: Containers running at once.
        report_health: Answers a healthcheck item on the host (no container); None skips them.
        tear_down: Answers a ``session_teardown`` item on the host (no container); None skips them.
        egress: Starts each Session item's egress proxy (``--tool-network proxy``); None: no proxy.
        """
        if max_concurrency < 1:
            raise ValueError("max_concurrency must be at least 1")
        self._poller = poller
        self._launcher = launcher
        self._base_url = base_url
        self._workspace_root = workspace_root
        self._slots = asyncio.Semaphore(max_concurrency)
        self._items: set[asyncio.Task[None]] = set()
        self._polling: asyncio.Task[None] | None = None
        self._stopping = False
        self._report_health = report_health
        self._tear_down = tear_down
        self._egress = egress

    @property
    def running(self) -> int:
        """How many items are running now."""
        return len(self._items)

    async def run(self) -> None:
        """Poll and run items until :meth:`shutdown` (or, in drain mode, until the queue is empty)."""
        self._polling = asyncio.current_task()
        try:
            await self._poll_loop()
        except asyncio.CancelledError:
            if not self._stopping:
                raise
        finally:
            await self._finish_items()
            log.info("supervisor stopped", extra={"action": "supervisor.stopped"})

    def shutdown(self) -> None:
        """Stop polling and cancel running items gracefully; ``run`` returns when they are gone."""
        if self._stopping:
            return
        self._stopping = True
        log.info("supervisor stopping running=%d", self.running, extra={"action": "supervisor.stopping"})
        if self._polling is not None:
            self._polling.cancel()

    async def _poll_loop(self) -> None:
        iterator = aiter(self._poller)
        while not self._stopping:
            await self._slots.acquire()
            try:
                item = await anext(iterator)
            except StopAsyncIteration:
                self._slots.release()
                return
            except BaseException:
                self._slots.release()
                raise
            task = asyncio.create_task(self._handle(item), name=f"work-{item.id}")
            self._items.add(task)
            task.add_done_callback(self._item_done)

    def _item_done(self, task: asyncio.Task[None]) -> None:
        self._items.discard(task)
        self._slots.release()

    async def _finish_items(self) -> None:
        while self._items:
            if self._stopping:
                for task in self._items:
                    task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.gather(*self._items, return_exceptions=True)

    async def _handle(self, item: WorkItem) -> None:
        if self._tear_down is not None and _kind(item) == "session_teardown":
            await self._tear_down(item)
            return
        session_id = session_id_of(item)
        if session_id is None and self._report_health is not None and _kind(item) == "healthcheck":
            log.info("healthcheck work_id=%s", item.id, extra={"action": "work.healthcheck", "work_id": item.id})
            try:
                await self._report_health(item)
            except Exception as exc:
                log.error("healthcheck failed work_id=%s error=%s", item.id, exc, extra={"action": "work.failed"})
            return
        if session_id is None:
            log.warning(
                "skipping work that is not for a session work_id=%s",
                item.id,
                extra={"action": "work.skipped", "work_id": item.id},
            )
            return
        log.info(
            "claimed work work_id=%s session_id=%s",
            item.id,
            session_id,
            extra={"action": "work.claimed", "work_id": item.id, "session_id": session_id},
        )
        if not item.secret:
            log.error("work has no secret work_id=%s", item.id, extra={"action": "work.failed", "work_id": item.id})
            return
        try:
            workspace = await asyncio.to_thread(prepare_workspace, session_id, self._workspace_root)
            ids = ItemIds(item.id, item.environment_id, session_id, self._base_url)
            if self._egress is None:
                ended = await self._launcher.run(ids, workspace, item.secret)
            else:
                async with self._egress.for_item(item.environment_id, item.id) as egress:
                    ended = await self._launcher.run(ids, workspace, item.secret, egress=egress)
        except (LaunchError, ValueError, OSError, MangoError) as exc:
            # The item stays acknowledged without a heartbeat; the server reclaims it when its lease expires.
            log.error(
                "work failed work_id=%s error=%s",
                item.id,
                exc,
                extra={"action": "work.failed", "work_id": item.id},
            )
            return
        _log_outcome(ids, ended.exit_code)


_OUTCOME_LEVELS = {
    "completed": logging.INFO,
    "cancelled": logging.INFO,
    "lease_lost": logging.WARNING,
    "unfinished": logging.WARNING,
}


def _log_outcome(ids: ItemIds, exit_code: int) -> None:
    outcome = outcome_of(exit_code)
    log.log(
        _OUTCOME_LEVELS.get(outcome, logging.ERROR),
        "item %s work_id=%s session_id=%s exit_code=%s",
        outcome.replace("_", " "),
        ids.work_id,
        ids.session_id,
        exit_code,
        extra={
            "action": f"item.{outcome}",
            "work_id": ids.work_id,
            "session_id": ids.session_id,
            "exit_code": exit_code,
            "outcome": outcome,
        },
    )
