# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

DeploymentStatus = Literal["active", "paused"]

DEPLOYMENT_STATUS_VALUES: set[DeploymentStatus] = {
    "active",
    "paused",
}


def check_deployment_status(value: str) -> DeploymentStatus:
    if value in DEPLOYMENT_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DEPLOYMENT_STATUS_VALUES!r}")
