# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.worker_failed_stop_reason import WorkerFailedStopReason


T = TypeVar("T", bound="SessionStatusTerminatedEvent")


@_attrs_define
class SessionStatusTerminatedEvent:
    """The Session ended for good (unrecoverable error or archive).

    Attributes:
        type_ (Literal['session.status_terminated']): Always `session.status_terminated`.
        id (str): The event id (`sevt_...`).
        processed_at (datetime.datetime | None): When the event was processed.
        created_at (datetime.datetime): When the event was committed.
        session_thread_id (None | str | Unset): The Thread the event belongs to (the primary Thread's id on primary
            events; a cross-posted child event names the child).
        stop_reason (WorkerFailedStopReason | Unset): A worker reported a permanent failure of the Session's Work (it
            could not prepare the Session's inputs, such as a Skill archive or a Memory Store). Set on the terminated
            Session; nothing of a partially prepared workspace runs.
    """

    type_: Literal["session.status_terminated"]
    id: str
    processed_at: datetime.datetime | None
    created_at: datetime.datetime
    session_thread_id: None | str | Unset = UNSET
    stop_reason: WorkerFailedStopReason | Unset = UNSET
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

        session_thread_id: None | str | Unset
        if isinstance(self.session_thread_id, Unset):
            session_thread_id = UNSET
        else:
            session_thread_id = self.session_thread_id

        stop_reason: dict[str, Any] | Unset = UNSET
        if not isinstance(self.stop_reason, Unset):
            stop_reason = self.stop_reason.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "processed_at": processed_at,
                "created_at": created_at,
            }
        )
        if session_thread_id is not UNSET:
            field_dict["session_thread_id"] = session_thread_id
        if stop_reason is not UNSET:
            field_dict["stop_reason"] = stop_reason

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.worker_failed_stop_reason import WorkerFailedStopReason

        d = dict(src_dict)
        type_ = cast(Literal["session.status_terminated"], d.pop("type"))
        if type_ != "session.status_terminated":
            raise ValueError(f"type must match const 'session.status_terminated', got '{type_}'")

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

        def _parse_session_thread_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        session_thread_id = _parse_session_thread_id(d.pop("session_thread_id", UNSET))

        _stop_reason = d.pop("stop_reason", UNSET)
        stop_reason: WorkerFailedStopReason | Unset
        if isinstance(_stop_reason, Unset):
            stop_reason = UNSET
        else:
            stop_reason = WorkerFailedStopReason.from_dict(_stop_reason)

        session_status_terminated_event = cls(
            type_=type_,
            id=id,
            processed_at=processed_at,
            created_at=created_at,
            session_thread_id=session_thread_id,
            stop_reason=stop_reason,
        )

        session_status_terminated_event.additional_properties = d
        return session_status_terminated_event

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
