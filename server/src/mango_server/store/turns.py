"""Turns of a Session (``session_turns``): one per trigger event, at most one not ``done``.

A turn moves ``running`` -> ``waiting`` (a tool barrier) -> ``running`` (next round) -> ``done``;
``attempt_errors`` counts failed model calls of the current round. Not responsible for the
round protocol itself (``app.turn.engine``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from mango_server.domain.errors import NotFoundError
from mango_server.store.db import Connection, Record, from_record
from mango_server.store.events import EventRow
from mango_server.store.sessions import SessionRow
from mango_server.store.sql_loader import NamedQueries

TurnState = Literal["running", "waiting", "done"]


class Q(NamedQueries, file="turns"):
    active_turn: str
    active_or_next_trigger: str
    lock_session_with_active_turn: str
    insert_turn: str
    update_turn: str
    lock_with_active_turn: str


@dataclass(frozen=True, slots=True)
class TurnRow:
    """The state of one turn."""

    workspace_id: str
    session_id: str
    trigger_id: str
    state: str
    round: int
    attempt_errors: int


#: What a step claims or resumes: the active turn, or else the next trigger (or neither).
Claim = tuple[TurnRow | None, EventRow | None]


async def active(conn: Connection, session_id: str) -> TurnRow | None:
    """The Session's turn that is not done, if any."""
    record = await conn.fetchrow(Q.active_turn, session_id)
    return from_record(TurnRow, record) if record is not None else None


async def lock_with_active(conn: Connection, session_id: str) -> tuple[SessionRow, TurnRow] | None:
    """Lock a Session's own row and its active turn, current as of the lock; None when it has no active
    turn (or is gone, or is a child Thread's row: those take ``sessions.lock_any`` and ``active``)."""
    record = await conn.fetchrow(Q.lock_with_active_turn, session_id)
    if record is None:
        return None
    return from_record(SessionRow, record), _turn_of(record, record["workspace_id"], session_id)


async def active_or_next_trigger(conn: Connection, workspace_id: str, session_id: str) -> Claim:
    """The Session's turn that is not done, or else its next trigger (``events.next_trigger``)."""
    record = await conn.fetchrow(Q.active_or_next_trigger, session_id)
    assert record is not None  # the functions answer one row
    return claim_of(record, workspace_id, session_id)


def claim_of(record: Record, workspace_id: str, session_id: str) -> Claim:
    """The active turn (``turn_*`` columns) or next trigger (``trigger_*``) a record carries."""
    if record["turn_trigger_id"] is not None:
        return _turn_of(record, workspace_id, session_id), None
    if record["trigger_id"] is None:
        return None, None
    trigger = EventRow(
        record["trigger_seq"], record["trigger_id"], record["trigger_type"], record["trigger_payload"],
        record["trigger_trigger_id"], record["trigger_processed_at"], record["trigger_created_at"],
        record["trigger_session_thread_id"],
    )  # fmt: skip
    return None, trigger


@dataclass(frozen=True, slots=True)
class ActiveAtLock:
    """A Session's active turn (None: it has none) as read right after its row was locked."""

    turn: TurnRow | None


async def lock_session_with_active(
    conn: Connection, workspace_id: str, session_id: str
) -> tuple[SessionRow, ActiveAtLock]:
    """``sessions.get_row(lock=True)`` and the Session's active turn, current as of the lock."""
    record = await conn.fetchrow(Q.lock_session_with_active_turn, workspace_id, session_id)
    if record is None:
        raise NotFoundError(f"session {session_id} not found")
    turn = _turn_of(record, workspace_id, session_id) if record["turn_trigger_id"] is not None else None
    return from_record(SessionRow, record), ActiveAtLock(turn)


async def start(
    conn: Connection, workspace_id: str, session_id: str, trigger_id: str, blocks: Sequence[Mapping[str, object]]
) -> TurnRow:
    """Open a running turn at round 0 for ``trigger_id``, with ``blocks`` (the trigger's provider
    blocks) as its first transcript message; returns it."""
    record = await conn.fetchrow(Q.insert_turn, workspace_id, session_id, trigger_id, blocks)
    assert record is not None  # INSERT ... RETURNING answers its row
    return from_record(TurnRow, record)


async def update(
    conn: Connection, session_id: str, trigger_id: str, state: TurnState, round_: int, attempt_errors: int
) -> None:
    """Write the turn's state, round and error count."""
    await conn.execute(Q.update_turn, session_id, trigger_id, state, round_, attempt_errors)


def _turn_of(record: Record, workspace_id: str, session_id: str) -> TurnRow:
    """The turn of a record whose turn columns are prefixed ``turn_`` (beside another row's columns)."""
    return TurnRow(
        workspace_id, session_id, record["turn_trigger_id"], record["turn_state"], record["turn_round"],
        record["turn_attempt_errors"],
    )  # fmt: skip
