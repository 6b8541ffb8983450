# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_event_type import WebhookEventType, check_webhook_event_type

if TYPE_CHECKING:
    from ..models.metadata import Metadata
    from ..models.webhook_disabled_reason import WebhookDisabledReason


T = TypeVar("T", bound="WebhookWithSecret")


@_attrs_define
class WebhookWithSecret:
    """A webhook endpoint and its signing secret (only in the create and rotate answers).

    Attributes:
        type_ (Literal['webhook']): Always `webhook`.
        id (str): The endpoint id (`whk_...`).
        url (str): The http(s) URL notifications are POSTed to.
        event_types (list[WebhookEventType]): The subscribed notification types.
        enabled (bool): Whether notifications are delivered.
        description (None | str): What the endpoint is for.
        metadata (Metadata): Up to 16 string pairs; keys up to 64 characters, values up to 512.
        disabled_reason (None | WebhookDisabledReason): Why the server disabled the endpoint; null unless it did.
        created_at (datetime.datetime): Creation time.
        updated_at (datetime.datetime): Last update time.
        secret (str): The `whsec_` Standard Webhooks signing secret; shown only in this answer.
    """

    type_: Literal["webhook"]
    id: str
    url: str
    event_types: list[WebhookEventType]
    enabled: bool
    description: None | str
    metadata: Metadata
    disabled_reason: None | WebhookDisabledReason
    created_at: datetime.datetime
    updated_at: datetime.datetime
    secret: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.webhook_disabled_reason import WebhookDisabledReason

        type_ = self.type_

        id = self.id

        url = self.url

        event_types = []
        for event_types_item_data in self.event_types:
            event_types_item: str = event_types_item_data
            event_types.append(event_types_item)

        enabled = self.enabled

        description: None | str
        description = self.description

        metadata = self.metadata.to_dict()

        disabled_reason: dict[str, Any] | None
        if isinstance(self.disabled_reason, WebhookDisabledReason):
            disabled_reason = self.disabled_reason.to_dict()
        else:
            disabled_reason = self.disabled_reason

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        secret = self.secret

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "url": url,
                "event_types": event_types,
                "enabled": enabled,
                "description": description,
                "metadata": metadata,
                "disabled_reason": disabled_reason,
                "created_at": created_at,
                "updated_at": updated_at,
                "secret": secret,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.metadata import Metadata
        from ..models.webhook_disabled_reason import WebhookDisabledReason

        d = dict(src_dict)
        type_ = cast(Literal["webhook"], d.pop("type"))
        if type_ != "webhook":
            raise ValueError(f"type must match const 'webhook', got '{type_}'")

        id = d.pop("id")

        url = d.pop("url")

        event_types = []
        _event_types = d.pop("event_types")
        for event_types_item_data in _event_types:
            event_types_item = check_webhook_event_type(event_types_item_data)

            event_types.append(event_types_item)

        enabled = d.pop("enabled")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        metadata = Metadata.from_dict(d.pop("metadata"))

        def _parse_disabled_reason(data: object) -> None | WebhookDisabledReason:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                disabled_reason_type_0 = WebhookDisabledReason.from_dict(data)

                return disabled_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | WebhookDisabledReason, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabled_reason"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        secret = d.pop("secret")

        webhook_with_secret = cls(
            type_=type_,
            id=id,
            url=url,
            event_types=event_types,
            enabled=enabled,
            description=description,
            metadata=metadata,
            disabled_reason=disabled_reason,
            created_at=created_at,
            updated_at=updated_at,
            secret=secret,
        )

        webhook_with_secret.additional_properties = d
        return webhook_with_secret

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
