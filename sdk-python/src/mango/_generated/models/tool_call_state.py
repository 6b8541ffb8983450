# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

ToolCallState = Literal["ambiguous", "completed", "started"]

TOOL_CALL_STATE_VALUES: set[ToolCallState] = {
    "ambiguous",
    "completed",
    "started",
}


def check_tool_call_state(value: str) -> ToolCallState:
    if value in TOOL_CALL_STATE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TOOL_CALL_STATE_VALUES!r}")
