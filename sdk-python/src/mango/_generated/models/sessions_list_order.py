# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

SessionsListOrder = Literal["asc", "desc"]

SESSIONS_LIST_ORDER_VALUES: set[SessionsListOrder] = {
    "asc",
    "desc",
}


def check_sessions_list_order(value: str) -> SessionsListOrder:
    if value in SESSIONS_LIST_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SESSIONS_LIST_ORDER_VALUES!r}")
