# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RequiresActionStopReason")


@_attrs_define
class RequiresActionStopReason:
    """The turn is blocked on the listed tool-use events (the barrier). Each needs a result or confirmation; resolving only
    some re-emits idle with the rest. An idle Session with this reason is not finished.

        Attributes:
            type_ (Literal['requires_action']): Always `requires_action`.
            event_ids (list[str]): Ids of the unresolved `agent.tool_use`, `agent.mcp_tool_use` and `agent.custom_tool_use`
                events.
    """

    type_: Literal["requires_action"]
    event_ids: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        event_ids = self.event_ids

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "event_ids": event_ids,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["requires_action"], d.pop("type"))
        if type_ != "requires_action":
            raise ValueError(f"type must match const 'requires_action', got '{type_}'")

        event_ids = cast(list[str], d.pop("event_ids"))

        requires_action_stop_reason = cls(
            type_=type_,
            event_ids=event_ids,
        )

        requires_action_stop_reason.additional_properties = d
        return requires_action_stop_reason

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
