# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

MemoryVersionOperation = Literal["created", "deleted", "modified"]

MEMORY_VERSION_OPERATION_VALUES: set[MemoryVersionOperation] = {
    "created",
    "deleted",
    "modified",
}


def check_memory_version_operation(value: str) -> MemoryVersionOperation:
    if value in MEMORY_VERSION_OPERATION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MEMORY_VERSION_OPERATION_VALUES!r}")
