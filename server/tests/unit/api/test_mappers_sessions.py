"""Wire shapes of Sessions and events built from typed rows."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from mango_server.api.mappers import events as event_wire
from mango_server.api.mappers import sessions as session_wire
from mango_server.domain._generated import wire
from mango_server.store.events import EventRow
from mango_server.store.sessions import SessionRow
from mango_server.store.stalls import BlockedThread, UnclaimedWork

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def _session(**changes: object) -> SessionRow:
    row = SessionRow(
        workspace_id="wksp_1",
        id="sesn_1",
        title="t",
        status="idle",
        stop_reason=None,
        agent_id="agent_1",
        agent_version=2,
        agent_snapshot={"type": "agent", "id": "agent_1", "version": 2},
        environment_id="env_1",
        metadata={"k": "v"},
        resources=[],
        usage={"input_tokens": 3, "list_cost_micros": 1500},
        budget=None,
        next_seq=5,
        created_at=T0,
        updated_at=T0,
        archived_at=None,
        deleting_at=None,
        active_seconds=1.5,
        running_since=None,
        outcome_evaluations=[],
    )
    return replace(row, **changes)  # type: ignore[arg-type]


def test_session_shape_fills_usage_and_stats() -> None:
    body = session_wire.session(_session(archived_at=T0 + timedelta(seconds=10)))
    assert list(body) == [
        "type",
        "id",
        "title",
        "status",
        "stop_reason",
        "stalls",
        "agent",
        "environment_id",
        "resources",
        "vault_ids",
        "metadata",
        "usage",
        "budget",
        "stats",
        "outcome_evaluations",
        "created_at",
        "updated_at",
        "archived_at",
    ]
    assert body["type"] == "session"
    assert body["agent"] == {"type": "agent", "id": "agent_1", "version": 2}
    assert body["usage"] == {
        "input_tokens": 3,
        "output_tokens": 0,
        "cache_creation_input_tokens": 0,
        "cache_read_input_tokens": 0,
        "server_tool_use": {"web_search_requests": 0, "web_fetch_requests": 0},
        "list_cost": {"amount": "0.0015", "currency": "USD"},
    }
    assert body["budget"] is None
    assert body["stats"] == {"active_seconds": 1.5, "duration_seconds": 10.0}
    assert body["stalls"] == []


def test_stalls_are_shown_with_their_ids() -> None:
    waiting = UnclaimedWork("wksp_1", "sesn_1", "env_1", ["work_1", "work_2"], T0)
    child_stop: wire.StopReason = {"type": "budget_reached"}
    blocked = BlockedThread("sesn_1", "sthr_2", child_stop)
    body = session_wire.session(_session(status="running"), [waiting, blocked])
    assert body["stalls"] == [
        {
            "type": "worker_unavailable",
            "environment_id": "env_1",
            "work_ids": ["work_1", "work_2"],
            "since": "2026-01-01T00:00:00Z",
        },
        {"type": "thread_blocked", "session_thread_id": "sthr_2", "stop_reason": {"type": "budget_reached"}},
    ]


def test_a_running_stretch_counts_as_active_time() -> None:
    since = datetime.now(UTC) - timedelta(seconds=60)
    stats = session_wire.session(_session(running_since=since))["stats"]
    assert 61.0 <= stats["active_seconds"] < 70.0


def test_deleted_shape() -> None:
    assert session_wire.deleted("sesn_1") == {"type": "session_deleted", "id": "sesn_1"}


def test_event_shape_puts_the_payload_between_envelope_fields() -> None:
    row = EventRow(7, "sevt_1", "user.message", {"content": []}, None, None, T0)
    body = event_wire.event(row)
    assert list(body) == ["type", "id", "content", "processed_at", "created_at"]
    assert body == {
        "type": "user.message",
        "id": "sevt_1",
        "content": [],
        "processed_at": None,
        "created_at": "2026-01-01T00:00:00Z",  # RFC 3339, as on the wire
    }
    assert event_wire.sent([row]) == {"data": [body]}


def test_roster_members_show_only_the_contract_fields() -> None:
    # A member snapshot shows the contract's fields (`SessionThreadAgent`) and nothing the runtime adds.
    member = {"type": "agent", "id": "agent_2", "version": 1, "name": "qa", "description": None, "system": None}
    stored = {**member, "model": {"id": "m"}, "tools": [], "mcp_servers": [], "skills": []}
    advisor = {"type": "advisor", "name": "advisor", "model": {"id": "m"}}
    snapshot = {
        "type": "agent",
        "id": "agent_1",
        "version": 2,
        "context_management": {"compaction": {"mode": "summary"}},
        "multiagent": {"type": "coordinator", "agents": [{**stored, "runtime_only": 1}, advisor]},
    }
    body = session_wire.session(_session(agent_snapshot=snapshot))
    assert body["agent"]["context_management"] == {"compaction": {"mode": "summary"}}
    assert body["agent"]["multiagent"]["agents"] == [stored, advisor]
    assert snapshot["multiagent"]["agents"][0]["runtime_only"] == 1  # the row is not changed
