# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

RetryStatusType = Literal["exhausted", "retrying", "terminal"]

RETRY_STATUS_TYPE_VALUES: set[RetryStatusType] = {
    "exhausted",
    "retrying",
    "terminal",
}


def check_retry_status_type(value: str) -> RetryStatusType:
    if value in RETRY_STATUS_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RETRY_STATUS_TYPE_VALUES!r}")
