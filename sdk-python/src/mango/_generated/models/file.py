# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="File")


@_attrs_define
class File:
    """An immutable Workspace File.

    Attributes:
        type_ (Literal['file']): Always `file`.
        id (str): The File id (`file_...`).
        filename (str): The uploaded file name.
        mime_type (str): The media type given at upload (`application/octet-stream` when none).
        size_bytes (int): Size in bytes.
        sha256 (str): SHA-256 of the bytes, lower-case hex.
        created_at (datetime.datetime): Upload time.
    """

    type_: Literal["file"]
    id: str
    filename: str
    mime_type: str
    size_bytes: int
    sha256: str
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        filename = self.filename

        mime_type = self.mime_type

        size_bytes = self.size_bytes

        sha256 = self.sha256

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "filename": filename,
                "mime_type": mime_type,
                "size_bytes": size_bytes,
                "sha256": sha256,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["file"], d.pop("type"))
        if type_ != "file":
            raise ValueError(f"type must match const 'file', got '{type_}'")

        id = d.pop("id")

        filename = d.pop("filename")

        mime_type = d.pop("mime_type")

        size_bytes = d.pop("size_bytes")

        sha256 = d.pop("sha256")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        file = cls(
            type_=type_,
            id=id,
            filename=filename,
            mime_type=mime_type,
            size_bytes=size_bytes,
            sha256=sha256,
            created_at=created_at,
        )

        file.additional_properties = d
        return file

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
