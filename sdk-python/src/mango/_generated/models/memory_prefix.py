# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="MemoryPrefix")


@_attrs_define
class MemoryPrefix:
    """A folded path prefix in a depth-limited listing.

    Attributes:
        type_ (Literal['memory_prefix']): Always `memory_prefix`.
        path (str): The prefix, ending with `/`.
    """

    type_: Literal["memory_prefix"]
    path: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        path = self.path

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "path": path,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["memory_prefix"], d.pop("type"))
        if type_ != "memory_prefix":
            raise ValueError(f"type must match const 'memory_prefix', got '{type_}'")

        path = d.pop("path")

        memory_prefix = cls(
            type_=type_,
            path=path,
        )

        memory_prefix.additional_properties = d
        return memory_prefix

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
