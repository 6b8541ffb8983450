"""Coordinator rosters: entry parsing, member checks and the runtime-owned delegation tools."""

from __future__ import annotations

import pytest
from mango_server.domain import roster, tools
from mango_server.domain.capabilities import CapabilitySnapshot
from mango_server.domain.errors import InvalidRequestError


def test_entries_normalise_to_objects() -> None:
    parsed = roster.parse_entries(
        {
            "type": "coordinator",
            "agents": [
                "agent_a",
                {"type": "agent", "id": "agent_b", "version": 3},
                {"type": "self"},
                {"type": "advisor", "model": "m"},
            ],
        }
    )
    assert parsed == [
        {"type": "agent", "id": "agent_a"},
        {"type": "agent", "id": "agent_b", "version": 3},
        {"type": "self"},
        {"type": "advisor", "model": {"id": "m", "speed": "standard"}},
    ]
    assert roster.parse_entries(None) == []


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"type": "coordinator", "agents": []}, "between 1 and 20"),
        ({"type": "coordinator", "agents": ["agent_x"] * 21}, "between 1 and 20"),
        ({"type": "coordinator", "agents": [{"type": "advisor", "model": "m"}] * 2}, "at most one advisor"),
        ({"type": "coordinator", "agents": [{"type": "agent"}]}, "id: is required"),
        ({"type": "coordinator", "agents": [{"type": "self", "id": "agent_x"}]}, "not allowed"),
        ({"type": "coordinator", "agents": [{"type": "advisor"}]}, "model: is required"),
    ],
)
def test_bad_rosters_are_refused(raw: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidRequestError, match=message):
        roster.parse_entries(raw)


def test_members_are_not_coordinators_and_names_are_unique() -> None:
    names: set[str] = set()
    assert roster.check_member("m[0]", "agent_a", {"name": "a"}, names) == "a"
    with pytest.raises(InvalidRequestError, match="unique"):
        roster.check_member("m[1]", "agent_b", {"name": "a"}, names)
    with pytest.raises(InvalidRequestError, match="one delegation level"):
        roster.check_member("m[2]", "agent_c", {"name": "c", "multiagent": {"type": "coordinator"}}, names)
    with pytest.raises(InvalidRequestError, match="unique"):
        roster.check_member("m[3]", "agent_d", {"name": "advisor"}, names)


def test_only_coordinators_get_the_delegation_tools() -> None:
    member = {"type": "agent", "id": "agent_a", "name": "researcher"}
    snapshot = CapabilitySnapshot.of(
        {
            "model": {"id": "m"},
            "tools": [],
            "multiagent": {"type": "coordinator", "agents": [member, {"type": "advisor", "model": {"id": "m"}}]},
        }
    )
    single = CapabilitySnapshot.of({"model": {"id": "m"}, "tools": []})
    specs = roster.coordinator_tool_specs(snapshot.roster)
    assert [s["name"] for s in specs] == ["delegate", "send_to_agent"]
    assert specs[0]["input_schema"]["properties"]["agent"]["enum"] == ["researcher", "advisor"]
    assert roster.coordinator_tool_specs(single.roster) == []
    assert tools.classify(tools.catalog(snapshot), "delegate") == "platform"
    assert tools.classify(tools.catalog(single), "delegate") == "unknown"


def test_advisor_runs_tool_free() -> None:
    runnable = roster.runnable({"type": "advisor", "model": {"id": "m", "speed": "standard"}})
    assert runnable["tools"] == []
    assert runnable["mcp_servers"] == []
    assert runnable["name"] == "advisor"
    assert roster.coordinator_tool_specs(CapabilitySnapshot.of(runnable).roster) == []


def test_delegation_input_errors_are_model_facing() -> None:
    assert roster.delegation_input("delegate", {"agent": "a", "message": "go"}) == ("a", "go")
    assert roster.delegation_input("delegate", {"message": "go"}) == "delegate: agent is required"
    assert (
        roster.delegation_input("send_to_agent", {"session_thread_id": "sthr_1"})
        == "send_to_agent: message is required"
    )
