# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

Base64DocumentSourceMediaType = Literal["application/pdf", "text/plain"]

BASE_64_DOCUMENT_SOURCE_MEDIA_TYPE_VALUES: set[Base64DocumentSourceMediaType] = {
    "application/pdf",
    "text/plain",
}


def check_base_64_document_source_media_type(value: str) -> Base64DocumentSourceMediaType:
    if value in BASE_64_DOCUMENT_SOURCE_MEDIA_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BASE_64_DOCUMENT_SOURCE_MEDIA_TYPE_VALUES!r}")
