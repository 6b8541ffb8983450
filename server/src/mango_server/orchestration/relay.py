"""The outbox relay: moves committed wakeups from PostgreSQL to Temporal (a signal, or signal-with-start).

The relay is the correctness path from accepted input to execution: it LISTENs for
``mango_outbox`` notifications for low latency and also scans the table every second, so a
lost notification or a crash costs latency only. The rows of one claim are delivered
concurrently and the delivered ones removed by the next claim's statement (at most a scan
interval later), each only if it was not re-armed meanwhile (its ``created_at`` is unchanged):
one round trip per drain instead of two. A relay that stops before that claim leaves its
delivered rows to be delivered again once their claim lease ends; a repeated wakeup is harmless
(the workflow finds nothing new), and a repeated ``delete`` finds the Session gone. For the same
reason a claim's commit does not wait for its WAL flush (``store/sql/outbox.sql``): a crash can
only make rows due again. ``delete``
rows also finish the fenced deletion saga: terminate the workflow, then, in one transaction,
queue the teardown of the Session's sandbox (a ``session_teardown`` Work item, ``store.work``) and
remove the Session rows.
A failed delivery is retried after ``domain.backoff.delay`` (jittered, capped at 30 s).

Several orchestrators may run at once: each claims due rows with ``FOR UPDATE SKIP LOCKED`` and
a claim lease longer than any delivery (every Temporal call carries a shorter RPC timeout), so
an arming is delivered by one relay only. The relay outlives its dependencies: a PostgreSQL or
Temporal error outside a single delivery (a restart, a dropped LISTEN connection) is logged
and the relay starts over after the same jittered backoff instead of ending the orchestrator.
Not responsible for the SQL (``store.outbox``) or for what the workflow does with a wakeup.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable
from datetime import timedelta

from opentelemetry.trace import SpanKind
from temporalio.client import Client
from temporalio.common import WorkflowIDConflictPolicy
from temporalio.service import RPCError, RPCStatusCode

from mango_server.domain import backoff
from mango_server.orchestration.types import SessionWorkflowInput, workflow_id
from mango_server.orchestration.workflows import SessionWorkflow
from mango_server.store import outbox, sessions, work
from mango_server.store.db import Pool
from mango_server.store.outbox import OutboxRow
from mango_server.telemetry import metrics, traces

log = logging.getLogger(__name__)
_SCAN_SECONDS = 1.0
_BATCH = 100
_RPC_TIMEOUT = timedelta(seconds=10)  # bounds one delivery...
_CLAIM_SECONDS = 30.0  # ...well inside its claim, so no other relay delivers the row meanwhile


class OutboxRelay:
    """Runs until cancelled."""

    def __init__(
        self, pool: Pool, client: Client, task_queue: str, *, rand: Callable[[], float] = random.random
    ) -> None:
        self._pool = pool
        self._client = client
        self._task_queue = task_queue
        self._poke = asyncio.Event()
        self._rand = rand  # jitter source of the retry delay
        self._failures = 0  # consecutive failures of the relay loop itself
        self._delivered: list[OutboxRow] = []  # acknowledged by the next claim

    async def run(self) -> None:
        """Serve until cancelled, starting over after any failure of the database or Temporal."""
        self._failures = 0
        while True:
            try:
                await self._serve()
            except Exception as exc:
                pause = backoff.delay(self._failures, rand=self._rand)
                self._failures += 1
                log.warning(
                    "outbox relay failed; retrying error=%s retry_in=%.2fs",
                    type(exc).__name__,
                    pause,
                    extra={"action": "relay.failed"},
                )
                await asyncio.sleep(pause)

    async def _serve(self) -> None:
        listener = await self._pool.acquire()
        poke = self._on_notify
        try:
            await listener.add_listener("mango_outbox", poke)
            while not listener.is_closed():
                self._poke.clear()
                while await self.drain_once() == _BATCH:
                    pass
                self._failures = 0
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._poke.wait(), timeout=_SCAN_SECONDS)
            raise ConnectionError("the LISTEN connection was closed")
        finally:
            # The pool does not reset connections on release (``store.db``): UNLISTEN here. A
            # connection the server dropped cannot UNLISTEN; the pool must still take it back.
            try:
                await asyncio.wait_for(listener.remove_listener("mango_outbox", poke), timeout=5)
                await self._pool.release(listener, timeout=5)
            except Exception:
                listener.terminate()
                await self._pool.release(listener)

    def _on_notify(self, *_: object) -> None:
        self._poke.set()

    async def drain_once(self) -> int:
        """Acknowledge the last claim's deliveries, claim the due rows and deliver each once; returns
        how many were claimed."""
        async with self._pool.acquire() as conn:
            rows = await outbox.claim_due(conn, _BATCH, _CLAIM_SECONDS, self._delivered)
        self._delivered = []
        results = await asyncio.gather(*(self._deliver(row) for row in rows), return_exceptions=True)
        self._delivered = [row for row, result in zip(rows, results, strict=True) if result == "ok"]
        failed = [r for r in results if isinstance(r, BaseException)]
        if failed:
            raise failed[0]
        return len(rows)

    async def _deliver(self, row: OutboxRow) -> str:
        """Deliver one row; "ok" when it is delivered (the caller acknowledges it), else "retry"."""
        # The delivery continues the trace of the request that armed the row (``store.outbox``).
        with traces.span_under("outbox.deliver", row.traceparent, kind=SpanKind.PRODUCER):
            outcome = await self._deliver_once(row)
        metrics.OUTBOX_DELIVERIES.labels(row.kind, outcome).inc()
        if outcome == "ok":
            metrics.OUTBOX_LAG.observe(max(0.0, time.time() - row.created_at.timestamp()))
        return outcome

    async def _deliver_once(self, row: OutboxRow) -> str:
        session_id, kind = row.session_id, row.kind
        try:
            if kind == "delete":
                await self._finish_delete(session_id)
            else:
                await self._wake(session_id, kind)
        except Exception as exc:
            delay = backoff.delay(row.attempts, rand=self._rand)
            log.warning(
                "outbox delivery failed session_id=%s kind=%s error=%s",
                session_id,
                kind,
                type(exc).__name__,
                extra={"action": "relay.retry"},
            )
            async with self._pool.acquire() as conn:
                await outbox.retry(conn, row, delay)
            return "retry"
        log.debug("outbox delivered session_id=%s kind=%s", session_id, kind, extra={"action": "relay.delivered"})
        return "ok"

    async def _wake(self, session_id: str, kind: str) -> None:
        """Signal the Session's workflow; start it with the signal only when no run is open.

        A plain signal costs Temporal less than a signal-with-start, and nearly every wakeup finds
        the workflow running; the first one of a Session, or one after its run ended, starts it.
        """
        args = [kind, traces.current_traceparent() or ""]
        try:
            await self._client.get_workflow_handle(workflow_id(session_id)).signal(
                SessionWorkflow.wake, args=args, rpc_timeout=_RPC_TIMEOUT
            )
            return
        except RPCError as exc:
            if exc.status != RPCStatusCode.NOT_FOUND:
                raise
        await self._client.start_workflow(
            SessionWorkflow.run,
            SessionWorkflowInput(session_id),
            id=workflow_id(session_id),
            task_queue=self._task_queue,
            id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
            start_signal="wake",
            start_signal_args=args,
            rpc_timeout=_RPC_TIMEOUT,
        )

    async def _finish_delete(self, session_id: str) -> None:
        async with self._pool.acquire() as conn:
            children = await sessions.children_of(conn, session_id)
        for target in [*children, session_id]:  # every child Thread stops before the primary workflow
            handle = self._client.get_workflow_handle(workflow_id(target))
            try:
                await handle.terminate(reason="session deleted", rpc_timeout=_RPC_TIMEOUT)
            except RPCError as exc:
                if exc.status != RPCStatusCode.NOT_FOUND:
                    raise
        async with self._pool.acquire() as conn, conn.transaction():
            # The sandbox's teardown is queued with the removal: a worker removes the workspace.
            await work.enqueue_teardown(conn, session_id)
            await sessions.delete_fenced(conn, session_id)
        log.info("session deleted session_id=%s", session_id, extra={"action": "session.deleted"})
