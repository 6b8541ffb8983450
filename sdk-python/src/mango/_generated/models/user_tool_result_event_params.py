# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.text_block import TextBlock


T = TypeVar("T", bound="UserToolResultEventParams")


@_attrs_define
class UserToolResultEventParams:
    """Return a built-in tool's result (Environment workers).

    Attributes:
        type_ (Literal['user.tool_result']): Always `user.tool_result`.
        tool_use_id (str): The id of the `agent.tool_use` event answered; a second result for it answers 409.
        content (list[TextBlock] | Unset): The tool output.
        is_error (bool | Unset): Whether the tool failed. Default: False.
        session_thread_id (None | str | Unset): The originating thread's id, when not the primary thread.
    """

    type_: Literal["user.tool_result"]
    tool_use_id: str
    content: list[TextBlock] | Unset = UNSET
    is_error: bool | Unset = False
    session_thread_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        tool_use_id = self.tool_use_id

        content: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.content, Unset):
            content = []
            for content_item_data in self.content:
                content_item = content_item_data.to_dict()
                content.append(content_item)

        is_error = self.is_error

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
            }
        )
        if content is not UNSET:
            field_dict["content"] = content
        if is_error is not UNSET:
            field_dict["is_error"] = is_error
        if session_thread_id is not UNSET:
            field_dict["session_thread_id"] = session_thread_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.text_block import TextBlock

        d = dict(src_dict)
        type_ = cast(Literal["user.tool_result"], d.pop("type"))
        if type_ != "user.tool_result":
            raise ValueError(f"type must match const 'user.tool_result', got '{type_}'")

        tool_use_id = d.pop("tool_use_id")

        _content = d.pop("content", UNSET)
        content: list[TextBlock] | Unset = UNSET
        if _content is not UNSET:
            content = []
            for content_item_data in _content:
                content_item = TextBlock.from_dict(content_item_data)

                content.append(content_item)

        is_error = d.pop("is_error", UNSET)

        def _parse_session_thread_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        session_thread_id = _parse_session_thread_id(d.pop("session_thread_id", UNSET))

        user_tool_result_event_params = cls(
            type_=type_,
            tool_use_id=tool_use_id,
            content=content,
            is_error=is_error,
            session_thread_id=session_thread_id,
        )

        return user_tool_result_event_params
