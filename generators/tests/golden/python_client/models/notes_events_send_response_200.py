# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.comment_event import CommentEvent
    from ..models.like_event import LikeEvent


T = TypeVar("T", bound="NotesEventsSendResponse200")


@_attrs_define
class NotesEventsSendResponse200:
    """
    Attributes:
        data (list[CommentEvent | LikeEvent]): The events with their ids.
    """

    data: list[CommentEvent | LikeEvent]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.comment_event import CommentEvent

        data = []
        for data_item_data in self.data:
            data_item: dict[str, Any]
            if isinstance(data_item_data, CommentEvent):
                data_item = data_item_data.to_dict()
            else:
                data_item = data_item_data.to_dict()

            data.append(data_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.comment_event import CommentEvent
        from ..models.like_event import LikeEvent

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:

            def _parse_data_item(data: object) -> CommentEvent | LikeEvent:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_note_event_type_0 = CommentEvent.from_dict(data)

                    return componentsschemas_note_event_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_note_event_type_1 = LikeEvent.from_dict(data)

                return componentsschemas_note_event_type_1

            data_item = _parse_data_item(data_item_data)

            data.append(data_item)

        notes_events_send_response_200 = cls(
            data=data,
        )

        notes_events_send_response_200.additional_properties = d
        return notes_events_send_response_200

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
