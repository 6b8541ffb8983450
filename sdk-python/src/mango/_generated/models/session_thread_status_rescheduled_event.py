# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SessionThreadStatusRescheduledEvent")


@_attrs_define
class SessionThreadStatusRescheduledEvent:
    """A child Thread's model call failed with a retryable error; the Thread retries it after a delay (its own ledger shows
    `session.status_rescheduled` and the `session.error`).

        Attributes:
            type_ (Literal['session.thread_status_rescheduled']): Always `session.thread_status_rescheduled`.
            id (str): The event id (`sevt_...`).
            processed_at (datetime.datetime | None): When the event was processed.
            created_at (datetime.datetime): When the event was committed.
            agent_name (str): The Thread's Agent name.
            session_thread_id (None | str | Unset): The Thread the event is about.
    """

    type_: Literal["session.thread_status_rescheduled"]
    id: str
    processed_at: datetime.datetime | None
    created_at: datetime.datetime
    agent_name: str
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

        agent_name = self.agent_name

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
                "agent_name": agent_name,
            }
        )
        if session_thread_id is not UNSET:
            field_dict["session_thread_id"] = session_thread_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["session.thread_status_rescheduled"], d.pop("type"))
        if type_ != "session.thread_status_rescheduled":
            raise ValueError(f"type must match const 'session.thread_status_rescheduled', got '{type_}'")

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

        agent_name = d.pop("agent_name")

        def _parse_session_thread_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        session_thread_id = _parse_session_thread_id(d.pop("session_thread_id", UNSET))

        session_thread_status_rescheduled_event = cls(
            type_=type_,
            id=id,
            processed_at=processed_at,
            created_at=created_at,
            agent_name=agent_name,
            session_thread_id=session_thread_id,
        )

        session_thread_status_rescheduled_event.additional_properties = d
        return session_thread_status_rescheduled_event

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
