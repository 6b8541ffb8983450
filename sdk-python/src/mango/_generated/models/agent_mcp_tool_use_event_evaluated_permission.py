# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

AgentMcpToolUseEventEvaluatedPermission = Literal["allow", "ask", "deny"]

AGENT_MCP_TOOL_USE_EVENT_EVALUATED_PERMISSION_VALUES: set[AgentMcpToolUseEventEvaluatedPermission] = {
    "allow",
    "ask",
    "deny",
}


def check_agent_mcp_tool_use_event_evaluated_permission(value: str) -> AgentMcpToolUseEventEvaluatedPermission:
    if value in AGENT_MCP_TOOL_USE_EVENT_EVALUATED_PERMISSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AGENT_MCP_TOOL_USE_EVENT_EVALUATED_PERMISSION_VALUES!r}"
    )
