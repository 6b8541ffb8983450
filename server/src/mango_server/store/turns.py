"""Turns of a Session (``session_turns``): one per trigger event, at most one not ``done``.

A turn moves ``running`` -> ``waiting`` (a tool barrier) -> ``running`` (next round) -> ``done``;
``attempt_errors`` counts failed model calls of the current round. Not responsible for the
round protocol itself (``app.turns``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from mango_server.store.db import Connection, from_record
from mango_server.store.sql_loader import NamedQueries

TurnState = Literal["running", "waiting", "done"]


class Q(NamedQueries, file="turns"):
    active_turn: str
    insert_turn: str
    update_turn: str


@dataclass(frozen=True, slots=True)
class TurnRow:
    """The state of one turn."""

    workspace_id: str
    session_id: str
    trigger_id: str
    state: str
    round: int
    attempt_errors: int


async def active(conn: Connection, session_id: str) -> TurnRow | None:
    """The Session's turn that is not done, if any."""
    record = await conn.fetchrow(Q.active_turn, session_id)
    return from_record(TurnRow, record) if record is not None else None


async def start(conn: Connection, workspace_id: str, session_id: str, trigger_id: str) -> TurnRow:
    """Open a running turn at round 0 for ``trigger_id``; returns it."""
    record = await conn.fetchrow(Q.insert_turn, workspace_id, session_id, trigger_id)
    assert record is not None  # INSERT ... RETURNING answers its row
    return from_record(TurnRow, record)


async def update(
    conn: Connection, session_id: str, trigger_id: str, state: TurnState, round_: int, attempt_errors: int
) -> None:
    """Write the turn's state, round and error count."""
    await conn.execute(Q.update_turn, session_id, trigger_id, state, round_, attempt_errors)
