"""Environment Work rules: leases, heartbeats, stops, healthcheck results and credential scopes."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

import pytest
from mango_server.domain import work
from mango_server.domain.agents import next_version
from mango_server.domain.environments import merge_metadata
from mango_server.domain.errors import ConflictError, InvalidRequestError, NotFoundError, PreconditionFailedError
from mango_server.domain.json import JsonObject
from mango_server.domain.principal import Principal

NOW = datetime(2026, 1, 1, tzinfo=UTC)


@dataclass(frozen=True)
class Item:
    id: str = "work_1"
    kind: str = "session"
    state: str = "queued"
    claimed_at: datetime | None = None
    acknowledged_at: datetime | None = None
    latest_heartbeat_at: datetime | None = None
    stop_requested_at: datetime | None = None
    lease_ttl_seconds: int = 90
    result: JsonObject | None = None
    session_id: str | None = "sesn_1"


def test_secrets_are_read_only_under_a_live_lease_of_a_session_item() -> None:
    acked = Item(state="starting", claimed_at=NOW, acknowledged_at=NOW)
    assert work.check_secrets_lease(acked, NOW + timedelta(seconds=30)) == "sesn_1"
    active = replace(acked, state="active", latest_heartbeat_at=NOW + timedelta(seconds=60))
    assert work.check_secrets_lease(active, NOW + timedelta(seconds=120)) == "sesn_1"
    refused = {
        "claimed, not acknowledged": Item(claimed_at=NOW),
        "stopping": replace(acked, state="stopping", stop_requested_at=NOW),
        "stopped": replace(acked, state="stopped"),
        "a healthcheck": replace(acked, kind="healthcheck", session_id=None),
    }
    for item in refused.values():
        with pytest.raises(ConflictError, match="work work_1"):
            work.check_secrets_lease(item, NOW + timedelta(seconds=1))
    with pytest.raises(ConflictError, match="expired"):
        work.check_secrets_lease(acked, NOW + timedelta(seconds=91))


def test_lease_runs_from_the_last_heartbeat_or_ack() -> None:
    acked = Item(state="starting", claimed_at=NOW, acknowledged_at=NOW)
    assert work.lease_expires_at(Item()) is None
    assert work.lease_expires_at(acked) == NOW + timedelta(seconds=90)
    beat = replace(acked, state="active", latest_heartbeat_at=NOW + timedelta(seconds=30))
    assert work.remaining_seconds(beat, NOW + timedelta(seconds=60)) == 60
    assert work.last_heartbeat(acked) == work.NO_HEARTBEAT
    assert work.last_heartbeat(beat) == beat.latest_heartbeat_at.isoformat()  # type: ignore[union-attr]


def test_heartbeat_refuses_stale_tokens_and_lapsed_leases() -> None:
    acked = Item(state="starting", claimed_at=NOW, acknowledged_at=NOW)
    assert work.heartbeat_without_renewal(acked, work.NO_HEARTBEAT, NOW) is None
    with pytest.raises(PreconditionFailedError) as stale:
        work.heartbeat_without_renewal(acked, "2025-01-01T00:00:00+00:00", NOW)
    assert stale.value.details == {
        "current_state": {"state": "starting", "ttl_seconds": 90, "last_heartbeat": work.NO_HEARTBEAT}
    }
    with pytest.raises(PreconditionFailedError, match="has expired"):
        work.heartbeat_without_renewal(acked, work.NO_HEARTBEAT, NOW + timedelta(seconds=91))
    stopping = replace(acked, state="stopping", stop_requested_at=NOW)
    answer = work.heartbeat_without_renewal(stopping, work.NO_HEARTBEAT, NOW)
    assert answer == work.HeartbeatResult(work.NO_HEARTBEAT, False, "stopping", 90)
    assert work.clamp_ttl(900) == work.MAX_TTL_SECONDS


def test_ack_stop_and_healthcheck_rules() -> None:
    with pytest.raises(ConflictError):
        work.needs_acknowledge(Item())
    assert work.needs_acknowledge(Item(claimed_at=NOW)) is True
    assert work.needs_acknowledge(Item(state="starting")) is False
    assert work.stops_at_once(Item(), force=False) is True
    assert work.stops_at_once(Item(state="active", acknowledged_at=NOW), force=False) is False
    with pytest.raises(ConflictError):
        work.stops_at_once(Item(state="stopped"), force=True)
    with pytest.raises(InvalidRequestError):
        work.healthcheck_result(Item(), {"status": "ok"}, NOW)
    result = work.healthcheck_result(Item(kind="healthcheck"), {"status": "ok"}, NOW)
    assert result["reported_at"] == "2026-01-01T00:00:00Z"
    with pytest.raises(ConflictError):
        work.healthcheck_result(Item(kind="healthcheck", result=result), {"status": "ok"}, NOW)


def test_narrow_credentials_reach_only_their_scope() -> None:
    key = Principal("EnvironmentKey", "wksp_1", "envkey_1", environment_id="env_1")
    assert work.environment_in_scope(key, "env_1") == "env_1"
    with pytest.raises(NotFoundError):
        work.environment_in_scope(key, "env_2")
    token = Principal("SessionToken", "wksp_1", "work_1", environment_id="env_1", work_id="work_1")
    with pytest.raises(NotFoundError):
        work.work_in_scope(token, "work_2")
    assert work.work_in_scope(Principal("WorkspaceKey", "wksp_1", "key_1"), "work_2") == "work_2"


def test_agent_versions_and_environment_metadata() -> None:
    assert next_version("agent_1", 3, False, None) == 4
    assert next_version("agent_1", 3, False, 3) == 4
    with pytest.raises(ConflictError) as stale:
        next_version("agent_1", 3, False, 2)
    assert stale.value.details == {"current_version": 3}
    with pytest.raises(ConflictError, match="archived"):
        next_version("agent_1", 3, True, None)
    assert merge_metadata({"a": "1", "b": "2"}, {"a": None, "c": "3"}) == {"b": "2", "c": "3"}
