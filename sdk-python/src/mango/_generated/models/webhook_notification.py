# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.webhook_notification_data import WebhookNotificationData


T = TypeVar("T", bound="WebhookNotification")


@_attrs_define
class WebhookNotification:
    """The body of every delivery (a thin payload: fetch the resource by `data.id`). Sent as
    `POST` with the Standard Webhooks headers `webhook-id` (= `id`, the same on every
    attempt), `webhook-timestamp` (fresh per attempt) and `webhook-signature`
    (`v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` keyed with the
    secret's bytes). Any 2xx acknowledges; there is no ordering promise (sort by `created_at`).

        Attributes:
            type_ (Literal['event']): Always `event`.
            id (str): The notification id (`wevt_...`); receivers deduplicate on it.
            created_at (datetime.datetime): When the announced change committed.
            data (WebhookNotificationData): The thin description of what changed.
    """

    type_: Literal["event"]
    id: str
    created_at: datetime.datetime
    data: WebhookNotificationData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        created_at = self.created_at.isoformat()

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "created_at": created_at,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.webhook_notification_data import WebhookNotificationData

        d = dict(src_dict)
        type_ = cast(Literal["event"], d.pop("type"))
        if type_ != "event":
            raise ValueError(f"type must match const 'event', got '{type_}'")

        id = d.pop("id")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        data = WebhookNotificationData.from_dict(d.pop("data"))

        webhook_notification = cls(
            type_=type_,
            id=id,
            created_at=created_at,
            data=data,
        )

        webhook_notification.additional_properties = d
        return webhook_notification

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
