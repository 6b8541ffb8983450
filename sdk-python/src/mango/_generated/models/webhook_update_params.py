# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.webhook_event_type import WebhookEventType, check_webhook_event_type
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.metadata_patch import MetadataPatch


T = TypeVar("T", bound="WebhookUpdateParams")


@_attrs_define
class WebhookUpdateParams:
    """The body of `webhooks.update`; present fields replace the current values.

    Attributes:
        url (str | Unset): The http(s) URL notifications are POSTed to.
        event_types (list[WebhookEventType] | Unset): The notification types to receive.
        enabled (bool | Unset): Whether notifications are delivered; true clears `disabled_reason`.
        description (None | str | Unset): What the endpoint is for.
        metadata (MetadataPatch | Unset): Metadata changes merged into the current pairs; a null value deletes the key.
    """

    url: str | Unset = UNSET
    event_types: list[WebhookEventType] | Unset = UNSET
    enabled: bool | Unset = UNSET
    description: None | str | Unset = UNSET
    metadata: MetadataPatch | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        event_types: list[str] | Unset = UNSET
        if not isinstance(self.event_types, Unset):
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

        field_dict.update({})
        if url is not UNSET:
            field_dict["url"] = url
        if event_types is not UNSET:
            field_dict["event_types"] = event_types
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if description is not UNSET:
            field_dict["description"] = description
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.metadata_patch import MetadataPatch

        d = dict(src_dict)
        url = d.pop("url", UNSET)

        _event_types = d.pop("event_types", UNSET)
        event_types: list[WebhookEventType] | Unset = UNSET
        if _event_types is not UNSET:
            event_types = []
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
        metadata: MetadataPatch | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = MetadataPatch.from_dict(_metadata)

        webhook_update_params = cls(
            url=url,
            event_types=event_types,
            enabled=enabled,
            description=description,
            metadata=metadata,
        )

        return webhook_update_params
