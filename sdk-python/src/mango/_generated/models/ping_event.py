# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PingEvent")


@_attrs_define
class PingEvent:
    """Stream-only keep-alive (`event: ping`, no `id:`), sent when a stream has been quiet for the ping interval (15
    seconds by default); clients ignore it.

        Attributes:
            type_ (Literal['ping']): Always `ping`.
    """

    type_: Literal["ping"]
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
        type_ = cast(Literal["ping"], d.pop("type"))
        if type_ != "ping":
            raise ValueError(f"type must match const 'ping', got '{type_}'")

        ping_event = cls(
            type_=type_,
        )

        ping_event.additional_properties = d
        return ping_event

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
