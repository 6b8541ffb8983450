# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

AgentMcpToolResultEventOutcome = Literal["ambiguous", "completed"]

AGENT_MCP_TOOL_RESULT_EVENT_OUTCOME_VALUES: set[AgentMcpToolResultEventOutcome] = {
    "ambiguous",
    "completed",
}


def check_agent_mcp_tool_result_event_outcome(value: str) -> AgentMcpToolResultEventOutcome:
    if value in AGENT_MCP_TOOL_RESULT_EVENT_OUTCOME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {AGENT_MCP_TOOL_RESULT_EVENT_OUTCOME_VALUES!r}")
