# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="DeploymentSchedule")


@_attrs_define
class DeploymentSchedule:
    """A Deployment's cron schedule and where it stands.

    Attributes:
        type_ (Literal['cron']): Always `cron`.
        expression (str): The cron expression.
        timezone (str): The IANA time zone.
        last_run_at (datetime.datetime | None): The time of the latest Run (its scheduled time, or its creation for a
            manual Run).
        upcoming_runs_at (list[datetime.datetime]): The next fire times the Schedule reported (empty while paused,
            archived or not yet synced).
    """

    type_: Literal["cron"]
    expression: str
    timezone: str
    last_run_at: datetime.datetime | None
    upcoming_runs_at: list[datetime.datetime]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        expression = self.expression

        timezone = self.timezone

        last_run_at: None | str
        if isinstance(self.last_run_at, datetime.datetime):
            last_run_at = self.last_run_at.isoformat()
        else:
            last_run_at = self.last_run_at

        upcoming_runs_at = []
        for upcoming_runs_at_item_data in self.upcoming_runs_at:
            upcoming_runs_at_item = upcoming_runs_at_item_data.isoformat()
            upcoming_runs_at.append(upcoming_runs_at_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "expression": expression,
                "timezone": timezone,
                "last_run_at": last_run_at,
                "upcoming_runs_at": upcoming_runs_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["cron"], d.pop("type"))
        if type_ != "cron":
            raise ValueError(f"type must match const 'cron', got '{type_}'")

        expression = d.pop("expression")

        timezone = d.pop("timezone")

        def _parse_last_run_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_run_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_run_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_run_at = _parse_last_run_at(d.pop("last_run_at"))

        upcoming_runs_at = []
        _upcoming_runs_at = d.pop("upcoming_runs_at")
        for upcoming_runs_at_item_data in _upcoming_runs_at:
            upcoming_runs_at_item = datetime.datetime.fromisoformat(upcoming_runs_at_item_data)

            upcoming_runs_at.append(upcoming_runs_at_item)

        deployment_schedule = cls(
            type_=type_,
            expression=expression,
            timezone=timezone,
            last_run_at=last_run_at,
            upcoming_runs_at=upcoming_runs_at,
        )

        deployment_schedule.additional_properties = d
        return deployment_schedule

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
