# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="VaultDeleted")


@_attrs_define
class VaultDeleted:
    """Deletion marker.

    Attributes:
        type_ (Literal['vault_deleted']): Always `vault_deleted`.
        id (str): The deleted vault id.
    """

    type_: Literal["vault_deleted"]
    id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["vault_deleted"], d.pop("type"))
        if type_ != "vault_deleted":
            raise ValueError(f"type must match const 'vault_deleted', got '{type_}'")

        id = d.pop("id")

        vault_deleted = cls(
            type_=type_,
            id=id,
        )

        vault_deleted.additional_properties = d
        return vault_deleted

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
