"""Publishing and subscribing to Session wakeups and previews on NATS (see package docstring)."""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Protocol

import nats
from nats.aio.client import Client as NatsClient
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription

from mango_server.live.pokes import BARE
from mango_server.telemetry.traces import current_traceparent

log = logging.getLogger(__name__)


#: The header of a poke that carries its writer's W3C trace context, when the writer was traced.
TRACEPARENT = "traceparent"


def committed_subject(session_id: str) -> str:
    """Subject for "new rows committed" pokes of one Session."""
    return f"mango.session.{session_id}"


def delta_subject(session_id: str) -> str:
    """Subject for ephemeral text previews of one Session."""
    return f"mango.delta.{session_id}"


class Notifier(Protocol):
    """What writers need: fire-and-forget pokes after commits, and previews.

    A poke's ``news`` (``live.pokes.Appended.news``) announces the Session's last committed
    sequence and, when small enough, the committed rows themselves; without it the poke is bare.
    """

    async def committed(self, session_id: str, news: bytes | None = None) -> None: ...

    async def delta(self, session_id: str, preview: Mapping[str, object]) -> None: ...


class NullNotifier:
    """A notifier that drops everything (readers still poll PostgreSQL)."""

    async def committed(self, session_id: str, news: bytes | None = None) -> None:
        return None

    async def delta(self, session_id: str, preview: Mapping[str, object]) -> None:
        return None


class NatsNotifier:
    """NATS-backed notifier and subscriber; connection failures degrade to polling, never errors."""

    def __init__(self, client: NatsClient | None) -> None:
        self._client = client

    @classmethod
    async def connect(cls, url: str) -> NatsNotifier:
        """Connect, or return a degraded notifier when NATS is unreachable."""
        try:
            client = await nats.connect(url, connect_timeout=2, max_reconnect_attempts=-1, allow_reconnect=True)
        except Exception as exc:
            log.warning("nats unavailable, falling back to polling error=%s", type(exc).__name__)
            return cls(None)
        return cls(client)

    async def _publish(self, subject: str, payload: bytes, headers: dict[str, str] | None = None) -> None:
        if self._client is None or not self._client.is_connected:
            return
        try:
            await self._client.publish(subject, payload, headers=headers)
        except Exception as exc:
            log.debug("nats publish failed subject=%s error=%s", subject, type(exc).__name__)

    async def committed(self, session_id: str, news: bytes | None = None) -> None:
        # The writer's trace goes with the poke: a step that runs input it was poked about (a step
        # hold, ``orchestration.holds``) continues the trace of the request that accepted it.
        traceparent = current_traceparent()
        headers = {TRACEPARENT: traceparent} if traceparent else None
        await self._publish(committed_subject(session_id), news or BARE, headers)

    async def delta(self, session_id: str, preview: Mapping[str, object]) -> None:
        await self._publish(delta_subject(session_id), json.dumps(preview).encode())

    async def subscribe(self, subject: str, callback: Callable[[Msg], Awaitable[None]]) -> Subscription | None:
        """Subscribe when connected; ``None`` means "poll only"."""
        if self._client is None or not self._client.is_connected:
            return None
        try:
            subscription = await self._client.subscribe(subject, cb=callback)
            # A round trip makes sure the server registered the interest before we return, so a
            # message published right after (by another process) is not missed.
            await self._client.flush(timeout=2)
            return subscription
        except Exception as exc:
            log.debug("nats subscribe failed subject=%s error=%s", subject, type(exc).__name__)
            return None

    async def close(self) -> None:
        if self._client is not None:
            await self._client.drain()


class DeferredNotifier(NatsNotifier):
    """Holds ``committed`` pokes until ``flush``: for a request whose transaction commits after its use case returns.

    Previews and subscriptions pass straight through to the wrapped notifier.
    """

    def __init__(self, inner: NatsNotifier) -> None:
        super().__init__(None)
        self._inner = inner
        self._pending: list[tuple[str, bytes | None]] = []

    async def committed(self, session_id: str, news: bytes | None = None) -> None:
        self._pending.append((session_id, news))

    async def delta(self, session_id: str, preview: Mapping[str, object]) -> None:
        await self._inner.delta(session_id, preview)

    async def subscribe(self, subject: str, callback: Callable[[Msg], Awaitable[None]]) -> Subscription | None:
        return await self._inner.subscribe(subject, callback)

    async def flush(self) -> None:
        """Send the held pokes (after the commit)."""
        pending, self._pending = self._pending, []
        for session_id, news in dict.fromkeys(pending):
            await self._inner.committed(session_id, news)
