# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_disabled_reason_type import WebhookDisabledReasonType, check_webhook_disabled_reason_type

T = TypeVar("T", bound="WebhookDisabledReason")


@_attrs_define
class WebhookDisabledReason:
    """Why the server disabled an endpoint.

    Attributes:
        type_ (WebhookDisabledReasonType): `private_address`: the host resolved to an address the egress guard refuses;
            `redirect`: the endpoint answered 3xx (redirects are never followed); `egress_refused`: another egress refusal.
        message (str): A human-readable explanation.
        disabled_at (datetime.datetime): When the server disabled the endpoint.
    """

    type_: WebhookDisabledReasonType
    message: str
    disabled_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        message = self.message

        disabled_at = self.disabled_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "message": message,
                "disabled_at": disabled_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = check_webhook_disabled_reason_type(d.pop("type"))

        message = d.pop("message")

        disabled_at = datetime.datetime.fromisoformat(d.pop("disabled_at"))

        webhook_disabled_reason = cls(
            type_=type_,
            message=message,
            disabled_at=disabled_at,
        )

        webhook_disabled_reason.additional_properties = d
        return webhook_disabled_reason

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
