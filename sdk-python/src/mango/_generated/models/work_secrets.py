# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.work_secret import WorkSecret


T = TypeVar("T", bound="WorkSecrets")


@_attrs_define
class WorkSecrets:
    """The environment_variable secrets a leased Session Work item's tools may use through the egress proxy.

    Attributes:
        type_ (Literal['work_secrets']): Always `work_secrets`.
        data (list[WorkSecret]): One entry per distinct `secret_name`, in the order of the Session's `vault_ids`.
    """

    type_: Literal["work_secrets"]
    data: list[WorkSecret]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.work_secret import WorkSecret

        d = dict(src_dict)
        type_ = cast(Literal["work_secrets"], d.pop("type"))
        if type_ != "work_secrets":
            raise ValueError(f"type must match const 'work_secrets', got '{type_}'")

        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = WorkSecret.from_dict(data_item_data)

            data.append(data_item)

        work_secrets = cls(
            type_=type_,
            data=data,
        )

        work_secrets.additional_properties = d
        return work_secrets

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
