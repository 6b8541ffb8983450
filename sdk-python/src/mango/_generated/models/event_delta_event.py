# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.content_delta import ContentDelta


T = TypeVar("T", bound="EventDeltaEvent")


@_attrs_define
class EventDeltaEvent:
    """Stream-only preview; text for an in-progress `agent.message` (thinking gets a start only). Fold by `(event_id,
    index)`; the persisted event supersedes it. Never persisted or replayed.

        Attributes:
            type_ (Literal['event_delta']): Always `event_delta`.
            event_id (str): The id of the event being previewed.
            delta (ContentDelta): Text appended to one content block of a previewed event.
    """

    type_: Literal["event_delta"]
    event_id: str
    delta: ContentDelta
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        event_id = self.event_id

        delta = self.delta.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "event_id": event_id,
                "delta": delta,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.content_delta import ContentDelta

        d = dict(src_dict)
        type_ = cast(Literal["event_delta"], d.pop("type"))
        if type_ != "event_delta":
            raise ValueError(f"type must match const 'event_delta', got '{type_}'")

        event_id = d.pop("event_id")

        delta = ContentDelta.from_dict(d.pop("delta"))

        event_delta_event = cls(
            type_=type_,
            event_id=event_id,
            delta=delta,
        )

        event_delta_event.additional_properties = d
        return event_delta_event

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
