# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

HealthcheckResultParamsStatus = Literal["healthy", "unhealthy"]

HEALTHCHECK_RESULT_PARAMS_STATUS_VALUES: set[HealthcheckResultParamsStatus] = {
    "healthy",
    "unhealthy",
}


def check_healthcheck_result_params_status(value: str) -> HealthcheckResultParamsStatus:
    if value in HEALTHCHECK_RESULT_PARAMS_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {HEALTHCHECK_RESULT_PARAMS_STATUS_VALUES!r}")
