"""Deployment rules: cron and time-zone validation, the Temporal form of an expression, Run errors."""

from __future__ import annotations

import pytest
from mango_server.domain.deployments import missing_resource, temporal_cron, validate_cron, validate_schedule
from mango_server.domain.errors import InvalidRequestError


@pytest.mark.parametrize(
    "expression",
    [
        "* * * * *",
        "0 6 * * mon-fri",
        "*/15 9-17 * * 1-5",
        "0 0 1 jan,jul *",
        "30 2 29 2 *",
        "*/2 * * * * *",
        "0 0 * * 7",
    ],
)
def test_valid_expressions(expression: str) -> None:
    validate_cron(expression)


@pytest.mark.parametrize(
    ("expression", "needle"),
    [
        ("* * * *", "five fields"),
        ("* * * * * * *", "five fields"),
        ("60 * * * *", "minute"),
        ("* 24 * * *", "hour"),
        ("* * 0 * *", "day of month"),
        ("* * * 13 *", "month"),
        ("* * * * 8", "day of week"),
        ("* * * * fri-mon", "reversed"),
        ("*/0 * * * *", "step"),
        ("0 61 * * * *", "minute"),  # six fields: the second field is the minute
        ("61 * * * * *", "second"),
        ("a,b * * * *", "minute"),
        ("1-2-3 * * * *", "valid"),
    ],
)
def test_invalid_expressions_name_the_field(expression: str, needle: str) -> None:
    with pytest.raises(InvalidRequestError, match=needle):
        validate_cron(expression)


def test_a_schedule_is_normalised_and_its_zone_checked() -> None:
    stored = validate_schedule({"type": "cron", "expression": " 0  6 * *   *"})
    assert stored == {"type": "cron", "expression": "0 6 * * *", "timezone": "UTC"}
    with pytest.raises(InvalidRequestError, match="IANA"):
        validate_schedule({"type": "cron", "expression": "0 6 * * *", "timezone": "Mars/Olympus"})
    with pytest.raises(InvalidRequestError, match="IANA"):
        validate_schedule({"type": "cron", "expression": "0 6 * * *", "timezone": "../etc/passwd"})
    with pytest.raises(InvalidRequestError, match="IANA"):
        validate_schedule({"type": "cron", "expression": "0 6 * * *", "timezone": "posixrules"})  # a tzdata file
    assert (
        validate_schedule({"type": "cron", "expression": "0 6 * * *", "timezone": "Etc/UTC"})["timezone"] == "Etc/UTC"
    )


def test_temporal_form_adds_a_year_to_seconds_first_expressions() -> None:
    assert temporal_cron("0 6 * * *") == "0 6 * * *"
    assert temporal_cron("*/2 * * * * *") == "*/2 * * * * * *"


def test_run_errors_carry_their_category() -> None:
    error = missing_resource("agent_archived_error", "agent a is archived")
    assert error.public() == {
        "type": "agent_archived_error",
        "message": "agent a is archived",
        "category": "missing_resource",
    }
