# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.model_usage import ModelUsage


T = TypeVar("T", bound="SpanModelRequestEndEvent")


@_attrs_define
class SpanModelRequestEndEvent:
    """A model request ended; closes any open previews.

    Attributes:
        type_ (Literal['span.model_request_end']): Always `span.model_request_end`.
        id (str): The event id (`sevt_...`).
        processed_at (datetime.datetime | None): When the event was processed.
        created_at (datetime.datetime): When the event was committed.
        model_request_start_id (str): The matching `span.model_request_start` event id.
        is_error (bool): Whether the request failed.
        model_usage (ModelUsage): Token counts.
        session_thread_id (None | str | Unset): The Thread the event belongs to (the primary Thread's id on primary
            events; a cross-posted child event names the child).
    """

    type_: Literal["span.model_request_end"]
    id: str
    processed_at: datetime.datetime | None
    created_at: datetime.datetime
    model_request_start_id: str
    is_error: bool
    model_usage: ModelUsage
    session_thread_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        processed_at: None | str
        if isinstance(self.processed_at, datetime.datetime):
            processed_at = self.processed_at.isoformat()
        else:
            processed_at = self.processed_at

        created_at = self.created_at.isoformat()

        model_request_start_id = self.model_request_start_id

        is_error = self.is_error

        model_usage = self.model_usage.to_dict()

        session_thread_id: None | str | Unset
        if isinstance(self.session_thread_id, Unset):
            session_thread_id = UNSET
        else:
            session_thread_id = self.session_thread_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "processed_at": processed_at,
                "created_at": created_at,
                "model_request_start_id": model_request_start_id,
                "is_error": is_error,
                "model_usage": model_usage,
            }
        )
        if session_thread_id is not UNSET:
            field_dict["session_thread_id"] = session_thread_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.model_usage import ModelUsage

        d = dict(src_dict)
        type_ = cast(Literal["span.model_request_end"], d.pop("type"))
        if type_ != "span.model_request_end":
            raise ValueError(f"type must match const 'span.model_request_end', got '{type_}'")

        id = d.pop("id")

        def _parse_processed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                processed_at_type_0 = datetime.datetime.fromisoformat(data)

                return processed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        processed_at = _parse_processed_at(d.pop("processed_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        model_request_start_id = d.pop("model_request_start_id")

        is_error = d.pop("is_error")

        model_usage = ModelUsage.from_dict(d.pop("model_usage"))

        def _parse_session_thread_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        session_thread_id = _parse_session_thread_id(d.pop("session_thread_id", UNSET))

        span_model_request_end_event = cls(
            type_=type_,
            id=id,
            processed_at=processed_at,
            created_at=created_at,
            model_request_start_id=model_request_start_id,
            is_error=is_error,
            model_usage=model_usage,
            session_thread_id=session_thread_id,
        )

        span_model_request_end_event.additional_properties = d
        return span_model_request_end_event

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
