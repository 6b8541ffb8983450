# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.base_64_image_source import Base64ImageSource
    from ..models.file_document_source import FileDocumentSource


T = TypeVar("T", bound="ImageBlock")


@_attrs_define
class ImageBlock:
    """An image given to the model (PNG, JPEG, GIF or WebP); refused with 400 when the Session's model does not accept
    images.

        Attributes:
            type_ (Literal['image']): Always `image`.
            source (Base64ImageSource | FileDocumentSource): Where an image's bytes come from.
    """

    type_: Literal["image"]
    source: Base64ImageSource | FileDocumentSource

    def to_dict(self) -> dict[str, Any]:
        from ..models.base_64_image_source import Base64ImageSource

        type_ = self.type_

        source: dict[str, Any]
        if isinstance(self.source, Base64ImageSource):
            source = self.source.to_dict()
        else:
            source = self.source.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "source": source,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.base_64_image_source import Base64ImageSource
        from ..models.file_document_source import FileDocumentSource

        d = dict(src_dict)
        type_ = cast(Literal["image"], d.pop("type"))
        if type_ != "image":
            raise ValueError(f"type must match const 'image', got '{type_}'")

        def _parse_source(data: object) -> Base64ImageSource | FileDocumentSource:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_image_source_type_0 = Base64ImageSource.from_dict(data)

                return componentsschemas_image_source_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_image_source_type_1 = FileDocumentSource.from_dict(data)

            return componentsschemas_image_source_type_1

        source = _parse_source(d.pop("source"))

        image_block = cls(
            type_=type_,
            source=source,
        )

        return image_block
