"""The Session event stream (SSE): committed ledger rows by sequence, resumable with Last-Event-ID.

Each persisted event is sent with ``id:`` set to its public id. A reconnecting client sends
``Last-Event-ID`` and receives every later row exactly once (rows are read by ``seq`` from
PostgreSQL, or taken from the writers' pokes when those continue the cursor without a gap).
Without the header the stream starts at the current end of history. A stream reads PostgreSQL
only when its Session has news past its cursor that no poke carried: it follows the Session
through the api process's one fan-out (``live.fanout``: two wildcard NATS subscriptions and one
reconciliation query per interval for every followed Session), never by polling on its own.
Previews (``event_start`` / ``event_delta``) reach only clients that asked for them with
``event_deltas[]`` and carry no id. ``ping`` keeps idle connections alive (a stream's first ping
comes at a random point of the first interval, so streams opened together do not ping together);
the stream ends after ``session.deleted`` and when the api shuts down. A Thread stream
(``sessions.threads.stream``) follows the Thread's execution row the same way. A credential
holds at most ``MANGO_SSE_MAX_STREAMS_PER_KEY`` streams across all api processes (429 beyond;
``app.streams``). A stream opened with a session token is followed with its digest: the fan-out
revalidates every such lease in one query per interval and the stream ends with an ``error``
event once its lease is lost (expiry, Stop, reclaim).
"""

from __future__ import annotations

import random
import time
from collections.abc import AsyncIterator

from starlette.background import BackgroundTask
from starlette.responses import StreamingResponse

from mango_server.api.context import RequestContext
from mango_server.api.encoding import sse_frame
from mango_server.api.errors import envelope
from mango_server.api.mappers import events as wire
from mango_server.app import events
from mango_server.app.streams import Slots, token_digest
from mango_server.app.threads import resources
from mango_server.domain.errors import OverloadedError
from mango_server.live.fanout import UNKNOWN_HEAD, Follower, SessionFanout
from mango_server.telemetry.metrics import SSE_ROWS

DELTA_TYPES = ("agent.message", "agent.thinking")


async def sessions_events_stream(ctx: RequestContext) -> StreamingResponse:
    session_id = ctx.path["session_id"]
    ctx.require_session_scope(session_id)
    deltas = ctx.list_param("event_deltas", DELTA_TYPES, max_items=2)
    last_event_id = ctx.request.headers.get("last-event-id")
    cursor = await events.start_cursor(ctx.services, ctx.principal, session_id, last_event_id)
    return await _open(ctx, session_id, cursor, with_deltas=bool(deltas))


async def sessions_threads_stream(ctx: RequestContext) -> StreamingResponse:
    """One Thread's ledger, framed and resumed like the Session stream (no previews)."""
    session_id, thread_id = ctx.path["session_id"], ctx.path["thread_id"]
    last_event_id = ctx.request.headers.get("last-event-id")
    execution_id, cursor = await resources.start_cursor(
        ctx.services, ctx.principal, session_id, thread_id, last_event_id
    )
    return await _open(ctx, execution_id, cursor, with_deltas=False)


async def _open(ctx: RequestContext, execution_id: str, cursor: int, *, with_deltas: bool) -> StreamingResponse:
    """Take a stream slot, follow the ledger of ``execution_id`` and answer with the SSE body."""
    fanout, slots = ctx.services.fanout, ctx.services.stream_slots
    if fanout is None or slots is None:
        raise OverloadedError("event streams are not available on this server")
    slot = await slots.take(ctx.principal.key_id)
    # Follow before the response starts, so nothing published after the client sees the headers
    # is missed; the background task stops following even if the body never starts.
    lease = token_digest(ctx.session_token) if ctx.principal.kind == "SessionToken" else None
    follower = fanout.follow(execution_id, with_deltas=with_deltas, lease=lease)
    stream = _Stream(ctx, fanout, slots, slot, follower, cursor)
    return StreamingResponse(
        stream.frames(),
        media_type="text/event-stream",
        headers={"cache-control": "no-cache", "x-accel-buffering": "no"},
        background=BackgroundTask(stream.close),
    )


class _Stream:
    def __init__(
        self, ctx: RequestContext, fanout: SessionFanout, slots: Slots, slot: int, follower: Follower, cursor: int
    ) -> None:
        self.ctx = ctx
        self.fanout = fanout
        self.slots = slots
        self.slot = slot
        self.follower = follower
        self.session_id = follower.session_id
        self.cursor = cursor
        self.closed = False

    async def close(self) -> None:
        """Idempotent: called when the body ends and again, as a safety net, after the response."""
        if not self.closed:
            self.closed = True
            self.fanout.unfollow(self.follower)
            await self.slots.give_back(self.ctx.principal.key_id, self.slot)

    def _wait_seconds(self, last_sent: float) -> float:
        return max(self.ctx.services.settings.sse_ping_seconds - (time.monotonic() - last_sent), 0.0)

    async def frames(self) -> AsyncIterator[bytes]:
        # Each stream's pings keep a phase of their own: streams opened together (a client fleet
        # reconnecting after a restart) would otherwise all ping in the same instant, every interval.
        last_sent = time.monotonic() - random.uniform(0.0, self.ctx.services.settings.sse_ping_seconds)
        news_head = UNKNOWN_HEAD  # read once at the start: rows committed after the cursor but before the follow
        try:
            yield b": connected\n\n"
            while True:
                # A wakeup whose head this stream has already sent needs no read (rows up to a
                # committed head are all visible: a head moves in the transaction of its rows).
                if news_head > self.cursor:
                    kept = self.follower.rows_after(self.cursor, news_head)
                    if kept is not None:
                        fetched = events.from_news(kept)
                    else:
                        fetched = await events.fetch_after(self.ctx.services, self.session_id, self.cursor)
                    SSE_ROWS.labels("poke" if kept is not None else "read").inc(len(fetched.rows))
                    if fetched.rows:
                        self.cursor = fetched.rows[-1].seq
                        # The rows of one wakeup in one write: every chunk passes each middleware's
                        # send and costs a system call of its own.
                        yield b"".join(sse_frame(row.type, wire.event(row), row.id) for row in fetched.rows)
                        last_sent = time.monotonic()
                    if fetched.ended:
                        return
                if self.follower.lease_lost:
                    message = "the Work lease of this session token ended"
                    yield sse_frame("error", envelope("authentication_error", message, self.ctx.request_id))
                    return
                news_head = -1
                first = await self.follower.next(self._wait_seconds(last_sent))
                # Previews queued before the next wakeup go out before the committed rows, so a
                # preview never trails the event it previews (NATS keeps one publisher's order).
                if self.follower.ended:
                    return  # the api is shutting down
                for item in [] if first is None else [first, *self.follower.drain()]:
                    if isinstance(item, int):
                        news_head = max(news_head, item)
                    else:
                        yield sse_frame(item["type"], item)
                        last_sent = time.monotonic()
                if time.monotonic() - last_sent >= self.ctx.services.settings.sse_ping_seconds:
                    yield sse_frame("ping", {"type": "ping"})
                    last_sent = time.monotonic()
        finally:
            await self.close()
