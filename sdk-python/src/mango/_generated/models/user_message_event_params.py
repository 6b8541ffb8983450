# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.document_block import DocumentBlock
    from ..models.image_block import ImageBlock
    from ..models.text_block import TextBlock


T = TypeVar("T", bound="UserMessageEventParams")


@_attrs_define
class UserMessageEventParams:
    """Send a user turn.

    Attributes:
        type_ (Literal['user.message']): Always `user.message`.
        content (list[DocumentBlock | ImageBlock | TextBlock]): Text, image and document blocks.
    """

    type_: Literal["user.message"]
    content: list[DocumentBlock | ImageBlock | TextBlock]

    def to_dict(self) -> dict[str, Any]:
        from ..models.image_block import ImageBlock
        from ..models.text_block import TextBlock

        type_ = self.type_

        content = []
        for content_item_data in self.content:
            content_item: dict[str, Any]
            if isinstance(content_item_data, TextBlock) or isinstance(content_item_data, ImageBlock):
                content_item = content_item_data.to_dict()
            else:
                content_item = content_item_data.to_dict()

            content.append(content_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "content": content,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.document_block import DocumentBlock
        from ..models.image_block import ImageBlock
        from ..models.text_block import TextBlock

        d = dict(src_dict)
        type_ = cast(Literal["user.message"], d.pop("type"))
        if type_ != "user.message":
            raise ValueError(f"type must match const 'user.message', got '{type_}'")

        content = []
        _content = d.pop("content")
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

        user_message_event_params = cls(
            type_=type_,
            content=content,
        )

        return user_message_event_params
