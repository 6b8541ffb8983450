# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

RosterMemberParamType = Literal["advisor", "agent", "self"]

ROSTER_MEMBER_PARAM_TYPE_VALUES: set[RosterMemberParamType] = {
    "advisor",
    "agent",
    "self",
}


def check_roster_member_param_type(value: str) -> RosterMemberParamType:
    if value in ROSTER_MEMBER_PARAM_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROSTER_MEMBER_PARAM_TYPE_VALUES!r}")
