# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

SessionStatus = Literal["idle", "rescheduling", "running", "terminated"]

SESSION_STATUS_VALUES: set[SessionStatus] = {
    "idle",
    "rescheduling",
    "running",
    "terminated",
}


def check_session_status(value: str) -> SessionStatus:
    if value in SESSION_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SESSION_STATUS_VALUES!r}")
