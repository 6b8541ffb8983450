# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

PermissionEvaluationDecision = Literal["allow", "ask", "deny"]

PERMISSION_EVALUATION_DECISION_VALUES: set[PermissionEvaluationDecision] = {
    "allow",
    "ask",
    "deny",
}


def check_permission_evaluation_decision(value: str) -> PermissionEvaluationDecision:
    if value in PERMISSION_EVALUATION_DECISION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PERMISSION_EVALUATION_DECISION_VALUES!r}")
