"""The pre-round probe of a Session step: which of its optional phases have anything to do.

A step runs allowed MCP calls, then allowed platform-managed calls, then MCP discovery, before it
prepares its round, and grades an active outcome when the round leaves the Session idle; most steps
have none of them to do. One statement answers all four, so such a step spends one round trip on
them instead of four (the phases themselves read again what they
run, so the probe only ever skips a phase with nothing to do). Not responsible for running any of
them (``app.mcp_calls``, ``app.managed_calls``, ``app.mcp_discovery``).
"""

from __future__ import annotations

from dataclasses import dataclass

from mango_server.store.db import Connection
from mango_server.store.sql_loader import NamedQueries


class Q(NamedQueries, file="step_probe"):
    step_probe: str


@dataclass(frozen=True, slots=True)
class StepProbe:
    """Whether each pre-round phase may have work (``False`` is certain as of the read)."""

    mcp_calls: bool
    managed_calls: bool
    mcp_toolsets: bool
    active_outcome: bool  # an outcome defined after the read comes with its own wakeup and step


async def probe(conn: Connection, session_id: str) -> StepProbe:
    """The probe of one Session (all ``False`` when the Session is gone)."""
    record = await conn.fetchrow(Q.step_probe, session_id)
    assert record is not None  # a SELECT without FROM always answers one row
    return StepProbe(*(bool(record[name]) for name in ("mcp_calls", "managed_calls", "mcp_toolsets", "active_outcome")))
