"""``SessionToolRunner``: serve one Session's local tool calls over its event stream.

Order of operations (the stream first, so nothing committed in between is missed):

1. open ``sessions.events.stream`` and wait until it is connected;
2. read the whole history (``sessions.events.list``, every page) so calls that already have a
   ``user.tool_result`` are never run again; every event is deduplicated by id;
3. for each ``agent.tool_use`` whose name is one of ``tools``, in commit order and one at a time:
   ``evaluated_permission`` ``allow`` runs; ``ask`` waits for a ``user.tool_confirmation``
   (allow runs, deny skips and posts nothing); ``deny`` or an unknown value never runs. A tool
   that is not ``read_only`` (``bash``, ``write``, ``edit``, any tool of yours that does not say
   so) runs only after ``sessions.tool_calls.start`` answered ``started``: the operation journal
   records the start first, so the call never runs twice. ``ambiguous`` (a worker before this one
   started it and stopped; Mango answered it for the model) or a 409 (already started or
   answered) means it does not run and nothing is posted. The result is posted as
   ``user.tool_result`` (``session_thread_id`` copied). A call Mango answered itself
   (``agent.tool_result``) counts as answered.
   ``agent.mcp_tool_use``, ``agent.custom_tool_use`` and unknown tool names are left alone for
   their owners.

A start whose outcome is unknown is retried with the same ``Idempotency-Key`` (the server replays
its first answer) until ``result_window`` runs out. A result write whose outcome is unknown
(timeout, dropped connection, 5xx) is never blindly repeated: history is re-read for a result
with that ``tool_use_id`` first. Writes are retried until ``result_window`` (the lease TTL) runs
out. A 401/403/412 from any call means the lease is lost: the runner raises ``LeaseLost`` at once
and writes nothing more. The stream reconnects with jittered backoff, resuming with
``Last-Event-ID``.

The run ends with ``RunnerExit.TERMINATED`` (``session.status_terminated``), ``DELETED``
(``session.deleted``) or ``IDLE`` (idle with a stop reason other than ``requires_action``, such
as ``end_turn``, and no new event for ``max_idle`` seconds).

Lifecycle: one runner per Work activation; ``await runner.run()`` once. ``fence()`` (lease lost,
from the heartbeat side) stops it without further writes; ``post_interrupted_result()`` answers a
call cut short by a graceful shutdown. Not responsible for heartbeats, Stop, secrets or closing
the tools it borrows (``EnvironmentWorker`` owns those).
"""

from __future__ import annotations

import logging
import math
import os
import time
from collections.abc import Callable, Mapping
from typing import Any

import anyio
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream

from mango._base_client import IDEMPOTENCY_HEADER, new_idempotency_key
from mango._client import AsyncMango
from mango._exceptions import APIConnectionError, APIStatusError, ConflictError, MangoError
from mango._retry import RetryPolicy

from ._exceptions import LeaseLost
from ._session_state import DispatchedToolCall, Event, RunnerExit, SessionState, as_event
from ._tool import Tool, ToolResult, is_read_only
from ._tool_results import ResultFileMismatch, materialise_tool_results

__all__ = ["DispatchedToolCall", "RunnerExit", "SessionToolRunner", "lease_error"]

log = logging.getLogger(__name__)

DEFAULT_RUNNER_BACKOFF = RetryPolicy(max_retries=0, base_delay=0.5, max_delay=10.0)
LEASE_STATUSES = frozenset({401, 403, 412})
_NOT_PROCESSED = frozenset({429, 503})
_MAX_RESULT_CHARS = 1_000_000
_INTERRUPTED = "The worker stopped while this tool call was running; it may have partly completed."


def lease_error(exc: BaseException) -> bool:
    return isinstance(exc, APIStatusError) and exc.status_code in LEASE_STATUSES


class SessionToolRunner:
    """Runs one Session's local tool calls; see the module docstring for the rules.

    Example::

        async with AsyncMango(base_url=url, api_key=sessions_token) as client:
            runner = SessionToolRunner(client, session_id, default_toolset(workdir))
            exit = await runner.run()
    """

    def __init__(
        self,
        client: AsyncMango,
        session_id: str,
        tools: Mapping[str, Tool],
        *,
        max_idle: float | None = 60.0,
        result_window: float = 90.0,
        backoff: RetryPolicy = DEFAULT_RUNNER_BACKOFF,
        on_call: Callable[[DispatchedToolCall], None] | None = None,
        workdir: str | os.PathLike[str] | None = None,
    ) -> None:
        """Args:
        client: a client authenticated with the Work's session token.
        session_id: the Session to serve.
        tools: local tools by name (borrowed: the runner never closes them).
        max_idle: seconds of silence after an ``end_turn`` idle before returning (``None`` never).
        result_window: how long a result write is retried, normally the lease TTL.
        backoff: jittered backoff between retries and stream reconnects.
        on_call: called with each handled call (also recorded in ``calls``).
        workdir: the Session workspace; when set, large MCP results (``file_id``) are downloaded to
            ``<workdir>/.mango-tool-results/{file_id}.txt`` before each dispatch.
        """
        self.client = client
        self.session_id = session_id
        self.tools = dict(tools)
        self.max_idle = max_idle
        self.result_window = result_window
        self.backoff = backoff
        self.on_call = on_call
        self.workdir = workdir
        self.calls: list[DispatchedToolCall] = []
        self.in_flight: DispatchedToolCall | None = None
        self._state = SessionState(session_id, self.tools)
        self._fenced = False
        self._connected = False
        self._ready = anyio.Event()
        self._history_last_id: str | None = None  # the newest event the history read returned
        self._reader_error: Exception | None = None
        self._scope: anyio.CancelScope | None = None

    # ------------------------------------------------------------------ control
    def fence(self) -> None:
        """The lease is lost: cancel whatever runs and never write again."""
        self._fenced = True
        if self._scope is not None:
            self._scope.cancel()

    @property
    def fenced(self) -> bool:
        return self._fenced

    def _check_fence(self) -> None:
        if self._fenced:
            raise LeaseLost("the Work lease was lost; nothing more is written")

    def _lost(self, exc: BaseException) -> LeaseLost:
        self._fenced = True
        return LeaseLost(f"the session token was refused: {exc}")

    async def run(self) -> RunnerExit:
        """Serve tool calls until the Session ends, is deleted or stays idle for ``max_idle``.

        Raises:
            LeaseLost: a call answered 401/403/412, or ``fence()`` was called.
        """
        send, receive = anyio.create_memory_object_stream[Event](math.inf)
        outcome: RunnerExit | None = None
        error: Exception | None = None
        with receive:
            async with anyio.create_task_group() as tg:
                tg.start_soon(self._read_stream, send)
                with anyio.CancelScope() as self._scope:
                    try:
                        outcome = await self._serve(receive)
                    except Exception as exc:
                        error = exc
                tg.cancel_scope.cancel()
        if error is not None:
            raise error
        if outcome is None:
            self._check_fence()
            raise self._reader_error or APIConnectionError("the event stream ended unexpectedly")
        return outcome

    # ------------------------------------------------------------------ stream
    async def _read_stream(self, send: MemoryObjectSendStream[Event]) -> None:
        last_id: str | None = None
        failures = 0
        try:
            while True:
                stream = self.client.sessions.events.stream(self.session_id, last_event_id=last_id)
                self._hook_connected(stream)
                try:
                    async for item in stream:
                        failures = 0
                        event = as_event(item)
                        await send.send(event)
                        if event.get("type") == "session.deleted":
                            return
                    error: MangoError = APIConnectionError("the event stream closed")
                except LeaseLost:
                    raise
                except APIStatusError as exc:
                    if lease_error(exc):
                        raise self._lost(exc) from None
                    if exc.status_code < 500 and exc.status_code not in _NOT_PROCESSED:
                        raise
                    error = exc
                except APIConnectionError as exc:
                    error = exc
                finally:
                    # A stream that delivered nothing yet resumes after the history read meanwhile:
                    # reconnecting without an id would skip what was committed in between.
                    last_id = stream.last_event_id or last_id or self._history_last_id
                    await stream.close()
                delay = self.backoff.delay(failures)
                failures += 1
                log.info("event stream reconnecting session_id=%s in=%.2fs reason=%s", self.session_id, delay, error)
                await anyio.sleep(delay)
        except Exception as exc:
            self._reader_error = exc
            if self._scope is not None:
                self._scope.cancel()
        finally:
            self._ready.set()
            send.close()

    def _hook_connected(self, stream: Any) -> None:
        # The SDK stream connects lazily inside iteration and has no "connected" hook; history must
        # be read only once the first connection is up, so wrap its connect function.
        inner = stream._connect

        async def connect(resume_from: str | None) -> Any:
            response = await inner(resume_from)
            self._connected = True
            self._ready.set()
            return response

        stream._connect = connect

    # ------------------------------------------------------------------ serving
    async def _serve(self, receive: MemoryObjectReceiveStream[Event]) -> RunnerExit:
        await self._ready.wait()
        if not self._connected:
            raise self._reader_error or APIConnectionError("the event stream could not connect")
        await self._read_history()
        while True:
            self._drain(receive)
            if self._state.ended is not None:
                log.info("session ended session_id=%s exit=%s", self.session_id, self._state.ended.value)
                return self._state.ended
            call = self._state.next_ready(self._record)
            if call is not None:
                await self._dispatch(call)
                continue
            timeout = self._state.idle_timeout(self.max_idle)
            if timeout is not None and timeout <= 0:
                log.info("session idle session_id=%s max_idle=%s", self.session_id, self.max_idle)
                return RunnerExit.IDLE
            with anyio.move_on_after(math.inf if timeout is None else timeout):
                try:
                    self._state.ingest(await receive.receive())
                except anyio.EndOfStream:
                    self._check_fence()
                    if self._state.ended is not None:
                        continue
                    raise self._reader_error or APIConnectionError("the event stream ended") from None

    def _drain(self, receive: MemoryObjectReceiveStream[Event]) -> None:
        while True:
            try:
                self._state.ingest(receive.receive_nowait())
            except (anyio.WouldBlock, anyio.EndOfStream):
                return

    async def _read_history(self) -> None:
        deadline = time.monotonic() + self.result_window
        failures = 0
        while True:
            try:
                async for item in self.client.sessions.events.list(self.session_id, limit=1000):
                    event = as_event(item)
                    self._state.ingest(event)
                    self._history_last_id = str(event.get("id") or "") or self._history_last_id
                return
            except APIStatusError as exc:
                if lease_error(exc):
                    raise self._lost(exc) from None
                if (exc.status_code < 500 and exc.status_code not in _NOT_PROCESSED) or time.monotonic() > deadline:
                    raise
            except APIConnectionError:
                if time.monotonic() > deadline:
                    raise
            await anyio.sleep(self.backoff.delay(failures))
            failures += 1

    async def _dispatch(self, call: DispatchedToolCall) -> None:
        self.in_flight = call
        log.info(
            "running tool session_id=%s tool_use_id=%s name=%s",
            self.session_id,
            call.tool_use_id,
            call.name,
            extra={"action": "tool.started"},
        )
        call.result = await self._materialise()
        if call.result is None and (is_read_only(self.tools[call.name]) or await self._start(call)):
            call.result = await self._execute(call)
        elif call.result is None:  # not started by us: it does not run, and its answer is not ours to give
            self.in_flight = None
            self._state.answered(call.tool_use_id)
            self._record(call)
            return
        self._check_fence()
        call.posted = await self._post_result(call)
        self.in_flight = None
        self._state.answered(call.tool_use_id)
        self._record(call)

    async def _start(self, call: DispatchedToolCall) -> bool:
        """Record the call's start in the operation journal before it runs; True only when this start began it.

        A refused start (400/404) leaves an error result in ``call.result`` for the caller to post.
        """
        deadline = time.monotonic() + self.result_window
        key = new_idempotency_key()  # every retry replays the first answer instead of starting again
        failures = 0
        while True:
            self._check_fence()
            try:
                answer = await self.client.sessions.tool_calls.start(
                    self.session_id,
                    call.tool_use_id,
                    session_thread_id=call.session_thread_id,
                    extra_headers={IDEMPOTENCY_HEADER: key},
                )
            except ConflictError as exc:
                call.journal = "conflict"
                log.info("tool call not started tool_use_id=%s reason=%s", call.tool_use_id, exc.message)
                return False
            except APIStatusError as exc:
                if lease_error(exc):
                    raise self._lost(exc) from None
                if exc.status_code < 500 and exc.status_code not in _NOT_PROCESSED:
                    call.journal = "refused"
                    call.result = ToolResult(
                        f"[mango] the tool did not run: its start was refused ({exc.error_type})", True
                    )
                    return False
                error: MangoError = exc
            except APIConnectionError as exc:
                error = exc
            else:
                call.journal = str(answer.state)
                if call.journal != "started":
                    log.warning(
                        "tool call not run session_id=%s tool_use_id=%s state=%s",
                        self.session_id,
                        call.tool_use_id,
                        call.journal,
                        extra={"action": f"tool.{call.journal}"},
                    )
                return call.journal == "started"
            if time.monotonic() > deadline:
                raise error
            await anyio.sleep(self.backoff.delay(failures))
            failures += 1

    async def _materialise(self) -> ToolResult | None:
        """Download large MCP results before a dispatch; a corrupt download answers the call instead of running it."""
        if self.workdir is None or not self._state.result_files:
            return None
        try:
            await materialise_tool_results(
                self.client, self.workdir, self._state.result_files, self._state.result_checks
            )
        except ResultFileMismatch as exc:
            log.warning("result file mismatch session_id=%s error=%s", self.session_id, exc)
            return ToolResult(f"The tool did not run: {exc}. It is downloaded again before the next call.", True)
        return None

    async def _execute(self, call: DispatchedToolCall) -> ToolResult:
        try:
            result = await self.tools[call.name].run(call.input)
        except Exception as exc:
            log.warning("tool raised name=%s tool_use_id=%s error=%s", call.name, call.tool_use_id, type(exc).__name__)
            return ToolResult(f"The {call.name} tool failed: {type(exc).__name__}: {exc}", is_error=True)
        if not isinstance(result, ToolResult):
            return ToolResult(f"The {call.name} tool returned {type(result).__name__}, not a ToolResult", True)
        return result

    def _record(self, call: DispatchedToolCall) -> None:
        self.calls.append(call)
        if self.on_call is not None:
            self.on_call(call)

    # ------------------------------------------------------------------ results
    def _result_event(self, call: DispatchedToolCall) -> Event:
        result = call.result or ToolResult("", is_error=True)
        text = result.text if len(result.text) <= _MAX_RESULT_CHARS else result.text[-_MAX_RESULT_CHARS:]
        event: Event = {
            "type": "user.tool_result",
            "tool_use_id": call.tool_use_id,
            "content": [{"type": "text", "text": text}],
            "is_error": result.is_error,
        }
        if call.session_thread_id:
            event["session_thread_id"] = call.session_thread_id
        return event

    async def _post_result(self, call: DispatchedToolCall) -> bool:
        """Write the result once; True when it is (or already was) committed by us."""
        deadline = time.monotonic() + self.result_window
        failures = 0
        while True:
            self._check_fence()
            try:
                await self.client.sessions.events.send(self.session_id, events=[self._result_event(call)])
                return True
            except ConflictError:
                log.info("result already recorded tool_use_id=%s", call.tool_use_id)
                return False
            except APIStatusError as exc:
                if lease_error(exc):
                    raise self._lost(exc) from None
                retry = exc.status_code in _NOT_PROCESSED or exc.status_code >= 500
                if exc.status_code >= 500 and await self._result_exists(call.tool_use_id):
                    return True
                if not retry:
                    self._downgrade(call, exc)
                error: MangoError = exc
            except APIConnectionError as exc:
                if await self._result_exists(call.tool_use_id):
                    return True
                error = exc
            if time.monotonic() > deadline:
                raise error
            await anyio.sleep(self.backoff.delay(failures))
            failures += 1

    def _downgrade(self, call: DispatchedToolCall, exc: APIStatusError) -> None:
        """A result the server refuses (400/404/413) is replaced once by a short error result."""
        if call.result is not None and call.result.text.startswith("[mango] "):
            raise exc
        log.warning("result refused tool_use_id=%s status=%s", call.tool_use_id, exc.status_code)
        call.result = ToolResult(f"[mango] the tool result could not be delivered: {exc.error_type}", True)

    async def _result_exists(self, tool_use_id: str) -> bool:
        """Whether history already holds a ``user.tool_result`` for ``tool_use_id`` (after an ambiguous write)."""
        self._check_fence()
        try:
            async for item in self.client.sessions.events.list(self.session_id, limit=1000, types=["user.tool_result"]):
                if as_event(item).get("tool_use_id") == tool_use_id:
                    return True
        except APIStatusError as exc:
            if lease_error(exc):
                raise self._lost(exc) from None
            return False
        except APIConnectionError:
            return False
        return False

    async def post_interrupted_result(self, text: str = _INTERRUPTED) -> bool:
        """Answer the in-flight call with an error result (graceful shutdown only, never after lease loss)."""
        call = self.in_flight
        if call is None or call.posted or self._fenced:
            return False
        call.result = ToolResult(text, is_error=True)
        try:
            call.posted = await self._post_result(call)
        except MangoError as exc:
            log.warning("interrupted result not delivered tool_use_id=%s error=%s", call.tool_use_id, exc)
            return False
        self.in_flight = None
        self._record(call)
        return call.posted
