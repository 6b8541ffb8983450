# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.retry_status_type import RetryStatusType, check_retry_status_type

T = TypeVar("T", bound="RetryStatus")


@_attrs_define
class RetryStatus:
    """What happens after a Session error.

    Attributes:
        type_ (RetryStatusType): `retrying`: the server retries; `exhausted`: the turn is dead and the Session idles;
            `terminal`: the Session is terminated.
    """

    type_: RetryStatusType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

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
        type_ = check_retry_status_type(d.pop("type"))

        retry_status = cls(
            type_=type_,
        )

        retry_status.additional_properties = d
        return retry_status

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
