# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

AgentToolUseEventEvaluatedPermission = Literal["allow", "ask", "deny"]

AGENT_TOOL_USE_EVENT_EVALUATED_PERMISSION_VALUES: set[AgentToolUseEventEvaluatedPermission] = {
    "allow",
    "ask",
    "deny",
}


def check_agent_tool_use_event_evaluated_permission(value: str) -> AgentToolUseEventEvaluatedPermission:
    if value in AGENT_TOOL_USE_EVENT_EVALUATED_PERMISSION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {AGENT_TOOL_USE_EVENT_EVALUATED_PERMISSION_VALUES!r}")
