# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

DeploymentRunErrorCategory = Literal["missing_resource", "rejected", "transient"]

DEPLOYMENT_RUN_ERROR_CATEGORY_VALUES: set[DeploymentRunErrorCategory] = {
    "missing_resource",
    "rejected",
    "transient",
}


def check_deployment_run_error_category(value: str) -> DeploymentRunErrorCategory:
    if value in DEPLOYMENT_RUN_ERROR_CATEGORY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DEPLOYMENT_RUN_ERROR_CATEGORY_VALUES!r}")
