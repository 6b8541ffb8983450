"""The Session outbox (``session_outbox``): at most one coalescible wakeup per Session.

Writers arm a row in the transaction that changed the Session and poke the relay with
``NOTIFY`` (the arming rules are one SQL function, ``mango_arm_outbox`` of migration 0020, which
an append that wakes the Session calls in its own statement: ``store.events.append``); a relay
claims due rows (``FOR UPDATE SKIP LOCKED`` plus a short claim lease, so several orchestrators
share the table without delivering an arming twice), delivers them and acknowledges them with
its next claim, removing a row only if it was not re-armed meanwhile (its ``created_at`` is
unchanged). Not responsible for delivery or backoff policy
(``orchestration.relay``, ``domain.backoff``). A row keeps the ``traceparent`` of the traced
writer that armed it last, so the message's trace continues through the relay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from mango_server.store.db import Connection, from_record
from mango_server.store.sql_loader import NamedQueries
from mango_server.telemetry.traces import current_traceparent

#: ``wake`` is overridden by any other kind; ``delete`` overrides everything.
WakeKind = Literal["wake", "terminate", "delete"]


class Q(NamedQueries, file="outbox"):
    upsert_outbox: str
    wake_unless_held: str
    claim_due_outbox: str
    retry_outbox: str


@dataclass(frozen=True, slots=True)
class OutboxRow:
    """One armed wakeup; ``created_at`` identifies this arming."""

    session_id: str
    workspace_id: str
    kind: str
    created_at: datetime
    attempts: int
    traceparent: str | None = None


async def wake(conn: Connection, workspace_id: str, session_id: str, kind: WakeKind = "wake") -> None:
    """Record a coalescible wakeup for the Session workflow and poke the relay."""
    await conn.execute(Q.upsert_outbox, session_id, workspace_id, kind, current_traceparent())


async def wake_unless_held(conn: Connection, workspace_id: str, session_id: str) -> None:
    """:func:`wake`, unless the Session's step hold is running (``orchestration.holds``): the caller holds
    the Session's row lock and appended the input whose poke wakes the holder."""
    await conn.execute(Q.wake_unless_held, session_id, workspace_id, current_traceparent())


async def claim_due(
    conn: Connection, limit: int, lease_seconds: float, delivered: Sequence[OutboxRow] = ()
) -> list[OutboxRow]:
    """Remove the ``delivered`` rows (each unless it was re-armed since it was read) and claim up to
    ``limit`` due rows for this relay for ``lease_seconds`` (others skip them), in one statement."""
    records = await conn.fetch(
        Q.claim_due_outbox, limit, lease_seconds, [r.session_id for r in delivered], [r.created_at for r in delivered]
    )
    return [from_record(OutboxRow, r) for r in records]


async def retry(conn: Connection, row: OutboxRow, delay_seconds: float) -> None:
    """Count a failed delivery and schedule the next attempt ``delay_seconds`` from now."""
    await conn.execute(Q.retry_outbox, row.session_id, row.created_at, delay_seconds)
