# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

WorkState = Literal["active", "queued", "starting", "stopped", "stopping"]

WORK_STATE_VALUES: set[WorkState] = {
    "active",
    "queued",
    "starting",
    "stopped",
    "stopping",
}


def check_work_state(value: str) -> WorkState:
    if value in WORK_STATE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WORK_STATE_VALUES!r}")
