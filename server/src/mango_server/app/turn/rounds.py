"""What the phases of a turn round share: the workflow's next move, the prepared round and the fences.

``lock_if_current`` is the fence of the commit phase: a round commits only while its turn is
still the active one at the same round and attempt (an interrupt, a Stop or a retry by another
worker may have moved it on). Not responsible for the phases themselves (``app.turn.prepare``,
``app.turn.commit``) or for calling the model (``app.turn.engine``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from mango_server.domain._generated import wire
from mango_server.domain.capabilities import CapabilitySnapshot
from mango_server.domain.json import json_count
from mango_server.domain.prices import Price
from mango_server.model import ModelRequest, ModelResponse
from mango_server.store import events, sessions, turns
from mango_server.store.actions import OPEN_STATES
from mango_server.store.db import Connection
from mango_server.store.sessions import SessionRow

OPEN_ACTION_STATES = OPEN_STATES
USAGE_KEYS = ("input_tokens", "output_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")


@dataclass(frozen=True)
class StepOutcome:
    """What the workflow should do next."""

    kind: Literal["idle", "continue", "retry", "stop"]
    delay_seconds: float = 0.0
    # The Session's last sequence when the step's commit left it idle and took its step hold
    # (``orchestration.holds``): an append after it is input the hold may have missed the poke of.
    held_head: int | None = None


@dataclass(frozen=True)
class Round:
    """One prepared provider round: the turn's position, its start event, what it offers and the model's input."""

    workspace_id: str
    session_id: str
    trigger_id: str
    round: int
    errors: int
    start_id: str
    snapshot: CapabilitySnapshot  # the round's Agent, Skills, MCP tools and web_fetch executor
    request: ModelRequest  # the admitted request (``app.turn.context_admission``)
    price: Price | None  # the list price of the round's model (``ModelClient.price``; ``None``: unpriced)
    estimate: int = 0  # its measured input tokens
    child: bool = False  # the round of a child Thread (its execution row is not a Session's own)
    call_attempt: int = 0  # its provider call's attempt in the journal (``store.provider_calls``); 0: none


def is_open(session: SessionRow | None) -> bool:
    """Whether the Session may still run turns (not fenced for deletion, not archived)."""
    return session is not None and session.deleting_at is None and session.archived_at is None


async def lock_if_current(conn: Connection, prepared: Round) -> SessionRow | None:
    """Lock the Session if ``prepared`` is still its active running round and attempt."""
    if prepared.child:
        session = await sessions.lock_any(conn, prepared.session_id)
        turn = await turns.active(conn, prepared.session_id) if session is not None else None
    else:  # a Session's own row: one statement locks it with its turn
        session, turn = await turns.lock_with_active(conn, prepared.session_id) or (None, None)
    if session is None or not is_open(session):
        return None
    if turn is None or turn.trigger_id != prepared.trigger_id or turn.round != prepared.round:
        return None
    if turn.state != "running" or turn.attempt_errors != prepared.errors:
        return None
    return session


async def finish_turn(conn: Connection, session_id: str, trigger_id: str) -> None:
    """Close the active turn and flush the queue: its trigger and every queued input are processed.

    (An answer that ends its turn without flushing closes it with its message:
    ``store.transcript.append_answer``.)
    """
    await turns.update(conn, session_id, trigger_id, "done", 0, 0)
    await events.mark_processed(conn, [trigger_id, *await events.queued_inputs(conn, session_id)])


def response_counts(response: ModelResponse) -> dict[str, int]:
    """The four token counters a model response reports, missing ones as 0."""
    return {k: int(getattr(response.usage, k) or 0) for k in USAGE_KEYS}


def usage_of(raw: Mapping[str, object]) -> wire.ModelUsage:
    """The four token counters of a usage object, missing ones as 0."""
    return {
        "input_tokens": json_count(raw.get("input_tokens")),
        "output_tokens": json_count(raw.get("output_tokens")),
        "cache_creation_input_tokens": json_count(raw.get("cache_creation_input_tokens")),
        "cache_read_input_tokens": json_count(raw.get("cache_read_input_tokens")),
    }
