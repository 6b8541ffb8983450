# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TextDocumentSource")


@_attrs_define
class TextDocumentSource:
    """Inline plain text.

    Attributes:
        type_ (Literal['text']): Always `text`.
        media_type (Literal['text/plain']): Always `text/plain`.
        data (str): The text.
    """

    type_: Literal["text"]
    media_type: Literal["text/plain"]
    data: str

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        media_type = self.media_type

        data = self.data

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "media_type": media_type,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["text"], d.pop("type"))
        if type_ != "text":
            raise ValueError(f"type must match const 'text', got '{type_}'")

        media_type = cast(Literal["text/plain"], d.pop("media_type"))
        if media_type != "text/plain":
            raise ValueError(f"media_type must match const 'text/plain', got '{media_type}'")

        data = d.pop("data")

        text_document_source = cls(
            type_=type_,
            media_type=media_type,
            data=data,
        )

        return text_document_source
