# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

PreviewEventRefType = Literal["agent.message", "agent.thinking"]

PREVIEW_EVENT_REF_TYPE_VALUES: set[PreviewEventRefType] = {
    "agent.message",
    "agent.thinking",
}


def check_preview_event_ref_type(value: str) -> PreviewEventRefType:
    if value in PREVIEW_EVENT_REF_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PREVIEW_EVENT_REF_TYPE_VALUES!r}")
