"""The wire shape of Sessions, built from the projection row (usage defaults and derived stats).

Not responsible for the lifecycle rules (``app.sessions``) or reading rows (``store.sessions``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import cast

from mango_server.api.encoding import rfc3339, rfc3339_or_none
from mango_server.api.mappers.threads import member
from mango_server.domain._generated import wire
from mango_server.domain.prices import public_usage
from mango_server.store.sessions import SessionRow
from mango_server.store.stalls import BlockedThread, UnclaimedWork


def session(row: SessionRow, stalls: Sequence[UnclaimedWork | BlockedThread] = ()) -> wire.Session:
    """One Session; ``stalls``: what it waits on (``app.stalls``; none for a Session just created)."""
    return {
        "type": "session",
        "id": row.id,
        "title": row.title,
        "status": cast(wire.SessionStatus, row.status),
        "stop_reason": row.stop_reason,
        "stalls": [_stall(s) for s in stalls],
        "agent": _agent(row.agent_snapshot),
        "environment_id": row.environment_id,
        "resources": row.resources,
        "vault_ids": list(row.vault_ids),
        "metadata": row.metadata,
        "usage": public_usage(row.usage),
        "budget": row.budget,
        "stats": _stats(row),
        "outcome_evaluations": row.outcome_evaluations,
        "created_at": rfc3339(row.created_at),
        "updated_at": rfc3339(row.updated_at),
        "archived_at": rfc3339_or_none(row.archived_at),
    }


def _agent(snapshot: Mapping[str, object]) -> wire.SessionAgent:
    """The Session's Agent snapshot; a coordinator's roster shows each member as the contract does."""
    roster = snapshot.get("multiagent")
    if not isinstance(roster, dict):
        return cast(wire.SessionAgent, snapshot)
    agents = [member(m) for m in roster.get("agents", [])]
    return cast(wire.SessionAgent, {**snapshot, "multiagent": {**roster, "agents": agents}})


def _stall(stall: UnclaimedWork | BlockedThread) -> wire.SessionStall:
    if isinstance(stall, UnclaimedWork):
        return stall.as_wire()
    return {"type": "thread_blocked", "session_thread_id": stall.thread_id, "stop_reason": stall.stop_reason}


def deleted(session_id: str) -> wire.SessionDeleted:
    """The body of ``sessions.delete``."""
    return {"type": "session_deleted", "id": session_id}


def _stats(row: SessionRow) -> wire.SessionStats:
    """Active time includes the running stretch in progress; duration ends at archival."""
    now = datetime.now(UTC)
    active = float(row.active_seconds or 0.0)
    if row.running_since is not None:
        active += max((now - row.running_since).total_seconds(), 0.0)
    end = row.archived_at or now
    return {
        "active_seconds": round(active, 3),
        "duration_seconds": round(max((end - row.created_at).total_seconds(), 0.0), 3),
    }
