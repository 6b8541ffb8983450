# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ApiActor")


@_attrs_define
class ApiActor:
    """A change made with a Workspace API key.

    Attributes:
        type_ (Literal['api_actor']): Always `api_actor`.
        api_key_id (str): The API key's public id (never the key).
    """

    type_: Literal["api_actor"]
    api_key_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        api_key_id = self.api_key_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "api_key_id": api_key_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["api_actor"], d.pop("type"))
        if type_ != "api_actor":
            raise ValueError(f"type must match const 'api_actor', got '{type_}'")

        api_key_id = d.pop("api_key_id")

        api_actor = cls(
            type_=type_,
            api_key_id=api_key_id,
        )

        api_actor.additional_properties = d
        return api_actor

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
