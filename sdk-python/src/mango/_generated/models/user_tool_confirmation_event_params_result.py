# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

UserToolConfirmationEventParamsResult = Literal["allow", "deny"]

USER_TOOL_CONFIRMATION_EVENT_PARAMS_RESULT_VALUES: set[UserToolConfirmationEventParamsResult] = {
    "allow",
    "deny",
}


def check_user_tool_confirmation_event_params_result(value: str) -> UserToolConfirmationEventParamsResult:
    if value in USER_TOOL_CONFIRMATION_EVENT_PARAMS_RESULT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {USER_TOOL_CONFIRMATION_EVENT_PARAMS_RESULT_VALUES!r}"
    )
