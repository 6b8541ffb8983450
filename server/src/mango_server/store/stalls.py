"""Reads of what a Session waits on besides its own stop reason (``app.stalls`` shapes them).

Two queries over rows other repositories own: claimable Work of the Sessions in Environments no
worker polled lately (``work``, ``work_pollers``), and live child Threads idle on a stop reason that
needs someone (``session_threads`` joined to their execution rows). Not responsible for the bound,
the wire shape or any write.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from mango_server.domain._generated import wire
from mango_server.store.db import Connection
from mango_server.store.sql_loader import NamedQueries


class Q(NamedQueries, file="stalls"):
    workers_unavailable: str
    blocked_threads: str


@dataclass(frozen=True)
class UnclaimedWork:
    """A Session's Work items no worker of their Environment is there to claim."""

    workspace_id: str
    session_id: str
    environment_id: str
    work_ids: list[str]
    since: datetime

    def as_wire(self) -> wire.WorkerUnavailableStall:
        """The stall as ``Session.stalls`` and the ``session.worker_unavailable`` notification show it."""
        return {
            "type": "worker_unavailable",
            "environment_id": self.environment_id,
            "work_ids": self.work_ids[:256],
            "since": self.since.isoformat().replace("+00:00", "Z"),
        }


@dataclass(frozen=True)
class BlockedThread:
    """A live child Thread idle on a stop reason that waits for someone."""

    session_id: str
    thread_id: str
    stop_reason: wire.StopReason


async def unclaimed_work(conn: Connection, session_ids: list[str] | None, bound_seconds: float) -> list[UnclaimedWork]:
    """Work of ``session_ids`` (None: of every Session) claimable for at least ``bound_seconds`` with no poll
    of its Environment in that time."""
    rows = await conn.fetch(Q.workers_unavailable, session_ids, bound_seconds)
    return [
        UnclaimedWork(
            str(r["workspace_id"]), str(r["session_id"]), str(r["environment_id"]), list(r["work_ids"]), r["since"]
        )
        for r in rows
    ]


async def blocked_threads(conn: Connection, session_ids: list[str]) -> list[BlockedThread]:
    """The blocked live child Threads of ``session_ids``, oldest first per Session."""
    rows = await conn.fetch(Q.blocked_threads, session_ids)
    return [BlockedThread(str(r["session_id"]), str(r["thread_id"]), r["stop_reason"]) for r in rows]
