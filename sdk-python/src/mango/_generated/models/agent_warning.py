# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AgentWarning")


@_attrs_define
class AgentWarning:
    """An exception to the requested configuration. `tool_disabled`: a built-in tool that cannot
    pause for confirmation (`web_search` runs inside the model provider's call and has no
    platform-managed executor) under a toolset-wide `always_ask` or `auto` policy is disabled
    rather than silently allowed; enable it with its own `configs` entry and `always_allow`.

        Attributes:
            type_ (Literal['tool_disabled']): Always `tool_disabled`.
            tool_name (str): The built-in tool concerned.
            message (str): What was applied and why.
    """

    type_: Literal["tool_disabled"]
    tool_name: str
    message: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        tool_name = self.tool_name

        message = self.message

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "tool_name": tool_name,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["tool_disabled"], d.pop("type"))
        if type_ != "tool_disabled":
            raise ValueError(f"type must match const 'tool_disabled', got '{type_}'")

        tool_name = d.pop("tool_name")

        message = d.pop("message")

        agent_warning = cls(
            type_=type_,
            tool_name=tool_name,
            message=message,
        )

        agent_warning.additional_properties = d
        return agent_warning

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
