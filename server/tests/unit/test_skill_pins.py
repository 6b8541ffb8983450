"""Skill version rules: concrete version parameters and the versions a Session snapshot pins."""

from __future__ import annotations

import pytest
from mango_server.domain.errors import InvalidRequestError
from mango_server.domain.skills import parse_version, pinned, pins

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
