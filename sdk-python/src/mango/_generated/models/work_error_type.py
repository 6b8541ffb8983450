# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

WorkErrorType = Literal["session_input_failed_error"]

WORK_ERROR_TYPE_VALUES: set[WorkErrorType] = {
    "session_input_failed_error",
}


def check_work_error_type(value: str) -> WorkErrorType:
    if value in WORK_ERROR_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WORK_ERROR_TYPE_VALUES!r}")
