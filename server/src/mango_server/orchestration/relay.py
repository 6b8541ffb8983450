"""The outbox relay: moves committed wakeups from PostgreSQL to Temporal (signal-with-start).

The relay is the correctness path from accepted input to execution: it LISTENs for
``mango_outbox`` notifications for low latency and also scans the table every second, so a
lost notification or a crash costs latency only. A row is deleted only if it was not
re-armed meanwhile (its ``created_at`` is unchanged). ``delete`` rows also finish the fenced
deletion saga: terminate the workflow, then remove the Session rows.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import asyncpg
from temporalio.client import Client
from temporalio.common import WorkflowIDConflictPolicy
from temporalio.service import RPCError, RPCStatusCode

from mango_server.orchestration.types import SessionWorkflowInput, workflow_id
from mango_server.orchestration.workflows import SessionWorkflow
from mango_server.store import sessions
from mango_server.store.sql_loader import Queries

log = logging.getLogger(__name__)
Q = Queries("ledger")
_SCAN_SECONDS = 1.0
_BATCH = 100


class OutboxRelay:
    """Runs until cancelled."""

    def __init__(self, pool: asyncpg.Pool, client: Client, task_queue: str) -> None:
        self._pool = pool
        self._client = client
        self._task_queue = task_queue
        self._poke = asyncio.Event()

    async def run(self) -> None:
        listener = await self._pool.acquire()
        try:
            await listener.add_listener("mango_outbox", lambda *_: self._poke.set())
            while True:
                self._poke.clear()
                while await self.drain_once() == _BATCH:
                    pass
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._poke.wait(), timeout=_SCAN_SECONDS)
        finally:
            await self._pool.release(listener)

    async def drain_once(self) -> int:
        """Deliver every due row once; returns how many rows were due."""
        rows = [dict(r) for r in await self._pool.fetch(Q.due_outbox, _BATCH)]
        await asyncio.gather(*(self._deliver(row) for row in rows))
        return len(rows)

    async def _deliver(self, row: dict[str, Any]) -> None:
        session_id, kind = row["session_id"], row["kind"]
        try:
            if kind == "delete":
                await self._finish_delete(session_id)
            else:
                await self._client.start_workflow(
                    SessionWorkflow.run,
                    SessionWorkflowInput(session_id),
                    id=workflow_id(session_id),
                    task_queue=self._task_queue,
                    id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
                    start_signal="wake",
                    start_signal_args=[kind],
                )
        except Exception as exc:
            delay = min(30.0, 0.5 * 2 ** min(int(row["attempts"]), 6))
            log.warning(
                "outbox delivery failed session_id=%s kind=%s error=%s",
                session_id,
                kind,
                type(exc).__name__,
                extra={"action": "relay.retry"},
            )
            await self._pool.execute(Q.retry_outbox, session_id, row["created_at"], delay)
            return
        await self._pool.execute(Q.ack_outbox, session_id, row["created_at"])
        log.debug("outbox delivered session_id=%s kind=%s", session_id, kind, extra={"action": "relay.delivered"})

    async def _finish_delete(self, session_id: str) -> None:
        handle = self._client.get_workflow_handle(workflow_id(session_id))
        try:
            await handle.terminate(reason="session deleted")
        except RPCError as exc:
            if exc.status != RPCStatusCode.NOT_FOUND:
                raise
        async with self._pool.acquire() as conn, conn.transaction():
            await sessions.delete_fenced(conn, session_id)
        log.info("session deleted session_id=%s", session_id, extra={"action": "session.deleted"})
