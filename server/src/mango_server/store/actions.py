"""Tool actions of a Session's turns (``session_actions``): the requires_action barrier and its results.

Each model tool call of a round is one action, keyed by its public event id. States: ``pending``,
``awaiting_confirmation`` and ``allowed`` are open (the barrier waits for them); ``resolved``,
``denied``, ``rejected`` and ``cancelled`` are closed. Not responsible for deciding a call's kind
or permission (``domain.tools``).
"""

from __future__ import annotations

from dataclasses import dataclass

from mango_server.store.db import Connection, from_record
from mango_server.store.sql_loader import NamedQueries

#: Must match ``cancel_open_actions`` in ``sql/actions.sql``.
OPEN_STATES = ("pending", "awaiting_confirmation", "allowed")


class Q(NamedQueries, file="actions"):
    insert_action: str
    actions_for_round: str
    get_action: str
    resolve_action: str
    cancel_open_actions: str
    allowed_of_kind: str


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One tool call of a round and where it stands."""

    session_id: str
    event_id: str
    trigger_id: str
    round: int
    kind: str
    provider_tool_use_id: str
    name: str
    state: str
    result_event_id: str | None


@dataclass(frozen=True, slots=True)
class NewAction:
    """A tool call to record."""

    event_id: str
    kind: str
    provider_tool_use_id: str
    name: str
    state: str


async def insert(
    conn: Connection, workspace_id: str, session_id: str, trigger_id: str, round_: int, action: NewAction
) -> None:
    """Record one tool call of ``round_``."""
    await conn.execute(
        Q.insert_action,
        workspace_id,
        session_id,
        action.event_id,
        trigger_id,
        round_,
        action.kind,
        action.provider_tool_use_id,
        action.name,
        action.state,
    )


async def for_round(conn: Connection, session_id: str, trigger_id: str, round_: int) -> list[ActionRow]:
    """The calls of one round, in creation order."""
    records = await conn.fetch(Q.actions_for_round, session_id, trigger_id, round_)
    return [from_record(ActionRow, r) for r in records]


async def lock(conn: Connection, session_id: str, event_id: str) -> ActionRow | None:
    """One call, locked for update."""
    record = await conn.fetchrow(Q.get_action, session_id, event_id)
    return from_record(ActionRow, record) if record is not None else None


async def resolve(conn: Connection, session_id: str, event_id: str, state: str, result_event_id: str | None) -> None:
    """Move a call to ``state``, remembering the event that answered it."""
    await conn.execute(Q.resolve_action, session_id, event_id, state, result_event_id)


async def cancel_open(conn: Connection, session_id: str) -> None:
    """Cancel every open call of the Session (interrupts, terminal failures)."""
    await conn.execute(Q.cancel_open_actions, session_id)


async def allowed_of_kind(conn: Connection, session_id: str, kind: str) -> list[ActionRow]:
    """The Session's ``allowed`` calls of ``kind`` (run by the orchestrator), oldest first."""
    return [from_record(ActionRow, r) for r in await conn.fetch(Q.allowed_of_kind, session_id, kind)]
