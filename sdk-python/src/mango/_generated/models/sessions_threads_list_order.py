# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

SessionsThreadsListOrder = Literal["asc", "desc"]

SESSIONS_THREADS_LIST_ORDER_VALUES: set[SessionsThreadsListOrder] = {
    "asc",
    "desc",
}


def check_sessions_threads_list_order(value: str) -> SessionsThreadsListOrder:
    if value in SESSIONS_THREADS_LIST_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SESSIONS_THREADS_LIST_ORDER_VALUES!r}")
