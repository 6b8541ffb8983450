# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="FileDocumentSource")


@_attrs_define
class FileDocumentSource:
    """A Workspace File, snapshotted when the event is admitted. A document's File is a PDF (its bytes begin with `%PDF-`)
    or UTF-8 text; an image's File is a PNG, JPEG, GIF or WebP image, judged by its bytes, never by its name or declared
    type.

        Attributes:
            type_ (Literal['file']): Always `file`.
            file_id (str): The File id.
    """

    type_: Literal["file"]
    file_id: str

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        file_id = self.file_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "file_id": file_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["file"], d.pop("type"))
        if type_ != "file":
            raise ValueError(f"type must match const 'file', got '{type_}'")

        file_id = d.pop("file_id")

        file_document_source = cls(
            type_=type_,
            file_id=file_id,
        )

        return file_document_source
