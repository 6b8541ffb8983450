"""The Session event stream (SSE): committed ledger rows by sequence, resumable with Last-Event-ID.

Each persisted event is sent with ``id:`` set to its public id. A reconnecting client sends
``Last-Event-ID`` and receives every later row exactly once (rows are read by ``seq`` from
PostgreSQL; NATS only says "look now"). Without the header the stream starts at the current
end of history. Previews (``event_start`` / ``event_delta``) reach only clients that asked for
them with ``event_deltas[]`` and carry no id. ``ping`` keeps idle connections alive; the stream
ends after ``session.deleted``. A stream opened with a session token revalidates the Work lease
once per second and ends with an ``error`` event once the lease is lost (expiry, Stop, reclaim).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator

from nats.aio.msg import Msg
from nats.aio.subscription import Subscription
from starlette.background import BackgroundTask
from starlette.responses import StreamingResponse

from mango_server.api.auth import bearer_token
from mango_server.api.context import RequestContext
from mango_server.api.encoding import sse_frame
from mango_server.api.errors import envelope
from mango_server.api.mappers import events as wire
from mango_server.app import events
from mango_server.domain.json import JsonObject
from mango_server.live.notifier import committed_subject, delta_subject

_POLL_SECONDS = 1.0
DELTA_TYPES = ("agent.message", "agent.thinking")


async def sessions_events_stream(ctx: RequestContext) -> StreamingResponse:
    session_id = ctx.path["session_id"]
    ctx.require_session_scope(session_id)
    deltas = ctx.list_param("event_deltas", DELTA_TYPES, max_items=2)
    last_event_id = ctx.request.headers.get("last-event-id")
    cursor = await events.start_cursor(ctx.services, ctx.principal, session_id, last_event_id)
    stream = _Stream(ctx, session_id, cursor, bool(deltas))
    # Subscribe before the response starts, so no preview published after the client sees the
    # headers is missed; the background task unsubscribes even if the body never starts.
    await stream.subscribe()
    return StreamingResponse(
        stream.frames(),
        media_type="text/event-stream",
        headers={"cache-control": "no-cache", "x-accel-buffering": "no"},
        background=BackgroundTask(stream.unsubscribe),
    )


class _Stream:
    def __init__(self, ctx: RequestContext, session_id: str, cursor: int, with_deltas: bool) -> None:
        self.ctx = ctx
        self.session_id = session_id
        self.cursor = cursor
        self.with_deltas = with_deltas
        self.queue: asyncio.Queue[JsonObject | None] = asyncio.Queue(maxsize=1000)
        self.checked_at = time.monotonic()
        self.subscriptions: list[Subscription | None] = []
        self.wait_seconds = _POLL_SECONDS / 2 if ctx.principal.kind == "SessionToken" else _POLL_SECONDS

    async def _on_commit(self, msg: Msg) -> None:
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)

    async def _on_delta(self, msg: Msg) -> None:
        with contextlib.suppress(asyncio.QueueFull, ValueError):
            self.queue.put_nowait(json.loads(msg.data))

    async def subscribe(self) -> None:
        notifier = self.ctx.services.notifier
        self.subscriptions = [await notifier.subscribe(committed_subject(self.session_id), self._on_commit)]
        if self.with_deltas:
            self.subscriptions.append(await notifier.subscribe(delta_subject(self.session_id), self._on_delta))

    async def unsubscribe(self) -> None:
        """Idempotent: called when the body ends and again, as a safety net, after the response."""
        subscriptions, self.subscriptions = self.subscriptions, []
        for subscription in subscriptions:
            if subscription is not None:
                with contextlib.suppress(Exception):
                    await subscription.unsubscribe()

    async def frames(self) -> AsyncIterator[bytes]:
        ping_every = self.ctx.services.settings.sse_ping_seconds
        last_sent = time.monotonic()
        try:
            yield b": connected\n\n"
            while True:
                fetched = await events.fetch_after(self.ctx.services, self.session_id, self.cursor)
                if fetched.rows:
                    self.cursor = fetched.rows[-1].seq
                for row in fetched.rows:
                    yield sse_frame(row.type, wire.event(row), row.id)
                    last_sent = time.monotonic()
                if fetched.ended:
                    return
                if not await self._lease_holds():
                    message = "the Work lease of this session token ended"
                    yield sse_frame("error", envelope("authentication_error", message, self.ctx.request_id))
                    return
                try:
                    item = await asyncio.wait_for(self.queue.get(), timeout=self.wait_seconds)
                except TimeoutError:
                    item = None
                # Previews queued before the next commit poke go out before the committed rows, so a
                # preview never trails the event it previews (NATS keeps one publisher's order).
                while item is not None:
                    yield sse_frame(item["type"], item)
                    last_sent = time.monotonic()
                    item = self.queue.get_nowait() if not self.queue.empty() else None
                if time.monotonic() - last_sent >= ping_every:
                    yield sse_frame("ping", {"type": "ping"})
                    last_sent = time.monotonic()
        finally:
            await self.unsubscribe()

    async def _lease_holds(self) -> bool:
        """For session tokens: whether the Work lease still holds (checked about twice a second)."""
        if self.ctx.principal.kind != "SessionToken" or time.monotonic() - self.checked_at < self.wait_seconds:
            return True
        self.checked_at = time.monotonic()
        token = bearer_token(self.ctx.request.headers.get("authorization"))
        return await events.session_token_live(self.ctx.services, token)
