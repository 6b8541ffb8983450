"""Deployment rules: cron schedules, time zones, overlap policies and Run error classes.

Pure: no I/O. A schedule is ``{type: "cron", expression, timezone}``; the expression is POSIX
cron with five fields (minute, hour, day of month, month, day of week), or six with a leading
seconds field for sub-minute schedules; the time zone is an IANA name. :func:`temporal_cron`
turns an expression into the form Temporal Schedules parse. Run errors have a stable ``type``
and a ``category``: ``missing_resource`` (the Agent or Environment is gone or archived: later
Runs fail the same way, so the Deployment pauses), ``rejected`` (the Session's creation was
refused for another reason) or ``transient`` (the platform was unavailable; the Run was retried
before it was recorded). Not responsible for carrying the schedule out (``orchestration``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Literal, TypedDict
from zoneinfo import available_timezones

from mango_server.domain._generated import wire
from mango_server.domain.errors import InvalidRequestError

OVERLAP_POLICIES = ("skip", "allow")
DEFAULT_OVERLAP_POLICY = "skip"
MAX_INITIAL_EVENTS = 20

# (name, low, high) of each field, seconds first (present only in six-field expressions).
_SECONDS = ("second", 0, 59)
_FIELDS = (("minute", 0, 59), ("hour", 0, 23), ("day of month", 1, 31), ("month", 1, 12), ("day of week", 0, 7))
_MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
_DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
_TERM = re.compile(r"^(\*|[0-9a-z]+(?:-[0-9a-z]+)?)(?:/([0-9]+))?$")

#: Run error types whose cause is a missing or archived resource: the Deployment pauses.
MISSING_RESOURCE_ERRORS = (
    "agent_not_found_error",
    "agent_archived_error",
    "environment_not_found_error",
    "environment_archived_error",
)


class CronSchedule(TypedDict):
    """A Deployment's stored schedule, as :func:`validate_schedule` normalises it."""

    type: Literal["cron"]
    expression: str
    timezone: str


@dataclass(frozen=True)
class RunError:
    """Why a Run created no Session."""

    type: str
    message: str
    category: Literal["missing_resource", "rejected", "transient"]

    def public(self) -> wire.DeploymentRunError:
        return {"type": self.type, "message": self.message, "category": self.category}


def missing_resource(error_type: str, message: str) -> RunError:
    """A Run error caused by a missing or archived resource."""
    return RunError(error_type, message, "missing_resource")


def validate_schedule(schedule: Mapping[str, object]) -> CronSchedule:
    """The stored schedule (``type``, ``expression``, ``timezone``), or 400 naming what is wrong."""
    expression = " ".join(str(schedule.get("expression") or "").split())
    timezone = str(schedule.get("timezone") or "UTC")
    validate_cron(expression)
    if timezone not in _zones():
        raise InvalidRequestError(f"schedule.timezone: {timezone!r} is not an IANA time zone name")
    return {"type": "cron", "expression": expression, "timezone": timezone}


@cache
def _zones() -> frozenset[str]:
    """The IANA zone names of the time zone database (not its auxiliary files such as ``posixrules``)."""
    return frozenset(available_timezones() - {"posixrules", "Factory", "localtime"}) | {"UTC"}


def validate_cron(expression: str) -> None:
    """Check a five-field (or six-field, seconds first) cron expression."""
    parts = expression.lower().split()
    if len(parts) not in (5, 6):
        raise InvalidRequestError(
            "schedule.expression: a cron expression has five fields (minute hour day-of-month month "
            "day-of-week), or six with a leading seconds field"
        )
    specs = ((_SECONDS,) if len(parts) == 6 else ()) + _FIELDS
    for part, (name, low, high) in zip(parts, specs, strict=True):
        for term in part.split(","):
            _check_term(term, name, low, high)


def _check_term(term: str, name: str, low: int, high: int) -> None:
    match = _TERM.match(term)
    if match is None:
        raise InvalidRequestError(f"schedule.expression: {term!r} is not a valid {name} field")
    base, step = match.group(1), match.group(2)
    if step is not None and int(step) < 1:
        raise InvalidRequestError(f"schedule.expression: the step in {term!r} must be at least 1")
    if base == "*":
        return
    bounds = [_value(v, name, low, high) for v in base.split("-")]
    if len(bounds) == 2 and bounds[0] > bounds[1]:
        raise InvalidRequestError(f"schedule.expression: the range {base!r} of the {name} field is reversed")


def _value(text: str, name: str, low: int, high: int) -> int:
    names = _MONTHS if name == "month" else _DAYS if name == "day of week" else []
    if text in names:
        return names.index(text) + (1 if name == "month" else 0)
    if not text.isdigit() or not low <= int(text) <= high:
        raise InvalidRequestError(f"schedule.expression: {text!r} is outside the {name} field ({low}-{high})")
    return int(text)


def temporal_cron(expression: str) -> str:
    """The expression as Temporal parses it: five fields as is, seconds-first six fields plus a year."""
    parts = expression.split()
    return expression if len(parts) == 5 else " ".join([*parts, "*"])


def schedule_id(deployment_id: str) -> str:
    """The Temporal Schedule id of a Deployment."""
    return f"deployment-{deployment_id}"
