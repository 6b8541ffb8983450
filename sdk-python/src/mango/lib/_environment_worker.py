"""``EnvironmentWorker``: Poll, lease, serve and Stop Work items of one Environment.

``handle_item()`` runs one already-acknowledged item (the entry point of a per-item sandbox):

1. decode the Work secret; a missing or malformed ``sessions_token`` is fatal (``WorkSecretError``)
   and no other credential is tried;
2. heartbeat first (``NO_HEARTBEAT``) and require success before anything else, in particular
   before building tools or running any tool;
3. run the ``SessionToolRunner`` and the lease renewal concurrently;
4. lease lost (412, ``lease_extended: false``, ``stopping``/``stopped``, 401/403, or no renewal for
   longer than the TTL): cancel tool execution, write nothing more, skip Stop;
5. normal end (terminated, deleted or idle): Stop with ``force: true`` (409 ignored). When the
   caller cancels (SIGTERM), a tool call cut short gets one error result, then Stop, then the
   cancellation continues;
6. an unexpected runner failure skips Stop so the item is reclaimed later, and is re-raised;
7. tools are built per item (after the first heartbeat) and closed at the end, in every case.

``run()`` polls with the Environment key (``WorkPoller``) and handles items one by one;
healthcheck items are answered directly; ``drain=True`` returns once the queue is empty and
``stop()`` ends the loop after the current item. ``fail_item()`` reports a permanent input
problem (``environments.work.fail``). Lifecycle: one worker per process. Not responsible for
containers or process isolation (launchers), Skill or Memory preparation.
"""

from __future__ import annotations

import logging
import os
import time
from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path

import anyio

from mango._base_client import DEFAULT_BASE_URL
from mango._client import AsyncMango
from mango._exceptions import APIStatusError, ConflictError, MangoError
from mango._generated.models import HealthcheckWorkData, SessionWorkData, Work
from mango._retry import RetryPolicy
from mango._version import __version__

from ._exceptions import LeaseLost
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
    """How ``handle_item`` ended: ``completed`` (Stopped) or ``lease_lost`` (Stop skipped)."""

    COMPLETED = "completed"
    LEASE_LOST = "lease_lost"


@dataclass(frozen=True)
class ItemResult:
    """The end of one handled item: outcome, a short reason, and the tool calls handled."""

    work_id: str
    outcome: ItemOutcome
    reason: str
    calls: tuple[DispatchedToolCall, ...] = ()


def _default_tools(context: ToolContext) -> dict[str, Tool]:
    return default_toolset(context.workdir)


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
        self._poller: WorkPoller | None = None
        self._stopping = False

    # ------------------------------------------------------------------ one item
    def _item_client(self, secret: WorkSecret) -> AsyncMango:
        policy = replace(_ITEM_CLIENT_POLICY, rand=self.backoff.rand)
        return AsyncMango(
            base_url=secret.api_base_url or self.base_url, api_key=secret.sessions_token, retry_policy=policy
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
            context = ToolContext(self.workdir, session_id, work_id, environment_id)
            tools = self.tools_factory(context)
            try:
                runner = SessionToolRunner(
                    client, session_id, tools, max_idle=self.max_idle, result_window=lease.ttl, backoff=self.backoff
                )
                return await self._serve(client, lease, runner)
            finally:
                with anyio.CancelScope(shield=True), anyio.move_on_after(self.shutdown_timeout):
                    for error in await close_tools(tools):
                        log.warning("tool close failed work_id=%s error=%r", work_id, error)

    async def _serve(self, client: AsyncMango, lease: WorkLease, runner: SessionToolRunner) -> ItemResult:
        exit_reason: str | None = None
        failure: Exception | None = None
        try:
            async with anyio.create_task_group() as tg:
                tg.start_soon(self._renew, lease, runner, tg.cancel_scope)
                try:
                    exit_reason = (await runner.run()).value
                except LeaseLost as exc:
                    lease.lose(str(exc))
                except Exception as exc:
                    failure = exc
                tg.cancel_scope.cancel()
        except anyio.get_cancelled_exc_class():
            if not lease.lost:
                with anyio.CancelScope(shield=True), anyio.move_on_after(self.shutdown_timeout):
                    await runner.post_interrupted_result()
                    await self._stop(client, lease)
            raise
        calls = tuple(runner.calls)
        if lease.lost:
            return ItemResult(lease.work_id, ItemOutcome.LEASE_LOST, lease.lost_reason or "lease lost", calls)
        if failure is not None:
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
    async def _renew(lease: WorkLease, runner: SessionToolRunner, scope: anyio.CancelScope) -> None:
        try:
            await lease.keep()
        except LeaseLost:
            runner.fence()
            scope.cancel()

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
        async with AsyncMango(base_url=self.base_url, api_key=self._environment_key, retry_policy=policy) as client:
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
