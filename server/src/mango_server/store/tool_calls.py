"""The operation journal of worker-run built-ins and managed ``web_fetch`` calls (``tool_calls``).

A call's ``session_actions`` row is its ``prepared`` state; :func:`start` records ``started``
(once: a second start inserts nothing), and the call ends ``completed`` (its result was recorded)
or ``ambiguous`` (its executor stopped after the start: the outcome is unknown and it is never
run again). A worker call remembers the Work lease (the SHA-256 of its session token) that started
it, so a later lease of the Session finds the calls whose worker is gone (:func:`stale_worker_calls`).
Not responsible for locking the call's action or answering it (``app.tool_calls``,
``app.turn.managed_calls``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from mango_server.store.db import Connection, from_record
from mango_server.store.sql_loader import NamedQueries

Executor = Literal["worker", "managed"]
Finished = Literal["completed", "ambiguous"]


class Q(NamedQueries, file="tool_calls"):
    start_call: str
    get_call: str
    finish_call: str
    stale_worker_calls: str
    settle_interrupted: str


@dataclass(frozen=True, slots=True)
class ToolCallRow:
    """One journalled call (``session_id`` is the execution row: a child Thread's own for its calls)."""

    workspace_id: str
    session_id: str
    event_id: str
    executor: str
    name: str
    state: str
    work_id: str | None
    token_digest: bytes | None
    started_at: datetime
    finished_at: datetime | None


@dataclass(frozen=True, slots=True)
class Starter:
    """Who starts a call: the Work lease of a session token, or nobody's (a Workspace key, the orchestrator)."""

    executor: Executor
    work_id: str | None = None
    token_digest: bytes | None = None


async def start(
    conn: Connection, workspace_id: str, session_id: str, event_id: str, name: str, starter: Starter
) -> ToolCallRow | None:
    """Record ``started``; ``None`` when the call was already started (it must not run again)."""
    record = await conn.fetchrow(
        Q.start_call,
        workspace_id,
        session_id,
        event_id,
        starter.executor,
        name,
        starter.work_id,
        starter.token_digest,
    )
    return from_record(ToolCallRow, record) if record is not None else None


async def get(conn: Connection, session_id: str, event_id: str) -> ToolCallRow | None:
    """One call of the journal, if it was ever started."""
    record = await conn.fetchrow(Q.get_call, session_id, event_id)
    return from_record(ToolCallRow, record) if record is not None else None


async def finish(conn: Connection, session_id: str, event_id: str, state: Finished) -> ToolCallRow | None:
    """Close a started call; ``None`` when it was never started (or is already closed)."""
    record = await conn.fetchrow(Q.finish_call, session_id, event_id, state)
    return from_record(ToolCallRow, record) if record is not None else None


async def stale_worker_calls(conn: Connection, session_id: str, work_id: str) -> list[ToolCallRow]:
    """The open worker calls of a Session (and its child Threads) started under another lease than ``work_id``'s."""
    return [from_record(ToolCallRow, r) for r in await conn.fetch(Q.stale_worker_calls, session_id, work_id)]


async def settle_interrupted(conn: Connection, session_id: str) -> None:
    """An interrupt (or the end of the Session) closes its started calls as ``ambiguous``."""
    await conn.execute(Q.settle_interrupted, session_id)
