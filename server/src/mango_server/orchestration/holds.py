"""Step holds: after a step leaves a Session idle, its orchestrator listens briefly for the next input.

A Session's next input (the user's next message, a worker's tool result) often comes moments after
a step left it idle. Through the outbox it costs a relay claim, a Temporal signal, a workflow task
and its activation before the next step runs. Instead, the local step that leaves the Session idle
holds it for up to ``wait`` seconds:

1. the hold is taken with the idle status, in the commit of the round that ends the turn or stops at
   a tool barrier (``TurnEngine.step``'s ``hold``, :meth:`StepHolds.offer`), so no one sees the
   Session idle before it is held. From then on, an append that would arm the Session's wakeup
   leaves it unarmed (``append_events``, migration 0030) and pokes. A step that leaves the Session
   idle another way takes the hold in 2 instead; input before that was signalled as ever;
2. the step's first hold (:class:`SessionHolds`) subscribes to the Session's pokes
   (``live.notifier.committed_subject``), then renews the hold (``store.sessions.hold``), which
   answers the Session's head: anything appended after the step's own commit is input whose poke
   came before the subscription. The subscription stays for the step's later holds, which began
   before their steps' commits: a poke that announces a head past the one their commit took the
   hold at is input, whenever it came, so they subscribe and renew no more;
3. it waits for a poke, the end of ``wait`` or the orchestrator's drain;
4. it releases the hold (``store.sessions.release``: it waits for the row lock, so every append that
   saw the hold has committed, and answers the Session's head) and, when anything was appended
   during the hold, poked or not, tells the caller to run one more step, which reads it, under the
   trace of the poke's writer (``live.notifier.TRACEPARENT``).

Accepted input keeps a durable path to execution: input appended during a hold is read by the step
that follows 4, with or without its poke (a poke is best effort: the release's head tells). When
the orchestrator dies during a hold, the local step has no recorded result, so Temporal runs it
again on another worker once the workflow task times out, and that step reads the input. A step
that leaves the Session idle without holding it releases any hold left behind (a dead holder's,
until its lease ends), so input is never left unarmed with no one to read it. Wakeups that append
nothing (``store.outbox.wake``: a budget or vault change, a termination) still arm and signal; they
reach the workflow when the held step returns: ``wait`` after the Session's last input at most, or,
while input keeps coming, at the bound of one step (``orchestration.activities``).

At most ``limit`` Sessions are held at once per orchestrator, so holds never take the local
activity slots that running rounds need. Not responsible for running steps (the caller) or for what
the workflow does with their results.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass

from nats.aio.msg import Msg
from nats.aio.subscription import Subscription

from mango_server.live import pokes
from mango_server.live.notifier import TRACEPARENT, NatsNotifier, committed_subject
from mango_server.store import sessions
from mango_server.store.db import Pool
from mango_server.telemetry import metrics

_LEASE_MARGIN = 5.0  # seconds a hold outlives its wait: a slow holder's appends still skip the signal


@dataclass
class Held:
    """A hold that was taken and released: the trace of the first poke that woke it ("": none, or untraced)."""

    traceparent: str = ""


class StepHolds:
    """The holds of one orchestrator; ``wait`` 0 turns them off."""

    def __init__(self, pool: Pool, notifier: NatsNotifier, *, wait: float, limit: int) -> None:
        self._pool = pool
        self._notifier = notifier
        self._wait = wait
        self._free = limit
        self._draining = asyncio.Event()

    def drain(self) -> None:
        """End every hold now and take no more (the orchestrator is stopping)."""
        self._draining.set()

    def offer(self) -> float | None:
        """How long a step that leaves a Session idle now takes its hold for (its lease), or None: no hold."""
        if self._wait <= 0 or self._free <= 0 or self._draining.is_set():
            return None
        return self._wait + _LEASE_MARGIN

    @contextlib.asynccontextmanager
    async def holding(self, session_id: str) -> AsyncIterator[SessionHolds]:
        """The holds of one Session's local step, one after another: they share one subscription to its pokes."""
        holds = SessionHolds(self, session_id)
        try:
            yield holds
        finally:
            await holds.close()

    async def subscribe(self, session_id: str, callback: Callable[[Msg], Awaitable[None]]) -> Subscription | None:
        return await self._notifier.subscribe(committed_subject(session_id), callback)

    @contextlib.contextmanager
    def slot(self) -> Iterator[None]:
        """One of the ``limit`` holds, taken while the block runs."""
        self._free -= 1
        try:
            yield
        finally:
            self._free += 1

    async def renew(self, session_id: str, lease: float) -> int | None:
        async with self._pool.acquire() as conn:
            return await sessions.hold(conn, session_id, lease)

    async def release(self, session_id: str) -> int | None:
        async with self._pool.acquire() as conn:
            return await sessions.release(conn, session_id)

    async def wait_for(self, poked: asyncio.Event) -> bool:
        """Wait for a poke or a drain, at most ``wait`` seconds; True when a poke came."""
        waits = [asyncio.ensure_future(poked.wait()), asyncio.ensure_future(self._draining.wait())]
        try:
            await asyncio.wait(waits, timeout=self._wait, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiting in waits:
                waiting.cancel()
        return poked.is_set()


class SessionHolds:
    """One Session's holds in one local step, the steps they wake run between them.

    The subscription to the Session's pokes is taken for the first hold and kept for the next ones, so
    a hold after the first subscribes before its step's commit: a poke that announces a head past the
    one that commit took the hold at (``held_head``) is input, whenever it came, and the hold needs
    neither a subscription of its own nor a renewal to see what was appended between that commit and
    its start. The first hold subscribes after the commit, and renews the hold for that.
    """

    def __init__(self, holds: StepHolds, session_id: str) -> None:
        self._holds = holds
        self._session_id = session_id
        self._subscription: Subscription | None = None
        self._heard: list[tuple[int, str]] = []  # (head, traceparent) of the pokes no hold has looked at yet
        self._after: int | None = None  # during a hold: the head a poke must pass to be input
        self._input = asyncio.Event()
        self._traceparent = ""  # the trace of the first poke that announced input

    async def hold(self, held_head: int | None = None) -> Held | None:
        """Hold the idle Session until its next input, ``wait`` or a drain. A :class:`Held`: input may have come
        during the hold (now released), so the caller runs one more step. None: no hold was taken, or
        nothing was appended during it; either way none is left behind.

        ``held_head``: the Session's last sequence as the step's commit took the hold (None: it took none).
        """
        lease = self._holds.offer()
        fresh = self._subscription is None
        if lease is not None and fresh:
            self._subscription = await self._holds.subscribe(self._session_id, self._on_poke)
        if lease is None or self._subscription is None:  # none free, or no NATS: a hold would only wait out its time
            await self._holds.release(self._session_id)
            return None
        with self._holds.slot():
            return await self._hold(held_head, lease, renew=fresh or held_head is None)

    async def close(self) -> None:
        if self._subscription is not None:
            with contextlib.suppress(Exception):  # a closing connection; the subscription dies with it
                await self._subscription.unsubscribe()

    async def _hold(self, held_head: int | None, lease: float, *, renew: bool) -> Held | None:
        if renew:  # input whose poke came before the subscription shows in the head the renewal answers
            head = await self._holds.renew(self._session_id, lease)
            if head is None:
                return None
            early = held_head is not None and head > held_head
        else:
            assert held_head is not None
            head, early = held_head, False
        self._listen_after(head)
        try:
            woken = early or await self._holds.wait_for(self._input)
        finally:
            traceparent, self._traceparent, self._after = self._traceparent, "", None
            self._input.clear()
        released = await self._holds.release(self._session_id)
        # Without a poke, the release says whether anything was appended during the hold (a lost poke);
        # a hold that is gone (another step released it) may have missed anything.
        appended = woken or released is None or released > head
        metrics.STEP_HOLDS.labels("input" if appended else "timeout").inc()
        return Held(traceparent) if appended else None

    async def _on_poke(self, msg: Msg) -> None:
        self._heard.append((pokes.head(msg.data), (msg.headers or {}).get(TRACEPARENT, "")))
        self._sort_heard()

    def _listen_after(self, head: int) -> None:
        """A hold starts: input is what a poke announces past ``head``, the pokes heard before it included."""
        self._after = head
        self._sort_heard()

    def _sort_heard(self) -> None:
        """During a hold, the pokes heard are input or not; between holds (its step runs) they wait for the next."""
        if self._after is None:
            return
        for head, traceparent in self._heard:
            if head > self._after:  # a bare poke announces no head: input
                self._traceparent = self._traceparent or traceparent
                self._input.set()
        self._heard.clear()
