# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

OverlapPolicy = Literal["allow", "skip"]

OVERLAP_POLICY_VALUES: set[OverlapPolicy] = {
    "allow",
    "skip",
}


def check_overlap_policy(value: str) -> OverlapPolicy:
    if value in OVERLAP_POLICY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {OVERLAP_POLICY_VALUES!r}")
