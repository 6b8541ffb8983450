# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.text_block import TextBlock


T = TypeVar("T", bound="ContentDelta")


@_attrs_define
class ContentDelta:
    """Text appended to one content block of a previewed event.

    Attributes:
        type_ (Literal['content_delta']): Always `content_delta`.
        index (int): The content block index the text belongs to.
        content (TextBlock): A text block.
    """

    type_: Literal["content_delta"]
    index: int
    content: TextBlock
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        index = self.index

        content = self.content.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "index": index,
                "content": content,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.text_block import TextBlock

        d = dict(src_dict)
        type_ = cast(Literal["content_delta"], d.pop("type"))
        if type_ != "content_delta":
            raise ValueError(f"type must match const 'content_delta', got '{type_}'")

        index = d.pop("index")

        content = TextBlock.from_dict(d.pop("content"))

        content_delta = cls(
            type_=type_,
            index=index,
            content=content,
        )

        content_delta.additional_properties = d
        return content_delta

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
