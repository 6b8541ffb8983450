# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

SessionResourceAccess = Literal["read_only", "read_write"]

SESSION_RESOURCE_ACCESS_VALUES: set[SessionResourceAccess] = {
    "read_only",
    "read_write",
}


def check_session_resource_access(value: str) -> SessionResourceAccess:
    if value in SESSION_RESOURCE_ACCESS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SESSION_RESOURCE_ACCESS_VALUES!r}")
