# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.document_block import DocumentBlock
    from ..models.image_block import ImageBlock
    from ..models.text_block import TextBlock


T = TypeVar("T", bound="UserCustomToolResultEventParams")


@_attrs_define
class UserCustomToolResultEventParams:
    """Return an application-defined tool's result.

    Attributes:
        type_ (Literal['user.custom_tool_result']): Always `user.custom_tool_result`.
        custom_tool_use_id (str): The id of the `agent.custom_tool_use` event answered; a second result for it answers
            409.
        content (list[DocumentBlock | ImageBlock | TextBlock] | Unset): The tool output.
        is_error (bool | Unset): Whether the tool failed. Default: False.
        session_thread_id (None | str | Unset): The originating thread's id, when not the primary thread.
    """

    type_: Literal["user.custom_tool_result"]
    custom_tool_use_id: str
    content: list[DocumentBlock | ImageBlock | TextBlock] | Unset = UNSET
    is_error: bool | Unset = False
    session_thread_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.image_block import ImageBlock
        from ..models.text_block import TextBlock

        type_ = self.type_

        custom_tool_use_id = self.custom_tool_use_id

        content: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.content, Unset):
            content = []
            for content_item_data in self.content:
                content_item: dict[str, Any]
                if isinstance(content_item_data, TextBlock) or isinstance(content_item_data, ImageBlock):
                    content_item = content_item_data.to_dict()
                else:
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
                "custom_tool_use_id": custom_tool_use_id,
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
        from ..models.document_block import DocumentBlock
        from ..models.image_block import ImageBlock
        from ..models.text_block import TextBlock

        d = dict(src_dict)
        type_ = cast(Literal["user.custom_tool_result"], d.pop("type"))
        if type_ != "user.custom_tool_result":
            raise ValueError(f"type must match const 'user.custom_tool_result', got '{type_}'")

        custom_tool_use_id = d.pop("custom_tool_use_id")

        _content = d.pop("content", UNSET)
        content: list[DocumentBlock | ImageBlock | TextBlock] | Unset = UNSET
        if _content is not UNSET:
            content = []
            for content_item_data in _content:

                def _parse_content_item(data: object) -> DocumentBlock | ImageBlock | TextBlock:
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_user_content_block_type_0 = TextBlock.from_dict(data)

                        return componentsschemas_user_content_block_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_user_content_block_type_1 = ImageBlock.from_dict(data)

                        return componentsschemas_user_content_block_type_1
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_user_content_block_type_2 = DocumentBlock.from_dict(data)

                    return componentsschemas_user_content_block_type_2

                content_item = _parse_content_item(content_item_data)

                content.append(content_item)

        is_error = d.pop("is_error", UNSET)

        def _parse_session_thread_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        session_thread_id = _parse_session_thread_id(d.pop("session_thread_id", UNSET))

        user_custom_tool_result_event_params = cls(
            type_=type_,
            custom_tool_use_id=custom_tool_use_id,
            content=content,
            is_error=is_error,
            session_thread_id=session_thread_id,
        )

        return user_custom_tool_result_event_params
