# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.error_body_details import ErrorBodyDetails


T = TypeVar("T", bound="ErrorBody")


@_attrs_define
class ErrorBody:
    """A stable error type and a human message.

    Attributes:
        type_ (str): Stable error type, one of `x-mango-error-catalogue` (which gives each its status and
            meaning): `invalid_request_error` (400), `authentication_error` (401),
            `permission_error` (403), `not_found_error` (404), `not_supported` (404),
            `method_not_allowed` (405), `conflict_error` (409), `memory_path_conflict_error` (409),
            `memory_precondition_failed_error` (409),
            `precondition_failed` (412), `request_too_large` (413), `rate_limit_error` (429),
            `api_error` (500), `not_implemented` (501), `overloaded` (503). Clients must accept
            types they do not know.
        message (str): A human-readable explanation; never contains secrets.
        details (ErrorBodyDetails | Unset): Structured details for some errors (for example `current_state` on 412,
            `conflicting_memory_id` on a path conflict).
    """

    type_: str
    message: str
    details: ErrorBodyDetails | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        message = self.message

        details: dict[str, Any] | Unset = UNSET
        if not isinstance(self.details, Unset):
            details = self.details.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "message": message,
            }
        )
        if details is not UNSET:
            field_dict["details"] = details

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.error_body_details import ErrorBodyDetails

        d = dict(src_dict)
        type_ = d.pop("type")

        message = d.pop("message")

        _details = d.pop("details", UNSET)
        details: ErrorBodyDetails | Unset
        if isinstance(_details, Unset):
            details = UNSET
        else:
            details = ErrorBodyDetails.from_dict(_details)

        error_body = cls(
            type_=type_,
            message=message,
            details=details,
        )

        error_body.additional_properties = d
        return error_body

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
