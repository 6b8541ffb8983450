# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

MemoryStoresMemoriesGetView = Literal["basic", "full"]

MEMORY_STORES_MEMORIES_GET_VIEW_VALUES: set[MemoryStoresMemoriesGetView] = {
    "basic",
    "full",
}


def check_memory_stores_memories_get_view(value: str) -> MemoryStoresMemoriesGetView:
    if value in MEMORY_STORES_MEMORIES_GET_VIEW_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MEMORY_STORES_MEMORIES_GET_VIEW_VALUES!r}")
