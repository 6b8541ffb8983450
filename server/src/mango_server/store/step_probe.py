"""The pre-round probe of a Session step: which of its optional phases have anything to do.

A step runs allowed MCP calls, then allowed platform-managed calls, then MCP discovery, before it
prepares its round, and grades an active outcome when the round leaves the Session idle; most steps
have none of them to do. The probe rides on the statement that opens the prepare transaction by
locking the Session's row (``lock_and_probe``), so such a step spends no round trip on it at all,
and that statement also reads, after the lock, the turn the round claims or resumes. A step that
has a phase to run ends that transaction before the phase (the phases themselves read again what
they run, so the probe only ever skips a phase with nothing to do). Not responsible for running any
of them (``app.turn.mcp_calls``, ``app.turn.managed_calls``, ``app.turn.mcp_discovery``).
"""

from __future__ import annotations

from dataclasses import dataclass

from mango_server.store.db import Connection, from_record
from mango_server.store.sessions import SessionRow
from mango_server.store.sql_loader import NamedQueries
from mango_server.store.turns import Claim, claim_of


class Q(NamedQueries, file="step_probe"):
    lock_and_probe: str


@dataclass(frozen=True, slots=True)
class StepProbe:
    """Whether each pre-round phase may have work (``False`` is certain as of the read)."""

    mcp_calls: bool
    managed_calls: bool
    mcp_toolsets: bool
    active_outcome: bool  # an outcome defined after the read comes with its own wakeup and step

    @property
    def before_round(self) -> bool:
        """Whether a phase that runs outside any transaction may have to run before the round."""
        return self.mcp_calls or self.managed_calls or self.mcp_toolsets


_NOTHING = StepProbe(False, False, False, False)


@dataclass(frozen=True, slots=True)
class LockedStep:
    """A step's Session row as locked (None when it is gone), its probe, and its active turn or else its
    next trigger, read after the lock (``turns.active_or_next_trigger``)."""

    session: SessionRow | None
    probe: StepProbe
    claim: Claim


async def lock_and_probe(conn: Connection, session_id: str) -> LockedStep:
    """Lock the Session's row as ``sessions.lock_any`` does and probe its step."""
    records = await conn.fetch(Q.lock_and_probe, session_id)
    record = next((r for r in records if r["id"] == session_id), None)
    if record is None:
        return LockedStep(None, _NOTHING, (None, None))
    flags = (bool(record[f"probe_{name}"]) for name in ("mcp_calls", "managed_calls", "mcp_toolsets", "active_outcome"))
    claim = claim_of(record, record["workspace_id"], session_id)
    return LockedStep(from_record(SessionRow, record), StepProbe(*flags), claim)
