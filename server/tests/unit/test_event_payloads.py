"""Typed ledger events: ``NewEvent.of`` stores what the spec describes, leaving absent properties out."""

from __future__ import annotations

import json
from typing import Any

import pytest
from mango_server.api._generated import models
from mango_server.domain._generated import events as ev
from mango_server.store.events import NewEvent

TEXT = [{"type": "text", "text": "hi"}]
TOKENS = {"input_tokens": 1, "output_tokens": 2, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
USAGE = {**TOKENS, "server_tool_use": {"web_search_requests": 0, "web_fetch_requests": 0}, "list_cost": None}
SAMPLES: list[ev.EventPayload] = [
    ev.UserMessageEvent(content=TEXT),
    ev.UserInterruptEvent(),
    ev.UserToolConfirmationEvent(tool_use_id="sevt_1", result="deny", deny_message="no"),
    ev.UserToolResultEvent(tool_use_id="sevt_1", content=[], is_error=False),
    ev.UserCustomToolResultEvent(custom_tool_use_id="sevt_1", content=TEXT, is_error=True),
    ev.AgentMessageEvent(content=TEXT),
    ev.AgentThinkingEvent(),
    ev.AgentToolUseEvent(name="bash", input={"command": "ls"}, evaluated_permission="ask"),
    ev.AgentToolResultEvent(tool_use_id="sevt_1", content=TEXT, is_error=False),
    ev.AgentMcpToolUseEvent(
        mcp_server_name="docs",
        name="search",
        input={},
        evaluated_permission="allow",
        evaluation={"decision": "allow", "reason_type": "routine", "reason": "read-only"},
    ),
    ev.AgentMcpToolResultEvent(
        mcp_tool_use_id="sevt_1",
        content=TEXT,
        is_error=False,
        file_id="file_1",
        file_size_bytes=3,
        file_sha256="0" * 64,
    ),
    ev.AgentCustomToolUseEvent(name="lookup", input={"q": 1}, source_event_id="sevt_0"),
    ev.AgentThreadContextCompactedEvent(pre_tokens=10, post_tokens=5, mode="extractive"),
    ev.SessionStatusRunningEvent(),
    ev.SessionStatusIdleEvent(stop_reason={"type": "requires_action", "event_ids": ["sevt_1"]}),
    ev.SessionStatusRescheduledEvent(),
    ev.SessionStatusTerminatedEvent(),
    ev.SessionErrorEvent(error={"type": "unknown_error", "message": "m", "retry_status": {"type": "terminal"}}),
    ev.SessionUpdatedEvent(title=None, budget=None),
    ev.SessionUsageEvent(usage=USAGE, budget={"type": "limit", "max_list_cost": None, "max_tokens": 1000}),
    ev.SessionDeletedEvent(),
    ev.SpanModelRequestStartEvent(),
    ev.SpanModelRequestEndEvent(model_request_start_id="sevt_0", is_error=False, model_usage=TOKENS),
    ev.UserDefineOutcomeEvent(
        outcome_id="outc_1", description="d", rubric={"type": "text", "content": "r"}, max_iterations=3
    ),
    ev.SpanOutcomeEvaluationStartEvent(outcome_id="outc_1", iteration=0),
    ev.SpanOutcomeEvaluationEndEvent(
        outcome_evaluation_start_id=None, outcome_id="outc_1", iteration=0, result="interrupted", explanation="e"
    ),
    ev.AgentThreadMessageSentEvent(to_session_thread_id="sthr_1", to_agent_name=None, content=TEXT),
    ev.AgentThreadMessageReceivedEvent(from_session_thread_id="sthr_0", from_agent_name="lead", content=TEXT),
    ev.SessionThreadCreatedEvent(agent_name="researcher"),
    ev.SessionThreadStatusRunningEvent(agent_name="researcher"),
    ev.SessionThreadStatusRescheduledEvent(agent_name="researcher"),
    ev.SessionThreadStatusIdleEvent(agent_name="researcher", stop_reason={"type": "end_turn"}),
    ev.SessionThreadStatusTerminatedEvent(agent_name="researcher"),
]


def _wire(event: NewEvent) -> dict[str, Any]:
    envelope = {"processed_at": None, "created_at": "2026-01-01T00:00:00Z", "session_thread_id": "sthr_0"}
    return {"type": event.type, "id": event.id, **event.payload, **envelope}


def test_every_event_type_has_a_sample() -> None:
    assert sorted(sample.TYPE for sample in SAMPLES) == sorted(ev.EVENT_TYPES)


@pytest.mark.parametrize("payload", SAMPLES, ids=lambda payload: payload.TYPE)
def test_a_typed_event_is_a_valid_wire_event(payload: ev.EventPayload) -> None:
    event = NewEvent.of("sevt_9", payload, "sevt_t", processed=False, session_thread_id="sthr_c")
    assert (event.id, event.type, event.trigger_id, event.processed, event.session_thread_id) == (
        "sevt_9", payload.TYPE, "sevt_t", False, "sthr_c",
    )  # fmt: skip
    decoded = models.SessionEvent.model_validate(_wire(event)).root
    assert decoded.type == payload.TYPE
    json.dumps(event.payload)  # the ledger stores it as JSON


def test_absent_properties_are_left_out() -> None:
    # An optional property the spec forbids as null is left out when None.
    use = ev.AgentToolUseEvent(name="bash", input={}, evaluated_permission="allow", evaluation=None)
    assert use.payload() == {"name": "bash", "input": {}, "evaluated_permission": "allow"}
    # A nullable optional property is written when given, even as null, and left out only when OMITTED.
    assert ev.UserToolConfirmationEvent(tool_use_id="t", result="allow").payload() == {
        "tool_use_id": "t", "result": "allow",
    }  # fmt: skip
    assert ev.SessionUpdatedEvent(budget=None).payload() == {"budget": None}
    assert ev.SessionUpdatedEvent(title=ev.OMITTED, metadata={"k": "v"}).payload() == {"metadata": {"k": "v"}}
    assert ev.AgentMcpToolResultEvent(mcp_tool_use_id="m", content=[], is_error=True).payload() == {
        "mcp_tool_use_id": "m", "content": [], "is_error": True,
    }  # fmt: skip


def test_payloads_keep_the_spec_order() -> None:
    sent = ev.AgentThreadMessageSentEvent(to_session_thread_id="sthr_1", to_agent_name="a", content=TEXT)
    assert list(sent.payload()) == ["to_session_thread_id", "to_agent_name", "content"]
    mcp = ev.AgentMcpToolUseEvent(mcp_server_name="s", name="n", input={}, evaluated_permission="deny")
    assert list(mcp.payload()) == ["mcp_server_name", "name", "input", "evaluated_permission"]
