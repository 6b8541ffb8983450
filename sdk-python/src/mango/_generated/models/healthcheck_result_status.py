# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

HealthcheckResultStatus = Literal["healthy", "unhealthy"]

HEALTHCHECK_RESULT_STATUS_VALUES: set[HealthcheckResultStatus] = {
    "healthy",
    "unhealthy",
}


def check_healthcheck_result_status(value: str) -> HealthcheckResultStatus:
    if value in HEALTHCHECK_RESULT_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {HEALTHCHECK_RESULT_STATUS_VALUES!r}")
