# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

Base64ImageSourceMediaType = Literal["image/gif", "image/jpeg", "image/png", "image/webp"]

BASE_64_IMAGE_SOURCE_MEDIA_TYPE_VALUES: set[Base64ImageSourceMediaType] = {
    "image/gif",
    "image/jpeg",
    "image/png",
    "image/webp",
}


def check_base_64_image_source_media_type(value: str) -> Base64ImageSourceMediaType:
    if value in BASE_64_IMAGE_SOURCE_MEDIA_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BASE_64_IMAGE_SOURCE_MEDIA_TYPE_VALUES!r}")
