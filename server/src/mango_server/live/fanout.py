"""One fan-out per api process from NATS (and one reconciliation read) to every local SSE stream.

Each stream :meth:`SessionFanout.follow`\\ s one Session and waits on its :class:`Follower`
queue: an int means "this Session has news up to that sequence, read PostgreSQL if your cursor
is behind it" (:data:`UNKNOWN_HEAD` when the sender does not know the sequence); a dict is a
text preview (only for followers that asked for previews). A writer's poke may carry the rows
it committed (read with ``live.pokes``, the one module that knows its format): the follower keeps
them (:meth:`Follower.rows_after`), and a stream whose cursor they continue without a gap up to
the announced head sends them without reading. The process holds two wildcard NATS
subscriptions (commits and previews of every Session) however many streams are open, and
routes each message to the followers of its Session. Because NATS is best effort, a
reconciliation loop asks PostgreSQL once per interval for the ``next_seq`` of every followed
Session in a single query (``heads``, injected by the caller) and wakes the followers of the
Sessions whose head moved (or that are gone): a lost poke costs at most one interval, and no
stream polls the database by itself. The reconciliation wakeups carry the head they saw, so a
stream that NATS already brought up to date skips its read (with many busy Sessions, nearly
every head moves between two reconciliations). Streams opened with a session token are
followed with the token's digest; the same loop checks every such lease in one more query
(``leases``) and ends the followers whose lease is gone. Not responsible for reading events or
framing SSE (``app.events``, ``api.handlers.stream``) or for publishing (``live.notifier``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import TypeAlias

from nats.aio.msg import Msg
from nats.aio.subscription import Subscription

from mango_server.domain._generated import wire
from mango_server.live import pokes
from mango_server.live.notifier import NatsNotifier
from mango_server.live.pokes import UNKNOWN_HEAD, CarriedRow

log = logging.getLogger(__name__)

Heads = Callable[[list[str]], Awaitable[dict[str, int]]]  # the next_seq of each Session that still exists
Leases = Callable[[list[bytes]], Awaitable[set[bytes]]]
_COMMIT_PREFIX = "mango.session."
_DELTA_PREFIX = "mango.delta."
_QUEUE_SIZE = 1000
_MAX_KEPT_ROWS = 256  # a stream further behind than this reads PostgreSQL

__all__ = ["UNKNOWN_HEAD", "Follower", "Preview", "SessionFanout"]

Preview: TypeAlias = wire.EventStartEvent | wire.EventDeltaEvent
"""A stream-only preview as a writer published it (``live.notifier``), delivered as it arrived."""


class Follower:
    """One stream's view of one Session: wakeups (the head they announce) and previews, in arrival order."""

    def __init__(self, session_id: str, with_deltas: bool, lease: bytes | None = None) -> None:
        self.session_id = session_id
        self.with_deltas = with_deltas
        self.lease = lease  # digest of the session token the stream was opened with
        self.lease_lost = False
        self.queue: asyncio.Queue[Preview | None] = asyncio.Queue(maxsize=_QUEUE_SIZE)
        self._news_pending = False
        self._pending_head = -1  # the highest head announced since the pending wakeup was queued
        self._rows: dict[int, CarriedRow] = {}  # committed rows pokes carried, by sequence
        self.ended = False  # the process is shutting down: the stream must end now

    def end(self) -> None:
        self.ended = True
        self._pending_head = UNKNOWN_HEAD
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)

    def news(self, head: int = UNKNOWN_HEAD, rows: Mapping[int, CarriedRow] | None = None) -> None:
        """Coalesced: one pending wakeup, announcing the highest head, however many commits arrive before the read.

        ``rows`` are committed rows the poke carried, by sequence; they are kept for :meth:`rows_after`.
        """
        if rows:
            if len(self._rows) + len(rows) > _MAX_KEPT_ROWS:
                self._rows.clear()
            self._rows.update(rows)
        self._pending_head = max(self._pending_head, head)
        if not self._news_pending:
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(None)
                self._news_pending = True

    def rows_after(self, cursor: int, head: int) -> list[CarriedRow] | None:
        """The kept rows that follow ``cursor`` without a gap up to ``head``, or None when they do not reach it.

        Sequence numbers are Session-wide, so a gap (a Thread's rows, a poke lost or carrying no
        rows) means a row may be missing: then the stream reads PostgreSQL. Rows at or before
        ``cursor`` are dropped either way.
        """
        for seq in [seq for seq in self._rows if seq <= cursor]:
            del self._rows[seq]
        rows: list[CarriedRow] = []
        while (row := self._rows.get(cursor + len(rows) + 1)) is not None:
            rows.append(row)
        if not rows or cursor + len(rows) < head:
            return None
        for seq in range(cursor + 1, cursor + len(rows) + 1):
            del self._rows[seq]
        return rows

    def preview(self, preview: Preview) -> None:
        if self.with_deltas:
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(preview)

    async def next(self, wait_seconds: float) -> Preview | int | None:
        """The next item (a preview, or a wakeup's head), or ``None`` when ``wait_seconds`` pass first."""
        try:
            item = await asyncio.wait_for(self.queue.get(), timeout=wait_seconds)
        except TimeoutError:
            return None
        return self._taken(item)

    def drain(self) -> list[Preview | int]:
        """Everything already queued, without waiting."""
        items: list[Preview | int] = []
        while not self.queue.empty():
            items.append(self._taken(self.queue.get_nowait()))
        return items

    def _taken(self, item: Preview | None) -> Preview | int:
        if item is not None:
            return item
        self._news_pending = False
        head, self._pending_head = self._pending_head, -1
        return head


class SessionFanout:
    """The process-wide router from NATS and the reconciliation read to local followers."""

    def __init__(
        self, notifier: NatsNotifier, heads: Heads, leases: Leases | None = None, *, reconcile_seconds: float = 1.0
    ) -> None:
        self._notifier = notifier
        self._heads = heads
        self._leases = leases
        self._reconcile_seconds = reconcile_seconds
        self._followers: dict[str, set[Follower]] = {}
        self._seen: dict[str, int] = {}
        self._subscriptions: list[Subscription | None] = []
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._subscriptions = [
            await self._notifier.subscribe(_COMMIT_PREFIX + "*", self._on_commit),
            await self._notifier.subscribe(_DELTA_PREFIX + "*", self._on_delta),
        ]
        self._task = asyncio.create_task(self._reconcile_forever(), name="sse-fanout-reconcile")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        for subscription in self._subscriptions:
            if subscription is not None:
                with contextlib.suppress(Exception):
                    await subscription.unsubscribe()
        self._subscriptions = []

    def follow(self, session_id: str, *, with_deltas: bool, lease: bytes | None = None) -> Follower:
        follower = Follower(session_id, with_deltas, lease)
        self._followers.setdefault(session_id, set()).add(follower)
        return follower

    def unfollow(self, follower: Follower) -> None:
        followers = self._followers.get(follower.session_id)
        if followers is None:
            return
        followers.discard(follower)
        if not followers:
            del self._followers[follower.session_id]
            self._seen.pop(follower.session_id, None)

    def end_all(self) -> None:
        """Shutdown: make every open stream end at once (clients resume with ``Last-Event-ID``)."""
        for followers in self._followers.values():
            for follower in followers:
                follower.end()

    @property
    def followed(self) -> int:
        """How many streams are following a Session in this process."""
        return sum(len(f) for f in self._followers.values())

    async def _on_commit(self, msg: Msg) -> None:
        followers = self._followers.get(msg.subject.removeprefix(_COMMIT_PREFIX))
        if not followers:
            return
        poke = pokes.read(msg.data)
        for follower in followers:
            follower.news(poke.head, poke.rows)

    async def _on_delta(self, msg: Msg) -> None:
        followers = self._followers.get(msg.subject.removeprefix(_DELTA_PREFIX))
        if not followers:
            return
        try:
            preview = json.loads(msg.data)
        except ValueError:
            return
        for follower in followers:
            follower.preview(preview)

    async def _reconcile_forever(self) -> None:
        while True:
            await asyncio.sleep(self._reconcile_seconds)
            try:
                await self.reconcile()
            except Exception as exc:
                log.warning("sse reconcile failed error=%s", type(exc).__name__, extra={"action": "sse.reconcile"})

    async def reconcile(self) -> None:
        """One read of every followed Session's head; wake the followers of those that moved or are gone."""
        ids = list(self._followers)
        if not ids:
            return
        heads = await self._heads(ids)
        for session_id in ids:
            next_seq = heads.get(session_id, -1)
            if self._seen.get(session_id) != next_seq:
                self._seen[session_id] = next_seq
                # A gone Session announces no head: its streams read to learn that it is gone.
                head = next_seq - 1 if next_seq >= 0 else UNKNOWN_HEAD
                for follower in self._followers.get(session_id, ()):
                    follower.news(head)
        await self._check_leases()

    async def _check_leases(self) -> None:
        leased = [f for followers in self._followers.values() for f in followers if f.lease and not f.lease_lost]
        if not leased or self._leases is None:
            return
        live = await self._leases(sorted({f.lease for f in leased if f.lease}))
        for follower in leased:
            if follower.lease not in live:
                follower.lease_lost = True
                follower.news()
