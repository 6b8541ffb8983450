"""Server-sent event streams (``x-mango-stream`` operations), decoded into typed events.

Each SSE ``data:`` line is JSON decoded by the operation's event decoder (the generated union
decoder passes unknown event types through untouched as dicts). ``ping`` events are dropped;
an ``error`` event raises the matching ``APIStatusError`` built from its envelope. Every event
id is remembered, and when the connection drops mid-stream (a transport error, not a clean end)
the stream reconnects with ``Last-Event-ID`` so the server resumes without gaps or duplicates,
at most ``RetryPolicy.max_reconnects`` times in a row, waiting the policy's backoff (or the
server's ``retry:`` hint) in between. A clean end of the body ends the iteration.

``AsyncStream`` is the async twin of ``SyncStream``; documentation lives on the sync class.

Lifecycle: created unconnected by the transport; ``open()`` (or entering the ``with`` block)
connects now, otherwise iterating connects; iterating reconnects as needed; ``close()`` or leaving
the ``with`` block releases the open response. The server starts a stream without
``Last-Event-ID`` at the moment it answers, so open it before sending the events whose
consequences you want to watch. Not responsible for building requests
or mapping HTTP status errors (the transport's ``connect`` function does both).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from types import TracebackType
from typing import Any, Generic, TypeVar

import httpx
from httpx_sse import EventSource, ServerSentEvent, SSEError

from ._exceptions import APIConnectionError, APIResponseValidationError, status_error_from_envelope
from ._retry import RetryPolicy

__all__ = ["AsyncStream", "SyncStream"]

T = TypeVar("T")
_SKIP: Any = object()


class _StreamState(Generic[T]):
    """What the sync and async streams share: the resume cursor and per-event decoding."""

    def __init__(self, decode: Callable[[Any], T], last_event_id: str | None, policy: RetryPolicy) -> None:
        self._decode = decode
        self.last_event_id = last_event_id
        self._policy = policy
        self._retry_hint: float | None = None
        self._failures = 0

    def _handle(self, sse: ServerSentEvent, response: httpx.Response) -> T:
        if sse.id:
            self.last_event_id = sse.id
        if sse.retry is not None:
            self._retry_hint = sse.retry / 1000
        if sse.event == "ping" or not sse.data.strip():
            return _SKIP  # type: ignore[no-any-return]
        try:
            data = json.loads(sse.data)
        except json.JSONDecodeError as exc:
            raise APIResponseValidationError(f"event {sse.event!r} carries invalid JSON") from exc
        if sse.event == "error":
            raise status_error_from_envelope(data, response=response)
        self._failures = 0
        return self._decode(data)

    def _next_delay(self, exc: Exception) -> float:
        """The wait before reconnecting, or raise when the reconnect budget is spent."""
        if self._failures >= self._policy.max_reconnects:
            raise APIConnectionError(f"event stream dropped {self._failures + 1} times in a row: {exc}") from exc
        delay = self._retry_hint if self._retry_hint is not None else self._policy.delay(self._failures)
        self._failures += 1
        return delay


class SyncStream(_StreamState[T]):
    """Iterate decoded events: ``for event in client.sessions.events.stream(session_id): ...``.

    To see everything a message causes, open the stream before sending it::

        with client.sessions.events.stream(session_id) as stream:  # connected here
            client.sessions.events.send(session_id, events=[...])
            for event in stream: ...

    Attributes:
        last_event_id: the id of the last event received (sent as ``Last-Event-ID`` on reconnect).
    """

    def __init__(
        self,
        connect: Callable[[str | None], httpx.Response],
        decode: Callable[[Any], T],
        *,
        last_event_id: str | None = None,
        policy: RetryPolicy,
    ) -> None:
        super().__init__(decode, last_event_id, policy)
        self._connect = connect
        self._response: httpx.Response | None = None
        self._opened: httpx.Response | None = None

    def open(self) -> SyncStream[T]:
        """Connect now (status errors raise here); iterating then reads this connection first."""
        if self._opened is None:
            self._response = self._opened = self._connect(self.last_event_id)
        return self

    def __iter__(self) -> Iterator[T]:
        while True:
            response = self._opened if self._opened is not None else self._connect(self.last_event_id)
            self._response, self._opened = response, None
            try:
                for sse in EventSource(response).iter_sse():
                    event = self._handle(sse, response)
                    if event is not _SKIP:
                        yield event
                return
            except SSEError as exc:
                raise APIResponseValidationError(str(exc)) from exc
            except httpx.TransportError as exc:
                delay = self._next_delay(exc)
            finally:
                response.close()
            self._policy.sleep(delay)

    def close(self) -> None:
        """Release the open connection, if any."""
        if self._response is not None:
            self._response.close()

    def __enter__(self) -> SyncStream[T]:
        return self.open()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


class AsyncStream(_StreamState[T]):
    """Async twin of ``SyncStream``: ``async for event in client.sessions.events.stream(...)``."""

    def __init__(
        self,
        connect: Callable[[str | None], Awaitable[httpx.Response]],
        decode: Callable[[Any], T],
        *,
        last_event_id: str | None = None,
        policy: RetryPolicy,
    ) -> None:
        super().__init__(decode, last_event_id, policy)
        self._connect = connect
        self._response: httpx.Response | None = None
        self._opened: httpx.Response | None = None

    async def open(self) -> AsyncStream[T]:
        """Connect now (status errors raise here); iterating then reads this connection first."""
        if self._opened is None:
            self._response = self._opened = await self._connect(self.last_event_id)
        return self

    async def __aiter__(self) -> AsyncIterator[T]:
        while True:
            response = self._opened if self._opened is not None else await self._connect(self.last_event_id)
            self._response, self._opened = response, None
            try:
                async for sse in EventSource(response).aiter_sse():
                    event = self._handle(sse, response)
                    if event is not _SKIP:
                        yield event
                return
            except SSEError as exc:
                raise APIResponseValidationError(str(exc)) from exc
            except httpx.TransportError as exc:
                delay = self._next_delay(exc)
            finally:
                await response.aclose()
            await self._policy.asleep(delay)

    async def close(self) -> None:
        if self._response is not None:
            await self._response.aclose()

    async def __aenter__(self) -> AsyncStream[T]:
        return await self.open()

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()
