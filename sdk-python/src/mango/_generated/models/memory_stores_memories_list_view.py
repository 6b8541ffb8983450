# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

MemoryStoresMemoriesListView = Literal["basic", "full"]

MEMORY_STORES_MEMORIES_LIST_VIEW_VALUES: set[MemoryStoresMemoriesListView] = {
    "basic",
    "full",
}


def check_memory_stores_memories_list_view(value: str) -> MemoryStoresMemoriesListView:
    if value in MEMORY_STORES_MEMORIES_LIST_VIEW_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MEMORY_STORES_MEMORIES_LIST_VIEW_VALUES!r}")
