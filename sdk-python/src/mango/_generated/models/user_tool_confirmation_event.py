# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.user_tool_confirmation_event_result import (
    UserToolConfirmationEventResult,
    check_user_tool_confirmation_event_result,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="UserToolConfirmationEvent")


@_attrs_define
class UserToolConfirmationEvent:
    """Allow or deny a tool call whose `evaluated_permission` was `ask`.

    Attributes:
        type_ (Literal['user.tool_confirmation']): Always `user.tool_confirmation`.
        id (str): The event id (`sevt_...`).
        processed_at (datetime.datetime | None): When the confirmation was consumed; null while queued.
        created_at (datetime.datetime): When the event was committed.
        tool_use_id (str): The id of the `agent.tool_use` or `agent.mcp_tool_use` event.
        result (UserToolConfirmationEventResult): The decision.
        session_thread_id (None | str | Unset): The Thread the event belongs to: the originating Thread, echoed.
        deny_message (None | str | Unset): Shown to the model when denied.
    """

    type_: Literal["user.tool_confirmation"]
    id: str
    processed_at: datetime.datetime | None
    created_at: datetime.datetime
    tool_use_id: str
    result: UserToolConfirmationEventResult
    session_thread_id: None | str | Unset = UNSET
    deny_message: None | str | Unset = UNSET
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

        tool_use_id = self.tool_use_id

        result: str = self.result

        session_thread_id: None | str | Unset
        if isinstance(self.session_thread_id, Unset):
            session_thread_id = UNSET
        else:
            session_thread_id = self.session_thread_id

        deny_message: None | str | Unset
        if isinstance(self.deny_message, Unset):
            deny_message = UNSET
        else:
            deny_message = self.deny_message

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "processed_at": processed_at,
                "created_at": created_at,
                "tool_use_id": tool_use_id,
                "result": result,
            }
        )
        if session_thread_id is not UNSET:
            field_dict["session_thread_id"] = session_thread_id
        if deny_message is not UNSET:
            field_dict["deny_message"] = deny_message

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["user.tool_confirmation"], d.pop("type"))
        if type_ != "user.tool_confirmation":
            raise ValueError(f"type must match const 'user.tool_confirmation', got '{type_}'")

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

        tool_use_id = d.pop("tool_use_id")

        result = check_user_tool_confirmation_event_result(d.pop("result"))

        def _parse_session_thread_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        session_thread_id = _parse_session_thread_id(d.pop("session_thread_id", UNSET))

        def _parse_deny_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        deny_message = _parse_deny_message(d.pop("deny_message", UNSET))

        user_tool_confirmation_event = cls(
            type_=type_,
            id=id,
            processed_at=processed_at,
            created_at=created_at,
            tool_use_id=tool_use_id,
            result=result,
            session_thread_id=session_thread_id,
            deny_message=deny_message,
        )

        user_tool_confirmation_event.additional_properties = d
        return user_tool_confirmation_event

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
