# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.preview_event_ref_type import PreviewEventRefType, check_preview_event_ref_type

T = TypeVar("T", bound="PreviewEventRef")


@_attrs_define
class PreviewEventRef:
    """The in-progress event a preview belongs to.

    Attributes:
        type_ (PreviewEventRefType): The type of the event being previewed.
        id (str): The id the persisted event will carry.
    """

    type_: PreviewEventRefType
    id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

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
        type_ = check_preview_event_ref_type(d.pop("type"))

        id = d.pop("id")

        preview_event_ref = cls(
            type_=type_,
            id=id,
        )

        preview_event_ref.additional_properties = d
        return preview_event_ref

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
