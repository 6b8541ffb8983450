# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

MemoryStoreResourceParamsAccess = Literal["read_only", "read_write"]

MEMORY_STORE_RESOURCE_PARAMS_ACCESS_VALUES: set[MemoryStoreResourceParamsAccess] = {
    "read_only",
    "read_write",
}


def check_memory_store_resource_params_access(value: str) -> MemoryStoreResourceParamsAccess:
    if value in MEMORY_STORE_RESOURCE_PARAMS_ACCESS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MEMORY_STORE_RESOURCE_PARAMS_ACCESS_VALUES!r}")
