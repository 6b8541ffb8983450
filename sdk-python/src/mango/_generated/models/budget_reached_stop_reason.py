# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BudgetReachedStopReason")


@_attrs_define
class BudgetReachedStopReason:
    """The next model request would have exceeded the Session's budget (or its model has no list price while the budget
    limits cost), so it was not sent. The turn resumes when the budget is raised or removed (`sessions.update`).

        Attributes:
            type_ (Literal['budget_reached']): Always `budget_reached`.
    """

    type_: Literal["budget_reached"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["budget_reached"], d.pop("type"))
        if type_ != "budget_reached":
            raise ValueError(f"type must match const 'budget_reached', got '{type_}'")

        budget_reached_stop_reason = cls(
            type_=type_,
        )

        budget_reached_stop_reason.additional_properties = d
        return budget_reached_stop_reason

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
