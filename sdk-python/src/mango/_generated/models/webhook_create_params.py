# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.webhook_event_type import WebhookEventType, check_webhook_event_type
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.metadata import Metadata


T = TypeVar("T", bound="WebhookCreateParams")


@_attrs_define
class WebhookCreateParams:
    """The body of `webhooks.create`.

    Attributes:
        url (str): The http(s) URL notifications are POSTed to.
        event_types (list[WebhookEventType]): The notification types to receive.
        enabled (bool | Unset): Whether notifications are delivered (default true).
        description (None | str | Unset): What the endpoint is for.
        metadata (Metadata | Unset): Up to 16 string pairs; keys up to 64 characters, values up to 512.
    """

    url: str
    event_types: list[WebhookEventType]
    enabled: bool | Unset = UNSET
    description: None | str | Unset = UNSET
    metadata: Metadata | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        event_types = []
        for event_types_item_data in self.event_types:
            event_types_item: str = event_types_item_data
            event_types.append(event_types_item)

        enabled = self.enabled

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
                "event_types": event_types,
            }
        )
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if description is not UNSET:
            field_dict["description"] = description
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.metadata import Metadata

        d = dict(src_dict)
        url = d.pop("url")

        event_types = []
        _event_types = d.pop("event_types")
        for event_types_item_data in _event_types:
            event_types_item = check_webhook_event_type(event_types_item_data)

            event_types.append(event_types_item)

        enabled = d.pop("enabled", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        _metadata = d.pop("metadata", UNSET)
        metadata: Metadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = Metadata.from_dict(_metadata)

        webhook_create_params = cls(
            url=url,
            event_types=event_types,
            enabled=enabled,
            description=description,
            metadata=metadata,
        )

        return webhook_create_params
