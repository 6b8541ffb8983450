# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

MemoryStoresMemoryVersionsListOperation = Literal["created", "deleted", "modified"]

MEMORY_STORES_MEMORY_VERSIONS_LIST_OPERATION_VALUES: set[MemoryStoresMemoryVersionsListOperation] = {
    "created",
    "deleted",
    "modified",
}


def check_memory_stores_memory_versions_list_operation(value: str) -> MemoryStoresMemoryVersionsListOperation:
    if value in MEMORY_STORES_MEMORY_VERSIONS_LIST_OPERATION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {MEMORY_STORES_MEMORY_VERSIONS_LIST_OPERATION_VALUES!r}"
    )
