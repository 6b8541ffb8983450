# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

DeploymentRunOutcome = Literal["failed", "session_created", "skipped"]

DEPLOYMENT_RUN_OUTCOME_VALUES: set[DeploymentRunOutcome] = {
    "failed",
    "session_created",
    "skipped",
}


def check_deployment_run_outcome(value: str) -> DeploymentRunOutcome:
    if value in DEPLOYMENT_RUN_OUTCOME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DEPLOYMENT_RUN_OUTCOME_VALUES!r}")
