"""``EnvironmentWorker``: Poll, lease, serve and Stop Work items of one Environment.

``handle_item()`` runs one already-acknowledged item (the entry point of a per-item sandbox):

1. decode the Work secret; a missing or malformed ``sessions_token`` is fatal (``WorkSecretError``)
   and no other credential is tried;
2. heartbeat first (``NO_HEARTBEAT``) and require success before anything else, in particular
   before building tools or running any tool; from then on the lease renews in the background;
3. prepare the inputs (``prepare_inputs``): fetch the Session once, publish its pinned Skills and
   download its Memory Stores. A permanent input problem Fails the item
   (``session_input_failed_error``); a transient one, once retried, ends it without Stop;
4. build the tools (read-only roots for Skills and read-only stores, allowed roots for read-write
   stores), then run the ``SessionToolRunner`` and the periodic Memory sync concurrently, and run a
   final Memory sync when the runner ends normally;
5. lease lost (412, ``lease_extended: false``, ``stopping``/``stopped``, 401/403, or no renewal for
   longer than the TTL): cancel tool execution and Memory sync, write nothing more, skip Stop;
6. normal end (terminated, deleted or idle): Stop with ``force: true`` (409 ignored). When the
   caller cancels (SIGTERM), a tool call cut short gets one error result, local Memory changes
   get a bounded push-only flush, then Stop, then the cancellation continues;
7. an unexpected runner failure gets the same bounded flush, skips Stop so the item is reclaimed
   later, and is re-raised;
8. tools are built per item and closed at the end, in every case; Skill staging folders go too.

``run()`` polls with the Environment key (``WorkPoller``) and handles items one by one;
healthcheck items are answered directly, and a deleted Session's ``session_teardown`` item is
stopped (``finish_teardown()``: this worker keeps no per-Session workspace); ``drain=True`` returns
once the queue is empty and
``stop()`` ends the loop after the current item. ``fail_item()`` reports a permanent input
problem (``environments.work.fail``). With ``api_socket`` every API call connects through that Unix
socket instead of TCP (a launcher's forwarder into a sandbox without a network). Lifecycle: one
worker per process. Not responsible for containers, process isolation or the forwarder behind
``api_socket`` (launchers), or for how inputs are validated (``_skills``, ``_memory``).
"""

from __future__ import annotations

import logging
import os
import time
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path

import anyio
import anyio.abc
import httpx

from mango._base_client import DEFAULT_BASE_URL
from mango._client import AsyncMango
from mango._exceptions import APIStatusError, ConflictError, MangoError
from mango._generated.models import HealthcheckWorkData, SessionTeardownWorkData, SessionWorkData, Work
from mango._retry import RetryPolicy
from mango._version import __version__

from ._exceptions import InputFailed, InputUnavailable, LeaseLost
from ._inputs import InputOptions, PreparedInputs, prepare_inputs
from ._lease import WorkLease
from ._poller import DEFAULT_POLL_BACKOFF, WorkPoller, default_worker_id
from ._session_state import DispatchedToolCall
from ._tool import Tool, ToolContext, ToolsFactory, close_tools
from ._tool_runner import DEFAULT_RUNNER_BACKOFF, SessionToolRunner, lease_error
from ._work_secret import WorkSecret, decode_work_secret
from .tools import default_toolset

__all__ = ["EnvironmentWorker", "ItemOutcome", "ItemResult"]

log = logging.getLogger(__name__)

_ITEM_CLIENT_POLICY = RetryPolicy(max_retries=2, base_delay=0.5, max_delay=4.0, max_retry_after=5.0)


class ItemOutcome(StrEnum):
    """How ``handle_item`` ended.

    ``completed`` (Stopped), ``lease_lost`` (Stop skipped), ``failed`` (a permanent input problem was
    reported with Fail) or ``unfinished`` (inputs unavailable for now: no Stop, the item is reclaimed).
    """

    COMPLETED = "completed"
    LEASE_LOST = "lease_lost"
    FAILED = "failed"
    UNFINISHED = "unfinished"


@dataclass(frozen=True)
class ItemResult:
    """The end of one handled item: outcome, a short reason, and the tool calls handled."""

    work_id: str
    outcome: ItemOutcome
    reason: str
    calls: tuple[DispatchedToolCall, ...] = ()


def _default_tools(context: ToolContext) -> dict[str, Tool]:
    return default_toolset(context.workdir, context.read_only_roots, allowed_roots=context.allowed_roots)


@dataclass
class _Activation:
    """What one item built so far; any part may be missing when the item ends early."""

    session_id: str
    inputs: PreparedInputs | None = None
    tools: dict[str, Tool] = field(default_factory=dict)
    runner: SessionToolRunner | None = None

    def fence(self) -> None:
        if self.runner is not None:
            self.runner.fence()

    async def flush(self, lease: WorkLease, within: float) -> None:
        if self.inputs is not None:
            await self.inputs.flush(lease, within)


class EnvironmentWorker:
    """Serves an Environment's Work; see the module docstring for the lifecycle."""

    def __init__(
        self,
        *,
        base_url: str | None = None,
        environment_id: str,
        environment_key: str | None = None,
        workdir: str | os.PathLike[str],
        tools_factory: ToolsFactory | None = None,
        max_idle: float = 60.0,
        worker_id: str | None = None,
        desired_ttl_seconds: int = 90,
        first_heartbeat_timeout: float | None = None,
        shutdown_timeout: float = 15.0,
        backoff: RetryPolicy = DEFAULT_RUNNER_BACKOFF,
        poll_backoff: RetryPolicy = DEFAULT_POLL_BACKOFF,
        api_socket: str | os.PathLike[str] | None = None,
        skills: bool = True,
        memory_sync_interval: float | None = 15.0,
        memory_root: str | os.PathLike[str] | None = None,
        memory_max_deletes_per_pass: int = 10,
    ) -> None:
        """Args:
        base_url: the API (default ``MANGO_BASE_URL``); a Work secret's ``api_base_url`` wins per item.
        environment_id: the Environment served.
        environment_key: Poll/Ack credential for ``run()`` (default ``MANGO_ENVIRONMENT_KEY``);
            ``handle_item`` never uses it.
        workdir: the Session workspace given to the tools.
        tools_factory: builds the tools of one item (default: ``default_toolset(workdir)``).
        max_idle: seconds an idle Session may stay quiet before the item ends.
        worker_id: reported on Poll (default ``<hostname>-<random>``).
        desired_ttl_seconds: the lease TTL asked for (the server caps it at 300).
        first_heartbeat_timeout: how long transient first-heartbeat failures are retried (default: the TTL).
        shutdown_timeout: bound on the cleanup after a cancellation (interrupted result, Stop, closing tools).
        backoff / poll_backoff: jittered backoff of item calls and of Poll/Ack.
        api_socket: a Unix socket that reaches the API (a launcher's forwarder, for a sandbox without
            a network); every request connects through it, and the base URL only names the host.
        skills: materialise the pinned Skills under ``<workdir>/skills`` before any tool runs.
        memory_sync_interval: seconds between Memory sync passes (at least 5); ``None`` disables Memory.
        memory_root: a local folder standing in for ``/mnt/memory`` (launchers without a container).
        memory_max_deletes_per_pass: local deletions applied remotely per sync pass, at most.
        """
        if not environment_id:
            raise ValueError("environment_id is required")
        self.base_url = (base_url or os.environ.get("MANGO_BASE_URL") or DEFAULT_BASE_URL).rstrip("/")
        self.environment_id = environment_id
        self._environment_key = environment_key or os.environ.get("MANGO_ENVIRONMENT_KEY") or None
        self.workdir = Path(workdir)
        self.tools_factory = tools_factory or _default_tools
        self.max_idle = max_idle
        self.worker_id = worker_id or default_worker_id()
        self.desired_ttl_seconds = desired_ttl_seconds
        self.first_heartbeat_timeout = first_heartbeat_timeout
        self.shutdown_timeout = shutdown_timeout
        self.backoff = backoff
        self.poll_backoff = poll_backoff
        self.api_socket = Path(api_socket) if api_socket is not None else None
        self.inputs = InputOptions(
            skills=skills,
            memory_sync_interval=memory_sync_interval,
            memory_root=Path(memory_root) if memory_root is not None else None,
            memory_max_deletes_per_pass=memory_max_deletes_per_pass,
        )
        self._poller: WorkPoller | None = None
        self._stopping = False

    # ------------------------------------------------------------------ one item
    def _http_client(self) -> httpx.AsyncClient | None:
        """The HTTP client of every API call: through ``api_socket`` when set, else the SDK's default (TCP)."""
        if self.api_socket is None:
            return None
        # The socket is the only way out: environment proxy settings would route requests around it.
        transport = httpx.AsyncHTTPTransport(uds=str(self.api_socket))
        return httpx.AsyncClient(transport=transport, follow_redirects=False, trust_env=False)

    def _item_client(self, secret: WorkSecret) -> AsyncMango:
        policy = replace(_ITEM_CLIENT_POLICY, rand=self.backoff.rand)
        return AsyncMango(
            base_url=secret.api_base_url or self.base_url,
            api_key=secret.sessions_token,
            retry_policy=policy,
            http_client=self._http_client(),
        )

    async def handle_item(self, *, work_id: str, environment_id: str, session_id: str, secret: str) -> ItemResult:
        """Run one acknowledged Work item to its end.

        Raises:
            WorkSecretError: the secret carries no usable session token (nothing was called).
        """
        credentials = decode_work_secret(secret)
        log.info("handling work work_id=%s session_id=%s", work_id, session_id, extra={"action": "work.started"})
        async with self._item_client(credentials) as client:
            lease = WorkLease(
                client, environment_id, work_id, desired_ttl_seconds=self.desired_ttl_seconds, backoff=self.backoff
            )
            try:
                await lease.acquire(self.first_heartbeat_timeout)
            except LeaseLost as exc:
                return ItemResult(work_id, ItemOutcome.LEASE_LOST, str(exc))
            item = _Activation(session_id)
            try:
                return await self._serve(client, lease, item)
            finally:
                with anyio.CancelScope(shield=True), anyio.move_on_after(self.shutdown_timeout):
                    for error in await close_tools(item.tools):
                        log.warning("tool close failed work_id=%s error=%r", work_id, error)
                    if item.inputs is not None:
                        item.inputs.cleanup()

    async def _activate(self, client: AsyncMango, lease: WorkLease, item: _Activation, tg: anyio.abc.TaskGroup) -> str:
        """Inputs, then tools, then the runner with periodic Memory sync, then the final sync."""
        item.inputs = inputs = await prepare_inputs(
            client, lease, session_id=item.session_id, workdir=self.workdir, options=self.inputs, backoff=self.backoff
        )
        context = ToolContext(
            self.workdir,
            item.session_id,
            lease.work_id,
            lease.environment_id,
            read_only_roots=inputs.read_only_roots(),
            allowed_roots=inputs.allowed_roots(),
        )
        item.tools = dict(self.tools_factory(context))
        item.runner = SessionToolRunner(
            client,
            item.session_id,
            item.tools,
            max_idle=self.max_idle,
            result_window=lease.ttl,
            backoff=self.backoff,
            workdir=self.workdir,
        )
        if self.inputs.memory_sync_interval is not None:

            def lost() -> None:
                item.fence()
                tg.cancel_scope.cancel()

            tg.start_soon(inputs.keep_memory_in_sync, self.inputs.memory_sync_interval, lost)
        exit_reason = (await item.runner.run()).value
        await inputs.final_sync()
        return exit_reason

    async def _serve(self, client: AsyncMango, lease: WorkLease, item: _Activation) -> ItemResult:
        exit_reason: str | None = None
        failure: Exception | None = None
        try:
            async with anyio.create_task_group() as tg:
                tg.start_soon(self._renew, lease, item, tg.cancel_scope)
                try:
                    exit_reason = await self._activate(client, lease, item, tg)
                except LeaseLost as exc:
                    lease.lose(str(exc))
                except Exception as exc:
                    failure = exc
                tg.cancel_scope.cancel()
        except anyio.get_cancelled_exc_class():
            if not lease.lost:
                with anyio.CancelScope(shield=True), anyio.move_on_after(self.shutdown_timeout):
                    if item.runner is not None:
                        await item.runner.post_interrupted_result()
                    await item.flush(lease, self.shutdown_timeout)
                    await self._stop(client, lease)
            raise
        calls = tuple(item.runner.calls) if item.runner is not None else ()
        if lease.lost:
            return ItemResult(lease.work_id, ItemOutcome.LEASE_LOST, lease.lost_reason or "lease lost", calls)
        if isinstance(failure, (InputFailed, InputUnavailable)):
            return await self._input_problem(client, lease, failure)
        if failure is not None:
            await item.flush(lease, self.shutdown_timeout)
            log.error(
                "work failed, left for reclaim work_id=%s error=%s",
                lease.work_id,
                failure,
                extra={"action": "work.failed"},
            )
            raise failure
        stopped = await self._stop(client, lease)
        if not stopped and lease.lost:
            return ItemResult(lease.work_id, ItemOutcome.LEASE_LOST, lease.lost_reason or "lease lost", calls)
        return ItemResult(lease.work_id, ItemOutcome.COMPLETED, exit_reason or "stopped", calls)

    @staticmethod
    async def _renew(lease: WorkLease, item: _Activation, scope: anyio.CancelScope) -> None:
        try:
            await lease.keep()
        except LeaseLost:
            item.fence()
            scope.cancel()

    async def _input_problem(self, client: AsyncMango, lease: WorkLease, problem: MangoError) -> ItemResult:
        """Fail the item for a permanent input problem; leave it for reclaim (no Stop) for a transient one."""
        if isinstance(problem, InputUnavailable):
            action = {"action": "work.inputs_unavailable"}
            log.error("inputs unavailable, left for reclaim work_id=%s error=%s", lease.work_id, problem, extra=action)
            return ItemResult(lease.work_id, ItemOutcome.UNFINISHED, str(problem))
        log.error("inputs invalid work_id=%s error=%s", lease.work_id, problem, extra={"action": "work.inputs_failed"})
        error = {"type": "session_input_failed_error", "message": str(problem)[:2048] or "input failed"}
        try:
            await client.environments.work.fail(lease.environment_id, lease.work_id, error=error)
        except ConflictError:
            pass
        except MangoError as exc:
            if lease_error(exc):
                lease.lose(f"fail refused with {exc}")
                return ItemResult(lease.work_id, ItemOutcome.LEASE_LOST, lease.lost_reason or "lease lost")
            log.error("fail not recorded, left for reclaim work_id=%s error=%s", lease.work_id, exc)
            return ItemResult(lease.work_id, ItemOutcome.UNFINISHED, str(problem))
        return ItemResult(lease.work_id, ItemOutcome.FAILED, str(problem))

    async def _stop(self, client: AsyncMango, lease: WorkLease) -> bool:
        """Stop the item with ``force``; 409 (already stopped) counts as done. False if it could not."""
        deadline = time.monotonic() + lease.ttl
        failures = 0
        while True:
            try:
                await client.environments.work.stop(lease.environment_id, lease.work_id, force=True)
                log.info("work stopped work_id=%s", lease.work_id, extra={"action": "work.stopped"})
                return True
            except ConflictError:
                return True
            except MangoError as exc:
                if lease_error(exc):
                    lease.lose(f"stop refused with {exc}")
                    return False
                if isinstance(exc, APIStatusError) and exc.status_code < 500 and exc.status_code != 429:
                    log.error("stop refused work_id=%s error=%s", lease.work_id, exc)
                    return False
                if time.monotonic() > deadline:
                    log.error("stop failed work_id=%s error=%s", lease.work_id, exc)
                    return False
            await anyio.sleep(self.backoff.delay(failures))
            failures += 1

    async def fail_item(self, *, work_id: str, environment_id: str, secret: str, message: str) -> None:
        """Report a permanent input failure: the item stops and the Session is terminated (409 ignored)."""
        credentials = decode_work_secret(secret)
        error = {"type": "session_input_failed_error", "message": (message or "input failed")[:2048]}
        async with self._item_client(credentials) as client:
            try:
                await client.environments.work.fail(environment_id, work_id, error=error)
            except ConflictError:
                log.info("work already stopped work_id=%s", work_id)
                return
        log.info("work failed work_id=%s", work_id)

    async def finish_teardown(self, *, work_id: str, environment_id: str, secret: str) -> None:
        """Stop a deleted Session's ``session_teardown`` item (409 ignored).

        This worker keeps one ``workdir`` for every Session, so it has no per-Session workspace to
        remove; a launcher that keeps one per Session removes it before stopping the item.
        """
        credentials = decode_work_secret(secret)
        async with self._item_client(credentials) as client:
            try:
                await client.environments.work.stop(environment_id, work_id, force=True)
            except ConflictError:
                log.info("work already stopped work_id=%s", work_id)
                return
        log.info("session teardown stopped work_id=%s", work_id)

    # ------------------------------------------------------------------ the loop
    def stop(self) -> None:
        """End ``run()`` after the current item (the item itself is not interrupted)."""
        self._stopping = True
        if self._poller is not None:
            self._poller.stop()

    async def run(self, *, drain: bool = False) -> None:
        """Poll and handle items until ``stop()`` (or, with ``drain``, until the queue is empty)."""
        if not self._environment_key:
            raise ValueError("an Environment key is required: pass environment_key or set MANGO_ENVIRONMENT_KEY")
        policy = replace(self.poll_backoff, max_retries=0)
        async with AsyncMango(
            base_url=self.base_url, api_key=self._environment_key, retry_policy=policy, http_client=self._http_client()
        ) as client:
            self._poller = WorkPoller(
                environment_id=self.environment_id,
                worker_id=self.worker_id,
                drain=drain,
                backoff=self.poll_backoff,
                async_client=client,
            )
            if self._stopping:
                self._poller.stop()
            async for work in self._poller:
                await self._dispatch(client, work)

    async def _dispatch(self, client: AsyncMango, work: Work) -> None:
        if isinstance(work.data, HealthcheckWorkData):
            await self._report_health(client, work)
        elif isinstance(work.data, SessionWorkData):
            try:
                result = await self.handle_item(
                    work_id=work.id,
                    environment_id=work.environment_id,
                    session_id=work.data.id,
                    secret=work.secret or "",
                )
                log.info("work done work_id=%s outcome=%s reason=%s", work.id, result.outcome, result.reason)
            except Exception:
                log.exception("work item failed work_id=%s", work.id)
        elif isinstance(work.data, SessionTeardownWorkData):
            await self.finish_teardown(work_id=work.id, environment_id=work.environment_id, secret=work.secret or "")
        else:
            log.warning("skipping unknown work item work_id=%s", work.id)

    async def _report_health(self, client: AsyncMango, work: Work) -> None:
        try:
            await client.environments.work.healthcheck.result(
                work.environment_id,
                work.id,
                status="healthy",
                message="worker reached the API",
                worker_id=self.worker_id,
                worker_version=__version__,
            )
        except ConflictError:
            pass
        except MangoError as exc:
            log.warning("healthcheck result failed work_id=%s error=%s", work.id, exc)
