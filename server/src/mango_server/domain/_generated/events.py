# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
"""The typed payloads of the events the ledger stores: one class per member of ``SessionEvent``.

Each class holds an event's properties minus the ledger's envelope, the columns every row has
(``type``, ``id``, ``processed_at``, ``created_at``, ``session_thread_id``).
``TYPE`` names its event type and ``payload()`` builds the JSON object the ledger stores,
properties in spec order: an optional property the spec forbids as null is left out when None,
a nullable optional property only when it is ``OMITTED``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Literal, TypeAlias

from . import wire

__all__ = [
    "AgentCustomToolUseEvent",
    "AgentMcpToolResultEvent",
    "AgentMcpToolUseEvent",
    "AgentMessageEvent",
    "AgentThinkingEvent",
    "AgentThreadContextCompactedEvent",
    "AgentThreadMessageReceivedEvent",
    "AgentThreadMessageSentEvent",
    "AgentToolResultEvent",
    "AgentToolUseEvent",
    "EVENT_TYPES",
    "EventPayload",
    "EventType",
    "OMITTED",
    "Omitted",
    "OutcomeEvaluationResult",
    "SessionDeletedEvent",
    "SessionErrorEvent",
    "SessionStatusIdleEvent",
    "SessionStatusRescheduledEvent",
    "SessionStatusRunningEvent",
    "SessionStatusTerminatedEvent",
    "SessionThreadCreatedEvent",
    "SessionThreadStatusIdleEvent",
    "SessionThreadStatusRescheduledEvent",
    "SessionThreadStatusRunningEvent",
    "SessionThreadStatusTerminatedEvent",
    "SessionUpdatedEvent",
    "SessionUsageEvent",
    "SpanModelRequestEndEvent",
    "SpanModelRequestStartEvent",
    "SpanOutcomeEvaluationEndEvent",
    "SpanOutcomeEvaluationStartEvent",
    "UserCustomToolResultEvent",
    "UserDefineOutcomeEvent",
    "UserInterruptEvent",
    "UserMessageEvent",
    "UserToolConfirmationEvent",
    "UserToolResultEvent",
]


class Omitted(enum.Enum):
    """The value of a nullable optional property that the stored object leaves out."""

    OMITTED = "OMITTED"


OMITTED: Final = Omitted.OMITTED

OutcomeEvaluationResult: TypeAlias = Literal["satisfied", "needs_revision", "max_iterations_reached", "failed", "interrupted"]

EventType: TypeAlias = Literal[
    "user.message", "user.interrupt", "user.tool_confirmation", "user.tool_result", "user.custom_tool_result",
    "agent.message", "agent.thinking", "agent.tool_use", "agent.tool_result", "agent.mcp_tool_use",
    "agent.mcp_tool_result", "agent.custom_tool_use", "agent.thread_context_compacted", "session.status_running",
    "session.status_idle", "session.status_rescheduled", "session.status_terminated", "session.error",
    "session.updated", "session.usage", "session.deleted", "span.model_request_start", "span.model_request_end",
    "user.define_outcome", "span.outcome_evaluation_start", "span.outcome_evaluation_end", "agent.thread_message_sent",
    "agent.thread_message_received", "session.thread_created", "session.thread_status_running",
    "session.thread_status_rescheduled", "session.thread_status_idle", "session.thread_status_terminated",
]
"""Every event type the ledger stores."""

EVENT_TYPES: tuple[EventType, ...] = (
    "user.message", "user.interrupt", "user.tool_confirmation", "user.tool_result", "user.custom_tool_result",
    "agent.message", "agent.thinking", "agent.tool_use", "agent.tool_result", "agent.mcp_tool_use",
    "agent.mcp_tool_result", "agent.custom_tool_use", "agent.thread_context_compacted", "session.status_running",
    "session.status_idle", "session.status_rescheduled", "session.status_terminated", "session.error",
    "session.updated", "session.usage", "session.deleted", "span.model_request_start", "span.model_request_end",
    "user.define_outcome", "span.outcome_evaluation_start", "span.outcome_evaluation_end", "agent.thread_message_sent",
    "agent.thread_message_received", "session.thread_created", "session.thread_status_running",
    "session.thread_status_rescheduled", "session.thread_status_idle", "session.thread_status_terminated",
)


@dataclass(frozen=True, slots=True, kw_only=True)
class UserMessageEvent:
    """A user turn (queued FIFO; may be sent while running)."""

    TYPE: ClassVar[Literal["user.message"]] = "user.message"

    #: Text, image and document blocks.
    content: list[wire.UserContentBlock]

    def payload(self) -> dict[str, Any]:
        return {"content": self.content}


@dataclass(frozen=True, slots=True, kw_only=True)
class UserInterruptEvent:
    """Interrupt the running turn; jumps the queue and forces idle."""

    TYPE: ClassVar[Literal["user.interrupt"]] = "user.interrupt"

    def payload(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True, slots=True, kw_only=True)
class UserToolConfirmationEvent:
    """Allow or deny a tool call whose `evaluated_permission` was `ask`."""

    TYPE: ClassVar[Literal["user.tool_confirmation"]] = "user.tool_confirmation"

    #: The id of the `agent.tool_use` or `agent.mcp_tool_use` event.
    tool_use_id: str

    #: The decision.
    result: Literal["allow", "deny"]

    #: Shown to the model when denied.
    deny_message: str | None | Omitted = OMITTED

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {"tool_use_id": self.tool_use_id, "result": self.result}
        if self.deny_message is not OMITTED:
            out["deny_message"] = self.deny_message
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class UserToolResultEvent:
    """The result of a built-in tool executed by the Environment worker."""

    TYPE: ClassVar[Literal["user.tool_result"]] = "user.tool_result"

    #: The id of the `agent.tool_use` event answered.
    tool_use_id: str

    #: The tool output.
    content: list[wire.TextBlock]

    #: Whether the tool failed.
    is_error: bool

    def payload(self) -> dict[str, Any]:
        return {
            "tool_use_id": self.tool_use_id,
            "content": self.content,
            "is_error": self.is_error,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class UserCustomToolResultEvent:
    """The result of an application-defined tool."""

    TYPE: ClassVar[Literal["user.custom_tool_result"]] = "user.custom_tool_result"

    #: The id of the `agent.custom_tool_use` event answered.
    custom_tool_use_id: str

    #: The tool output.
    content: list[wire.UserContentBlock]

    #: Whether the tool failed.
    is_error: bool

    def payload(self) -> dict[str, Any]:
        return {
            "custom_tool_use_id": self.custom_tool_use_id,
            "content": self.content,
            "is_error": self.is_error,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class AgentMessageEvent:
    """Text the agent produced."""

    TYPE: ClassVar[Literal["agent.message"]] = "agent.message"

    #: Text blocks.
    content: list[wire.TextBlock]

    def payload(self) -> dict[str, Any]:
        return {"content": self.content}


@dataclass(frozen=True, slots=True, kw_only=True)
class AgentThinkingEvent:
    """A progress signal that the agent is thinking (the model produced a thinking block, kept exactly in the
    private transcript); carries no thinking text.
    """

    TYPE: ClassVar[Literal["agent.thinking"]] = "agent.thinking"

    def payload(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True, slots=True, kw_only=True)
class AgentToolUseEvent:
    """A built-in tool call. Worker-run tools (bash, read, write, edit, glob, grep) are answered with
    `user.tool_result`; with `evaluated_permission` `ask` the worker waits for a `user.tool_confirmation` allow
    first. A worker records `started` (`sessions.tool_calls.start`) before it runs a call that can change anything;
    when that worker stops before a result, Mango answers the call with `agent.tool_result` `outcome: ambiguous`
    instead. The platform-managed `web_fetch` is answered by Mango itself with `agent.tool_result` (after the
    confirmation, when it asks).
    """

    TYPE: ClassVar[Literal["agent.tool_use"]] = "agent.tool_use"

    #: The tool name.
    name: str

    #: The tool input.
    input: dict[str, Any]

    #: The permission decision for this call.
    evaluated_permission: Literal["allow", "ask", "deny"]

    #: How the `auto` evaluator decided; absent for `always_allow` and `always_ask`.
    evaluation: wire.PermissionEvaluation | None = None

    #: For a relayed child action, the id of the originating event.
    source_event_id: str | None | Omitted = OMITTED

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "input": self.input,
            "evaluated_permission": self.evaluated_permission,
        }
        if self.evaluation is not None:
            out["evaluation"] = self.evaluation
        if self.source_event_id is not OMITTED:
            out["source_event_id"] = self.source_event_id
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class AgentToolResultEvent:
    """The result of a tool executed by the platform or the model provider (for example web_search), or Mango's
    `ambiguous` answer to a worker-run call whose worker stopped after starting it.
    """

    TYPE: ClassVar[Literal["agent.tool_result"]] = "agent.tool_result"

    #: The `agent.tool_use` event answered.
    tool_use_id: str

    #: The tool output.
    content: list[wire.TextBlock]

    #: Whether the tool failed.
    is_error: bool

    #: `ambiguous`: the call was started (`web_fetch` by Mango, a built-in by a worker) but its executor stopped
    #: before a result was recorded, so it may or may not have taken effect; it was not run again and the model got
    #: an error result saying so. Absent (or `completed`) when the executor reported this result.
    outcome: Literal["completed", "ambiguous"] | None = None

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "tool_use_id": self.tool_use_id,
            "content": self.content,
            "is_error": self.is_error,
        }
        if self.outcome is not None:
            out["outcome"] = self.outcome
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class AgentMcpToolUseEvent:
    """A call to an MCP server tool, made by the control plane."""

    TYPE: ClassVar[Literal["agent.mcp_tool_use"]] = "agent.mcp_tool_use"

    #: The MCP server's name.
    mcp_server_name: str

    #: The tool name.
    name: str

    #: The tool input.
    input: dict[str, Any]

    #: The permission decision for this call.
    evaluated_permission: Literal["allow", "ask", "deny"]

    #: How the `auto` evaluator decided; absent for `always_allow` and `always_ask`.
    evaluation: wire.PermissionEvaluation | None = None

    #: For a relayed child action, the id of the originating event.
    source_event_id: str | None | Omitted = OMITTED

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "mcp_server_name": self.mcp_server_name,
            "name": self.name,
            "input": self.input,
            "evaluated_permission": self.evaluated_permission,
        }
        if self.evaluation is not None:
            out["evaluation"] = self.evaluation
        if self.source_event_id is not OMITTED:
            out["source_event_id"] = self.source_event_id
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class AgentMcpToolResultEvent:
    """The result of an MCP tool call. A large textual result is retained as a File (`file_id`) and the event
    carries a 2,000-character preview.
    """

    TYPE: ClassVar[Literal["agent.mcp_tool_result"]] = "agent.mcp_tool_result"

    #: The `agent.mcp_tool_use` event answered.
    mcp_tool_use_id: str

    #: The tool output (or its preview).
    content: list[wire.TextBlock]

    #: Whether the tool failed.
    is_error: bool

    #: `ambiguous`: the call was sent (or may have been) but its answer was lost (the connection broke, or the
    #: orchestrator stopped mid-call), so it may or may not have taken effect; it was not sent again and the model
    #: got an error result saying so. Absent (or `completed`) when the MCP server answered.
    outcome: Literal["completed", "ambiguous"] | None = None

    #: The File holding the full result when it was too large for the event.
    file_id: str | None | Omitted = OMITTED

    #: With `file_id`: the File's size, so a worker can verify its download.
    file_size_bytes: int | None = None

    #: With `file_id`: the SHA-256 of the File's bytes (lowercase hex), so a worker can verify its download.
    file_sha256: str | None = None

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "mcp_tool_use_id": self.mcp_tool_use_id,
            "content": self.content,
            "is_error": self.is_error,
        }
        if self.outcome is not None:
            out["outcome"] = self.outcome
        if self.file_id is not OMITTED:
            out["file_id"] = self.file_id
        if self.file_size_bytes is not None:
            out["file_size_bytes"] = self.file_size_bytes
        if self.file_sha256 is not None:
            out["file_sha256"] = self.file_sha256
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class AgentCustomToolUseEvent:
    """A call to an application-defined tool; the Session goes idle with `requires_action` until a
    `user.custom_tool_result` answers it.
    """

    TYPE: ClassVar[Literal["agent.custom_tool_use"]] = "agent.custom_tool_use"

    #: The custom tool name.
    name: str

    #: The tool input.
    input: dict[str, Any]

    #: For a relayed child action, the id of the originating event.
    source_event_id: str | None | Omitted = OMITTED

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "input": self.input}
        if self.source_event_id is not OMITTED:
            out["source_event_id"] = self.source_event_id
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class AgentThreadContextCompactedEvent:
    """The thread's model context was compacted before a model request, because the request would not have fit the
    model's context window (or the provider refused it as too large). The transcript itself is unchanged; later
    requests start from the compacted projection (see docs/sessions.md).
    """

    TYPE: ClassVar[Literal["agent.thread_context_compacted"]] = "agent.thread_context_compacted"

    #: The measured input tokens of the request before compaction.
    pre_tokens: int | None = None

    #: The estimated input tokens of the compacted request.
    post_tokens: int | None = None

    #: How the context was compacted: `extractive`, `summary` (a model-written summary, when the Agent asks for it),
    #: or `extractive_aggressive` after a provider refusal. Clients must accept unknown modes.
    mode: str | None = None

    #: Present when the Agent asked for a model-written summary and the summary call failed: why the extractive
    #: summary was used instead.
    summary_fallback: str | None = None

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.pre_tokens is not None:
            out["pre_tokens"] = self.pre_tokens
        if self.post_tokens is not None:
            out["post_tokens"] = self.post_tokens
        if self.mode is not None:
            out["mode"] = self.mode
        if self.summary_fallback is not None:
            out["summary_fallback"] = self.summary_fallback
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionStatusRunningEvent:
    """The Session started running a turn."""

    TYPE: ClassVar[Literal["session.status_running"]] = "session.status_running"

    def payload(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionStatusIdleEvent:
    """The Session went idle. Drain rule for clients; stop on `session.status_terminated`, or on idle whose
    `stop_reason` is not `requires_action`.
    """

    TYPE: ClassVar[Literal["session.status_idle"]] = "session.status_idle"

    #: Why the Session went idle.
    stop_reason: wire.StopReason

    def payload(self) -> dict[str, Any]:
        return {"stop_reason": self.stop_reason}


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionStatusRescheduledEvent:
    """The Session is retrying after a transient failure (status `rescheduling`)."""

    TYPE: ClassVar[Literal["session.status_rescheduled"]] = "session.status_rescheduled"

    def payload(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionStatusTerminatedEvent:
    """The Session ended for good (unrecoverable error or archive)."""

    TYPE: ClassVar[Literal["session.status_terminated"]] = "session.status_terminated"

    #: Present when a worker's permanent failure ended the Session: the failed Work item and its error.
    stop_reason: wire.WorkerFailedStopReason | None = None

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.stop_reason is not None:
            out["stop_reason"] = self.stop_reason
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionErrorEvent:
    """An error during the Session; errors are events, not a status."""

    TYPE: ClassVar[Literal["session.error"]] = "session.error"

    #: The error.
    error: wire.SessionError

    def payload(self) -> dict[str, Any]:
        return {"error": self.error}


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionUpdatedEvent:
    """The Session's title, metadata, budget or vaults changed; only changed fields are present."""

    TYPE: ClassVar[Literal["session.updated"]] = "session.updated"

    #: The new title, when it changed.
    title: str | None | Omitted = OMITTED

    #: The new metadata, when it changed.
    metadata: wire.Metadata | None = None

    #: The new budget, when it changed (null when removed).
    budget: wire.SessionBudget | None | Omitted = OMITTED

    #: The new vault ids, when they changed.
    vault_ids: list[str] | None = None

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.title is not OMITTED:
            out["title"] = self.title
        if self.metadata is not None:
            out["metadata"] = self.metadata
        if self.budget is not OMITTED:
            out["budget"] = self.budget
        if self.vault_ids is not None:
            out["vault_ids"] = self.vault_ids
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionUsageEvent:
    """The Session's cumulative usage after a model request, with its budget. Emitted after each model request of a
    Session that has a budget.
    """

    TYPE: ClassVar[Literal["session.usage"]] = "session.usage"

    #: Cumulative usage.
    usage: wire.SessionUsage

    #: The Session's budget; null when it has none.
    budget: wire.SessionBudget | None

    def payload(self) -> dict[str, Any]:
        return {"usage": self.usage, "budget": self.budget}


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionDeletedEvent:
    """The Session was deleted; ends the stream. Seen only on live streams."""

    TYPE: ClassVar[Literal["session.deleted"]] = "session.deleted"

    def payload(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True, slots=True, kw_only=True)
class SpanModelRequestStartEvent:
    """A model request started."""

    TYPE: ClassVar[Literal["span.model_request_start"]] = "span.model_request_start"

    def payload(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True, slots=True, kw_only=True)
class SpanModelRequestEndEvent:
    """A model request ended; closes any open previews."""

    TYPE: ClassVar[Literal["span.model_request_end"]] = "span.model_request_end"

    #: The matching `span.model_request_start` event id.
    model_request_start_id: str

    #: Whether the request failed.
    is_error: bool

    #: Tokens used by this request.
    model_usage: wire.ModelUsage

    def payload(self) -> dict[str, Any]:
        return {
            "model_request_start_id": self.model_request_start_id,
            "is_error": self.is_error,
            "model_usage": self.model_usage,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class UserDefineOutcomeEvent:
    """An outcome was defined (queued as a turn trigger like a message)."""

    TYPE: ClassVar[Literal["user.define_outcome"]] = "user.define_outcome"

    #: The outcome id (`outc_...`).
    outcome_id: str

    #: The task.
    description: str

    #: The rubric as sent (a File rubric keeps its `file_id`).
    rubric: wire.Rubric

    #: How many evaluations at most.
    max_iterations: int

    def payload(self) -> dict[str, Any]:
        return {
            "outcome_id": self.outcome_id,
            "description": self.description,
            "rubric": self.rubric,
            "max_iterations": self.max_iterations,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class SpanOutcomeEvaluationStartEvent:
    """The grader started evaluating one iteration of an outcome."""

    TYPE: ClassVar[Literal["span.outcome_evaluation_start"]] = "span.outcome_evaluation_start"

    #: The outcome.
    outcome_id: str

    #: The iteration (0-based).
    iteration: int

    def payload(self) -> dict[str, Any]:
        return {"outcome_id": self.outcome_id, "iteration": self.iteration}


@dataclass(frozen=True, slots=True, kw_only=True)
class SpanOutcomeEvaluationEndEvent:
    """An evaluation ended. With `needs_revision` the event is the agent's next turn (it receives the explanation as
    feedback), so its `processed_at` is null until that turn starts.
    """

    TYPE: ClassVar[Literal["span.outcome_evaluation_end"]] = "span.outcome_evaluation_end"

    #: The matching `span.outcome_evaluation_start`; null when the outcome was interrupted before grading started.
    outcome_evaluation_start_id: str | None

    #: The outcome.
    outcome_id: str

    #: The iteration (0-based).
    iteration: int

    #: The verdict.
    result: OutcomeEvaluationResult

    #: The grader's reasons (or why the loop ended).
    explanation: str

    def payload(self) -> dict[str, Any]:
        return {
            "outcome_evaluation_start_id": self.outcome_evaluation_start_id,
            "outcome_id": self.outcome_id,
            "iteration": self.iteration,
            "result": self.result,
            "explanation": self.explanation,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class AgentThreadMessageSentEvent:
    """A message this Thread sent to another Thread (a delegation, a follow-up or a report)."""

    TYPE: ClassVar[Literal["agent.thread_message_sent"]] = "agent.thread_message_sent"

    #: The receiving Thread.
    to_session_thread_id: str

    #: The receiving Thread's Agent name.
    to_agent_name: str | None | Omitted = OMITTED

    #: The message text.
    content: list[wire.TextBlock]

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {"to_session_thread_id": self.to_session_thread_id}
        if self.to_agent_name is not OMITTED:
            out["to_agent_name"] = self.to_agent_name
        out["content"] = self.content
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class AgentThreadMessageReceivedEvent:
    """A message this Thread received from another Thread; it starts a turn of the receiver, like a `user.message`."""

    TYPE: ClassVar[Literal["agent.thread_message_received"]] = "agent.thread_message_received"

    #: The sending Thread.
    from_session_thread_id: str

    #: The sending Thread's Agent name.
    from_agent_name: str | None | Omitted = OMITTED

    #: The message text.
    content: list[wire.TextBlock]

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {"from_session_thread_id": self.from_session_thread_id}
        if self.from_agent_name is not OMITTED:
            out["from_agent_name"] = self.from_agent_name
        out["content"] = self.content
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionThreadCreatedEvent:
    """A child Thread was created (`session_thread_id` names it)."""

    TYPE: ClassVar[Literal["session.thread_created"]] = "session.thread_created"

    #: The Thread's Agent name.
    agent_name: str

    def payload(self) -> dict[str, Any]:
        return {"agent_name": self.agent_name}


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionThreadStatusRunningEvent:
    """A child Thread started running."""

    TYPE: ClassVar[Literal["session.thread_status_running"]] = "session.thread_status_running"

    #: The Thread's Agent name.
    agent_name: str

    def payload(self) -> dict[str, Any]:
        return {"agent_name": self.agent_name}


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionThreadStatusRescheduledEvent:
    """A child Thread's model call failed with a retryable error; the Thread retries it after a delay (its own
    ledger shows `session.status_rescheduled` and the `session.error`).
    """

    TYPE: ClassVar[Literal["session.thread_status_rescheduled"]] = "session.thread_status_rescheduled"

    #: The Thread's Agent name.
    agent_name: str

    def payload(self) -> dict[str, Any]:
        return {"agent_name": self.agent_name}


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionThreadStatusIdleEvent:
    """A child Thread went idle."""

    TYPE: ClassVar[Literal["session.thread_status_idle"]] = "session.thread_status_idle"

    #: The Thread's Agent name.
    agent_name: str

    #: Why the Thread is idle.
    stop_reason: wire.StopReason

    def payload(self) -> dict[str, Any]:
        return {"agent_name": self.agent_name, "stop_reason": self.stop_reason}


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionThreadStatusTerminatedEvent:
    """A child Thread was archived or stopped for good."""

    TYPE: ClassVar[Literal["session.thread_status_terminated"]] = "session.thread_status_terminated"

    #: The Thread's Agent name.
    agent_name: str

    def payload(self) -> dict[str, Any]:
        return {"agent_name": self.agent_name}


EventPayload: TypeAlias = (
    UserMessageEvent | UserInterruptEvent | UserToolConfirmationEvent | UserToolResultEvent | UserCustomToolResultEvent
    | AgentMessageEvent | AgentThinkingEvent | AgentToolUseEvent | AgentToolResultEvent | AgentMcpToolUseEvent
    | AgentMcpToolResultEvent | AgentCustomToolUseEvent | AgentThreadContextCompactedEvent | SessionStatusRunningEvent
    | SessionStatusIdleEvent | SessionStatusRescheduledEvent | SessionStatusTerminatedEvent | SessionErrorEvent
    | SessionUpdatedEvent | SessionUsageEvent | SessionDeletedEvent | SpanModelRequestStartEvent
    | SpanModelRequestEndEvent | UserDefineOutcomeEvent | SpanOutcomeEvaluationStartEvent
    | SpanOutcomeEvaluationEndEvent | AgentThreadMessageSentEvent | AgentThreadMessageReceivedEvent
    | SessionThreadCreatedEvent | SessionThreadStatusRunningEvent | SessionThreadStatusRescheduledEvent
    | SessionThreadStatusIdleEvent | SessionThreadStatusTerminatedEvent
)
"""The payload of any event the ledger stores."""
