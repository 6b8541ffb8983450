# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.user_tool_confirmation_event_params_result import (
    UserToolConfirmationEventParamsResult,
    check_user_tool_confirmation_event_params_result,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="UserToolConfirmationEventParams")


@_attrs_define
class UserToolConfirmationEventParams:
    """Allow or deny a tool call whose `evaluated_permission` was `ask`.

    Attributes:
        type_ (Literal['user.tool_confirmation']): Always `user.tool_confirmation`.
        tool_use_id (str): The id of the `agent.tool_use` or `agent.mcp_tool_use` event.
        result (UserToolConfirmationEventParamsResult): The decision.
        deny_message (None | str | Unset): Shown to the model when denied.
        session_thread_id (None | str | Unset): The originating thread's id, when not the primary thread.
    """

    type_: Literal["user.tool_confirmation"]
    tool_use_id: str
    result: UserToolConfirmationEventParamsResult
    deny_message: None | str | Unset = UNSET
    session_thread_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        tool_use_id = self.tool_use_id

        result: str = self.result

        deny_message: None | str | Unset
        if isinstance(self.deny_message, Unset):
            deny_message = UNSET
        else:
            deny_message = self.deny_message

        session_thread_id: None | str | Unset
        if isinstance(self.session_thread_id, Unset):
            session_thread_id = UNSET
        else:
            session_thread_id = self.session_thread_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "tool_use_id": tool_use_id,
                "result": result,
            }
        )
        if deny_message is not UNSET:
            field_dict["deny_message"] = deny_message
        if session_thread_id is not UNSET:
            field_dict["session_thread_id"] = session_thread_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["user.tool_confirmation"], d.pop("type"))
        if type_ != "user.tool_confirmation":
            raise ValueError(f"type must match const 'user.tool_confirmation', got '{type_}'")

        tool_use_id = d.pop("tool_use_id")

        result = check_user_tool_confirmation_event_params_result(d.pop("result"))

        def _parse_deny_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        deny_message = _parse_deny_message(d.pop("deny_message", UNSET))

        def _parse_session_thread_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        session_thread_id = _parse_session_thread_id(d.pop("session_thread_id", UNSET))

        user_tool_confirmation_event_params = cls(
            type_=type_,
            tool_use_id=tool_use_id,
            result=result,
            deny_message=deny_message,
            session_thread_id=session_thread_id,
        )

        return user_tool_confirmation_event_params
