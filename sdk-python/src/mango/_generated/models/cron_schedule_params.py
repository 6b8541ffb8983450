# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CronScheduleParams")


@_attrs_define
class CronScheduleParams:
    """A cron schedule. `expression` is POSIX cron with five fields (minute hour day-of-month month day-of-week; names such
    as `mon` and `jan` accepted), or six with a leading seconds field; `timezone` is an IANA name (`UTC` by default).
    Nonexistent local times are skipped and repeated ones fire twice.

        Attributes:
            type_ (Literal['cron']): Always `cron`.
            expression (str): The cron expression.
            timezone (str | Unset): The IANA time zone the expression is read in. Default: 'UTC'.
    """

    type_: Literal["cron"]
    expression: str
    timezone: str | Unset = "UTC"

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        expression = self.expression

        timezone = self.timezone

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "expression": expression,
            }
        )
        if timezone is not UNSET:
            field_dict["timezone"] = timezone

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["cron"], d.pop("type"))
        if type_ != "cron":
            raise ValueError(f"type must match const 'cron', got '{type_}'")

        expression = d.pop("expression")

        timezone = d.pop("timezone", UNSET)

        cron_schedule_params = cls(
            type_=type_,
            expression=expression,
            timezone=timezone,
        )

        return cron_schedule_params
