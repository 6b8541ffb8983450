"""Skill version rules: concrete version parameters, the versions a Session snapshot pins and each
Thread's Skills folder in the shared workspace."""

from __future__ import annotations

import pytest
from mango_server.domain.errors import InvalidRequestError
from mango_server.domain.skills import parse_version, pinned, pins, scope, skills_folder, with_paths

SNAPSHOT = {"skills": [{"skill_id": "skill_a", "version": "2"}, {"skill_id": "skill_b", "version": "latest"}]}


def test_parse_version_accepts_concrete_numbers_only() -> None:
    assert parse_version("3") == 3
    for raw in ("latest", "0", "-1", "1.5", "1234567890", ""):
        with pytest.raises(InvalidRequestError):
            parse_version(raw)


def test_pins_keeps_concrete_versions() -> None:
    assert pins(SNAPSHOT) == {("skill_a", 2)}
    assert pins({}) == set()


def test_pinned_matches_a_skill_or_one_version() -> None:
    assert pinned(SNAPSHOT, "skill_a", None)
    assert pinned(SNAPSHOT, "skill_a", 2)
    assert not pinned(SNAPSHOT, "skill_a", 1)
    assert not pinned(SNAPSHOT, "skill_b", None)


@pytest.mark.parametrize("raw", ["\u00b2", "\u0663", "1\u00b9", "\uff11"])
def test_a_non_ascii_digit_is_not_a_version(raw: str) -> None:
    with pytest.raises(InvalidRequestError):
        parse_version(raw)
    assert pins({"skills": [{"skill_id": "skill_a", "version": raw}]}) == set()


COORDINATOR = {
    "type": "agent",
    "id": "agent_lead",
    "version": 4,
    "skills": [{"skill_id": "skill_a", "version": "2"}],
    "multiagent": {
        "type": "coordinator",
        "agents": [
            {"type": "agent", "id": "agent_lead", "version": 4, "skills": [{"skill_id": "skill_a", "version": "2"}]},
            {"type": "agent", "id": "agent_spec", "version": 7, "skills": [{"skill_id": "skill_c", "version": "5"}]},
            {"type": "advisor", "model": {"id": "m"}},
        ],
    },
}


def test_a_coordinator_session_pins_its_members_skills_too() -> None:
    assert pins(COORDINATOR) == {("skill_a", 2), ("skill_c", 5)}
    assert pinned(COORDINATOR, "skill_c", 5)
    assert not pinned(COORDINATOR, "skill_c", 4)


def test_the_sessions_own_agent_keeps_skills_and_other_members_get_a_scope() -> None:
    lead, spec, _advisor = COORDINATOR["multiagent"]["agents"]  # type: ignore[index]
    assert skills_folder(COORDINATOR, COORDINATOR) == "skills"
    assert skills_folder(COORDINATOR, lead) == "skills"  # self: same id and version
    assert skills_folder(COORDINATOR, spec) == "skills/.agents/agent_spec-v7"
    assert scope("agent_spec", 7) == "agent_spec-v7"
    # The coordinator's own id at another version is another configuration: its own scope.
    older = {"type": "agent", "id": "agent_lead", "version": 3}
    assert skills_folder(COORDINATOR, older) == "skills/.agents/agent_lead-v3"


def test_manifest_entries_get_the_announced_path_and_keep_their_directory() -> None:
    entry = {"skill_id": "skill_c", "version": 5, "name": "pdf", "description": "d", "directory": "pdf"}
    (out,) = with_paths([entry], "skills/.agents/agent_spec-v7")
    assert out == {**entry, "path": "skills/.agents/agent_spec-v7/pdf/SKILL.md"}
    assert "path" not in entry
