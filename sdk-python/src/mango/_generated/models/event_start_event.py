# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.preview_event_ref import PreviewEventRef


T = TypeVar("T", bound="EventStartEvent")


@_attrs_define
class EventStartEvent:
    """Stream-only preview; an `agent.message` or `agent.thinking` event has started. Never persisted or replayed.

    Attributes:
        type_ (Literal['event_start']): Always `event_start`.
        event (PreviewEventRef): The in-progress event a preview belongs to.
    """

    type_: Literal["event_start"]
    event: PreviewEventRef
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        event = self.event.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "event": event,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.preview_event_ref import PreviewEventRef

        d = dict(src_dict)
        type_ = cast(Literal["event_start"], d.pop("type"))
        if type_ != "event_start":
            raise ValueError(f"type must match const 'event_start', got '{type_}'")

        event = PreviewEventRef.from_dict(d.pop("event"))

        event_start_event = cls(
            type_=type_,
            event=event,
        )

        event_start_event.additional_properties = d
        return event_start_event

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
