# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

OutcomeEvaluationResult = Literal["failed", "interrupted", "max_iterations_reached", "needs_revision", "satisfied"]

OUTCOME_EVALUATION_RESULT_VALUES: set[OutcomeEvaluationResult] = {
    "failed",
    "interrupted",
    "max_iterations_reached",
    "needs_revision",
    "satisfied",
}


def check_outcome_evaluation_result(value: str) -> OutcomeEvaluationResult:
    if value in OUTCOME_EVALUATION_RESULT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {OUTCOME_EVALUATION_RESULT_VALUES!r}")
