# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.comment_event import CommentEvent
    from ..models.like_event import LikeEvent


T = TypeVar("T", bound="NotesEventsSendBody")


@_attrs_define
class NotesEventsSendBody:
    """
    Attributes:
        events (list[CommentEvent | LikeEvent]): Events to append.
    """

    events: list[CommentEvent | LikeEvent]

    def to_dict(self) -> dict[str, Any]:
        from ..models.comment_event import CommentEvent

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, CommentEvent):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "events": events,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.comment_event import CommentEvent
        from ..models.like_event import LikeEvent

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(data: object) -> CommentEvent | LikeEvent:
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

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        notes_events_send_body = cls(
            events=events,
        )

        return notes_events_send_body
