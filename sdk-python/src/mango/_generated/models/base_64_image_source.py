# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.base_64_image_source_media_type import Base64ImageSourceMediaType, check_base_64_image_source_media_type

T = TypeVar("T", bound="Base64ImageSource")


@_attrs_define
class Base64ImageSource:
    """Inline base64 image bytes; the bytes must be of the declared type.

    Attributes:
        type_ (Literal['base64']): Always `base64`.
        media_type (Base64ImageSourceMediaType): The image's media type, checked against its bytes.
        data (str): Standard base64 of the bytes (the server's image limit applies, 5 MiB by default).
    """

    type_: Literal["base64"]
    media_type: Base64ImageSourceMediaType
    data: str

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        media_type: str = self.media_type

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
        type_ = cast(Literal["base64"], d.pop("type"))
        if type_ != "base64":
            raise ValueError(f"type must match const 'base64', got '{type_}'")

        media_type = check_base_64_image_source_media_type(d.pop("media_type"))

        data = d.pop("data")

        base_64_image_source = cls(
            type_=type_,
            media_type=media_type,
            data=data,
        )

        return base_64_image_source
