# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

AgentToolResultEventOutcome = Literal["ambiguous", "completed"]

AGENT_TOOL_RESULT_EVENT_OUTCOME_VALUES: set[AgentToolResultEventOutcome] = {
    "ambiguous",
    "completed",
}


def check_agent_tool_result_event_outcome(value: str) -> AgentToolResultEventOutcome:
    if value in AGENT_TOOL_RESULT_EVENT_OUTCOME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {AGENT_TOOL_RESULT_EVENT_OUTCOME_VALUES!r}")
