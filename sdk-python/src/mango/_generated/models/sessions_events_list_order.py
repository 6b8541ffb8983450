# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

SessionsEventsListOrder = Literal["asc", "desc"]

SESSIONS_EVENTS_LIST_ORDER_VALUES: set[SessionsEventsListOrder] = {
    "asc",
    "desc",
}


def check_sessions_events_list_order(value: str) -> SessionsEventsListOrder:
    if value in SESSIONS_EVENTS_LIST_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SESSIONS_EVENTS_LIST_ORDER_VALUES!r}")
