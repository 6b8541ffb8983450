# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

DeploymentRunsListTriggerType = Literal["manual", "schedule"]

DEPLOYMENT_RUNS_LIST_TRIGGER_TYPE_VALUES: set[DeploymentRunsListTriggerType] = {
    "manual",
    "schedule",
}


def check_deployment_runs_list_trigger_type(value: str) -> DeploymentRunsListTriggerType:
    if value in DEPLOYMENT_RUNS_LIST_TRIGGER_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DEPLOYMENT_RUNS_LIST_TRIGGER_TYPE_VALUES!r}")
