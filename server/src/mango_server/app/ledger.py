"""The write path of a Session's ledger: what appending events leads to, as steps a use case can read.

A transaction that writes the ledger is a :class:`Tx`: its connection and, when its writer pokes
live readers with the rows it committed, the collector of those rows (``live.pokes.Appended``).
The use case (or the turn engine) that opens the transaction builds its ``Tx``, and every function
that appends takes one, so what an append touches is in the signatures. Every append goes through
:func:`append` or :func:`append_with_status`, whose steps are the write path:

1. append the events to the ledger (``store.events.append``; the sequence numbers come from the
   Session row, whose lock makes sequence order commit order);
2. change the status projection the events announce (the rule ``store.sessions.set_status``
   applies), when there is one;
3. arm the Session's outbox wakeup (the rule ``store.outbox.wake`` applies), when asked: accepted
   input always has a durable path to execution;
4. hand the rows to the transaction's poke (sent by the caller once committed);
5. queue the webhook notifications its status events announce (``store.webhooks``).

Steps 1 to 3 are one SQL statement, one round trip per append; the status and outbox rules are
SQL functions (migration 0020) that the single-purpose statements call too, so each is written
once. A child Thread's row changes its status with a statement of its own (its sequence numbers
come from its Session's row). Not responsible for the commit or for sending the poke
(``live.Notifier.committed``, after the commit).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from mango_server.domain._generated import wire
from mango_server.live.pokes import Appended
from mango_server.store import events, outbox, sessions, webhooks
from mango_server.store.db import Connection
from mango_server.store.events import EventRow, NewEvent, StatusChange, Written
from mango_server.store.sessions import SessionRow

__all__ = ["Tx", "append", "append_with_status"]


@dataclass(frozen=True, slots=True)
class Tx:
    """One open transaction as the write path sees it: its connection, the rows collected for its poke and
    what is to happen once it commits.

    ``appended`` is None when the writer pokes without rows (a bare poke, or none). ``on_commit`` holds
    process-local updates that must not outlive a rollback (``store.transcript.TranscriptCache``): the
    caller that commits runs them (:meth:`committed`); a caller that does not only loses them.
    """

    conn: Connection
    appended: Appended | None = None
    on_commit: list[Callable[[], None]] = field(default_factory=list)

    @classmethod
    def poking(cls, conn: Connection) -> Tx:
        """A transaction whose writer pokes with the rows it appended (:meth:`news`)."""
        return cls(conn, Appended())

    def committed(self) -> None:
        """Run what was to happen once the transaction committed (call it after the commit, never on rollback)."""
        hooks = list(self.on_commit)
        self.on_commit.clear()
        for hook in hooks:
            hook()

    def news(self, session_id: str) -> bytes | None:
        """The poke for ``session_id`` once committed (``None``: nothing collected for it)."""
        return self.appended.news(session_id) if self.appended is not None else None


async def append(
    tx: Tx, workspace_id: str, session_id: str, new: list[NewEvent], *, wake: bool = False
) -> list[EventRow]:
    """Append ``new`` in order and return the rows as written; ``wake`` also arms the Session's wakeup."""
    if not new:
        if wake:
            await outbox.wake(tx.conn, workspace_id, session_id)
        return []
    # The events and, when asked, the wakeup: one statement (steps 1 and 3).
    written = await events.append(tx.conn, workspace_id, session_id, new, arm=wake)
    _collect(tx, session_id, written)  # step 4
    await _queue_notifications(tx, workspace_id, session_id, written)  # step 5
    return written.rows


async def append_with_status(
    tx: Tx,
    row: SessionRow,
    new: list[NewEvent],
    status: str,
    stop_reason: wire.StopReason | None,
    *,
    with_usage: bool = False,
    wake: bool = False,
    hold: float | None = None,
) -> tuple[list[EventRow], SessionRow]:
    """Append ``new`` and write the status projection they announce; returns the rows and the updated row.

    ``with_usage`` writes ``row.usage`` with the status; ``wake`` also arms the Session's wakeup;
    ``hold`` takes the Session's step hold for so many seconds (a Session's own row only:
    ``orchestration.holds``).
    """
    if row.primary_session_id is not None or not new:  # a child Thread's row: its status takes a statement
        updated = await sessions.set_status(tx.conn, row, status, stop_reason, with_usage=with_usage)
        return await append(tx, row.workspace_id, row.id, new, wake=wake), updated
    # The events, the status projection they announce and, when asked, the wakeup: one statement (steps 1 to 3).
    change = StatusChange(status, stop_reason, row.usage if with_usage else None)
    written = await events.append(tx.conn, row.workspace_id, row.id, new, status=change, arm=wake, hold=hold)
    _collect(tx, row.id, written)  # step 4
    await _queue_notifications(tx, row.workspace_id, row.id, written)  # step 5
    assert written.clock is not None  # a Session's own row answers the clock of its status change
    active_seconds, running_since = written.clock
    updated = replace(
        row, status=status, stop_reason=stop_reason, active_seconds=active_seconds, running_since=running_since
    )
    return written.rows, updated


def _collect(tx: Tx, session_id: str, written: Written) -> None:
    """The rows go to the transaction's poke, when its writer pokes with rows."""
    if tx.appended is not None:
        tx.appended.add(session_id, written.rows)


async def _queue_notifications(tx: Tx, workspace_id: str, session_id: str, written: Written) -> None:
    """The webhook notifications the appended status events announce, in the same transaction."""
    if not written.notifies:
        # A child Thread's own ledger announces nothing (its Session's aggregate status does); a
        # Workspace without an enabled endpoint has no one to announce to, and the append's own
        # statement said so, sparing a lookup per status event.
        return
    for row in written.rows:
        await webhooks.enqueue_ledger_event(
            tx.conn, workspace_id, session_id, row.id, row.type, row.payload, row.created_at
        )
