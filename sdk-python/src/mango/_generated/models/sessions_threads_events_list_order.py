# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

SessionsThreadsEventsListOrder = Literal["asc", "desc"]

SESSIONS_THREADS_EVENTS_LIST_ORDER_VALUES: set[SessionsThreadsEventsListOrder] = {
    "asc",
    "desc",
}


def check_sessions_threads_events_list_order(value: str) -> SessionsThreadsEventsListOrder:
    if value in SESSIONS_THREADS_EVENTS_LIST_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SESSIONS_THREADS_EVENTS_LIST_ORDER_VALUES!r}")
