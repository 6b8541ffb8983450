# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.note_create_metadata import NoteCreateMetadata


T = TypeVar("T", bound="NoteCreate")


@_attrs_define
class NoteCreate:
    """
    Attributes:
        title (str): The title.
        body (None | str | Unset): Optional body.
        metadata (NoteCreateMetadata | Unset): String pairs.
    """

    title: str
    body: None | str | Unset = UNSET
    metadata: NoteCreateMetadata | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        body: None | str | Unset
        if isinstance(self.body, Unset):
            body = UNSET
        else:
            body = self.body

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "title": title,
            }
        )
        if body is not UNSET:
            field_dict["body"] = body
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.note_create_metadata import NoteCreateMetadata

        d = dict(src_dict)
        title = d.pop("title")

        def _parse_body(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        body = _parse_body(d.pop("body", UNSET))

        _metadata = d.pop("metadata", UNSET)
        metadata: NoteCreateMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = NoteCreateMetadata.from_dict(_metadata)

        note_create = cls(
            title=title,
            body=body,
            metadata=metadata,
        )

        return note_create
