# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TextRubric")


@_attrs_define
class TextRubric:
    """A rubric given as text.

    Attributes:
        type_ (Literal['text']): Always `text`.
        content (str): The criteria the work is graded against.
    """

    type_: Literal["text"]
    content: str

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        content = self.content

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
        d = dict(src_dict)
        type_ = cast(Literal["text"], d.pop("type"))
        if type_ != "text":
            raise ValueError(f"type must match const 'text', got '{type_}'")

        content = d.pop("content")

        text_rubric = cls(
            type_=type_,
            content=content,
        )

        return text_rubric
