# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
"""Discriminated unions of the Mango API: type aliases and decoders.

A decoder dispatches on the discriminator and returns the matching attrs model; a value it does
not know (a newer server) passes through untouched as the raw ``dict``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

from mango._base_client import decode_union

from .models import (
    AgentCustomToolUseEvent,
    AgentMcpToolResultEvent,
    AgentMcpToolUseEvent,
    AgentMessageEvent,
    AgentThinkingEvent,
    AgentThreadContextCompactedEvent,
    AgentThreadMessageReceivedEvent,
    AgentThreadMessageSentEvent,
    AgentToolResultEvent,
    AgentToolset,
    AgentToolUseEvent,
    CustomTool,
    EnvironmentVariableAuthParams,
    EnvironmentVariableAuthUpdateParams,
    ErrorEnvelope,
    EventDeltaEvent,
    EventStartEvent,
    McpOAuthAuthParams,
    McpOAuthAuthUpdateParams,
    McpToolset,
    Memory,
    MemoryPrefix,
    PingEvent,
    SelfHostedConfig,
    SessionDeletedEvent,
    SessionErrorEvent,
    SessionStatusIdleEvent,
    SessionStatusRescheduledEvent,
    SessionStatusRunningEvent,
    SessionStatusTerminatedEvent,
    SessionThreadCreatedEvent,
    SessionThreadStatusIdleEvent,
    SessionThreadStatusRescheduledEvent,
    SessionThreadStatusRunningEvent,
    SessionThreadStatusTerminatedEvent,
    SessionUpdatedEvent,
    SessionUsageEvent,
    SpanModelRequestEndEvent,
    SpanModelRequestStartEvent,
    SpanOutcomeEvaluationEndEvent,
    SpanOutcomeEvaluationStartEvent,
    StaticBearerAuthParams,
    StaticBearerAuthUpdateParams,
    UserCustomToolResultEvent,
    UserCustomToolResultEventParams,
    UserDefineOutcomeEvent,
    UserDefineOutcomeEventParams,
    UserInterruptEvent,
    UserInterruptEventParams,
    UserMessageEvent,
    UserMessageEventParams,
    UserToolConfirmationEvent,
    UserToolConfirmationEventParams,
    UserToolResultEvent,
    UserToolResultEventParams,
)

__all__ = [
    "AgentTool",
    "CredentialAuthParams",
    "CredentialAuthUpdateParams",
    "DeploymentInitialEvent",
    "EnvironmentConfig",
    "MemoryListItem",
    "SessionEvent",
    "SessionEventInput",
    "SessionInitialEvent",
    "SessionStreamEvent",
    "decode_agent_tool",
    "decode_credential_auth_params",
    "decode_credential_auth_update_params",
    "decode_deployment_initial_event",
    "decode_environment_config",
    "decode_memory_list_item",
    "decode_session_event",
    "decode_session_event_input",
    "decode_session_initial_event",
    "decode_session_stream_event",
]

AgentTool: TypeAlias = AgentToolset | CustomTool | McpToolset
"""One entry of an Agent's `tools`."""

_AGENT_TOOL_VARIANTS: dict[str, Callable[[Any], AgentTool]] = {
    "agent_toolset_20260401": AgentToolset.from_dict,
    "custom": CustomTool.from_dict,
    "mcp_toolset": McpToolset.from_dict,
}


def decode_agent_tool(data: Any) -> AgentTool | dict[str, Any]:
    """Decode one ``AgentTool``; an unknown ``type`` passes through as the raw dict."""
    return decode_union(data, "type", _AGENT_TOOL_VARIANTS)


CredentialAuthParams: TypeAlias = EnvironmentVariableAuthParams | McpOAuthAuthParams | StaticBearerAuthParams
"""What a new credential authenticates with."""

_CREDENTIAL_AUTH_PARAMS_VARIANTS: dict[str, Callable[[Any], CredentialAuthParams]] = {
    "environment_variable": EnvironmentVariableAuthParams.from_dict,
    "mcp_oauth": McpOAuthAuthParams.from_dict,
    "static_bearer": StaticBearerAuthParams.from_dict,
}


def decode_credential_auth_params(data: Any) -> CredentialAuthParams | dict[str, Any]:
    """Decode one ``CredentialAuthParams``; an unknown ``type`` passes through as the raw dict."""
    return decode_union(data, "type", _CREDENTIAL_AUTH_PARAMS_VARIANTS)


CredentialAuthUpdateParams: TypeAlias = (
    EnvironmentVariableAuthUpdateParams | McpOAuthAuthUpdateParams | StaticBearerAuthUpdateParams
)
"""Changes to a credential's authentication; `type` must be the credential's type."""

_CREDENTIAL_AUTH_UPDATE_PARAMS_VARIANTS: dict[str, Callable[[Any], CredentialAuthUpdateParams]] = {
    "environment_variable": EnvironmentVariableAuthUpdateParams.from_dict,
    "mcp_oauth": McpOAuthAuthUpdateParams.from_dict,
    "static_bearer": StaticBearerAuthUpdateParams.from_dict,
}


def decode_credential_auth_update_params(data: Any) -> CredentialAuthUpdateParams | dict[str, Any]:
    """Decode one ``CredentialAuthUpdateParams``; an unknown ``type`` passes through as the raw dict."""
    return decode_union(data, "type", _CREDENTIAL_AUTH_UPDATE_PARAMS_VARIANTS)


DeploymentInitialEvent: TypeAlias = UserDefineOutcomeEventParams | UserMessageEventParams
"""An event a Deployment's Runs create their Sessions with."""

_DEPLOYMENT_INITIAL_EVENT_VARIANTS: dict[str, Callable[[Any], DeploymentInitialEvent]] = {
    "user.define_outcome": UserDefineOutcomeEventParams.from_dict,
    "user.message": UserMessageEventParams.from_dict,
}


def decode_deployment_initial_event(data: Any) -> DeploymentInitialEvent | dict[str, Any]:
    """Decode one ``DeploymentInitialEvent``; an unknown ``type`` passes through as the raw dict."""
    return decode_union(data, "type", _DEPLOYMENT_INITIAL_EVENT_VARIANTS)


EnvironmentConfig: TypeAlias = SelfHostedConfig
"""Where tools run. Only `self_hosted` exists."""

_ENVIRONMENT_CONFIG_VARIANTS: dict[str, Callable[[Any], EnvironmentConfig]] = {
    "self_hosted": SelfHostedConfig.from_dict,
}


def decode_environment_config(data: Any) -> EnvironmentConfig | dict[str, Any]:
    """Decode one ``EnvironmentConfig``; an unknown ``type`` passes through as the raw dict."""
    return decode_union(data, "type", _ENVIRONMENT_CONFIG_VARIANTS)


MemoryListItem: TypeAlias = Memory | MemoryPrefix
"""An item of a memory listing."""

_MEMORY_LIST_ITEM_VARIANTS: dict[str, Callable[[Any], MemoryListItem]] = {
    "memory": Memory.from_dict,
    "memory_prefix": MemoryPrefix.from_dict,
}


def decode_memory_list_item(data: Any) -> MemoryListItem | dict[str, Any]:
    """Decode one ``MemoryListItem``; an unknown ``type`` passes through as the raw dict."""
    return decode_union(data, "type", _MEMORY_LIST_ITEM_VARIANTS)


SessionEvent: TypeAlias = (
    AgentCustomToolUseEvent
    | AgentMcpToolResultEvent
    | AgentMcpToolUseEvent
    | AgentMessageEvent
    | AgentThinkingEvent
    | AgentThreadContextCompactedEvent
    | AgentThreadMessageReceivedEvent
    | AgentThreadMessageSentEvent
    | AgentToolResultEvent
    | AgentToolUseEvent
    | SessionDeletedEvent
    | SessionErrorEvent
    | SessionStatusIdleEvent
    | SessionStatusRescheduledEvent
    | SessionStatusRunningEvent
    | SessionStatusTerminatedEvent
    | SessionThreadCreatedEvent
    | SessionThreadStatusIdleEvent
    | SessionThreadStatusRescheduledEvent
    | SessionThreadStatusRunningEvent
    | SessionThreadStatusTerminatedEvent
    | SessionUpdatedEvent
    | SessionUsageEvent
    | SpanModelRequestEndEvent
    | SpanModelRequestStartEvent
    | SpanOutcomeEvaluationEndEvent
    | SpanOutcomeEvaluationStartEvent
    | UserCustomToolResultEvent
    | UserDefineOutcomeEvent
    | UserInterruptEvent
    | UserMessageEvent
    | UserToolConfirmationEvent
    | UserToolResultEvent
)
"""Every persisted Session event (client and server). Decoders must pass unknown types through."""

_SESSION_EVENT_VARIANTS: dict[str, Callable[[Any], SessionEvent]] = {
    "agent.custom_tool_use": AgentCustomToolUseEvent.from_dict,
    "agent.mcp_tool_result": AgentMcpToolResultEvent.from_dict,
    "agent.mcp_tool_use": AgentMcpToolUseEvent.from_dict,
    "agent.message": AgentMessageEvent.from_dict,
    "agent.thinking": AgentThinkingEvent.from_dict,
    "agent.thread_context_compacted": AgentThreadContextCompactedEvent.from_dict,
    "agent.thread_message_received": AgentThreadMessageReceivedEvent.from_dict,
    "agent.thread_message_sent": AgentThreadMessageSentEvent.from_dict,
    "agent.tool_result": AgentToolResultEvent.from_dict,
    "agent.tool_use": AgentToolUseEvent.from_dict,
    "session.deleted": SessionDeletedEvent.from_dict,
    "session.error": SessionErrorEvent.from_dict,
    "session.status_idle": SessionStatusIdleEvent.from_dict,
    "session.status_rescheduled": SessionStatusRescheduledEvent.from_dict,
    "session.status_running": SessionStatusRunningEvent.from_dict,
    "session.status_terminated": SessionStatusTerminatedEvent.from_dict,
    "session.thread_created": SessionThreadCreatedEvent.from_dict,
    "session.thread_status_idle": SessionThreadStatusIdleEvent.from_dict,
    "session.thread_status_rescheduled": SessionThreadStatusRescheduledEvent.from_dict,
    "session.thread_status_running": SessionThreadStatusRunningEvent.from_dict,
    "session.thread_status_terminated": SessionThreadStatusTerminatedEvent.from_dict,
    "session.updated": SessionUpdatedEvent.from_dict,
    "session.usage": SessionUsageEvent.from_dict,
    "span.model_request_end": SpanModelRequestEndEvent.from_dict,
    "span.model_request_start": SpanModelRequestStartEvent.from_dict,
    "span.outcome_evaluation_end": SpanOutcomeEvaluationEndEvent.from_dict,
    "span.outcome_evaluation_start": SpanOutcomeEvaluationStartEvent.from_dict,
    "user.custom_tool_result": UserCustomToolResultEvent.from_dict,
    "user.define_outcome": UserDefineOutcomeEvent.from_dict,
    "user.interrupt": UserInterruptEvent.from_dict,
    "user.message": UserMessageEvent.from_dict,
    "user.tool_confirmation": UserToolConfirmationEvent.from_dict,
    "user.tool_result": UserToolResultEvent.from_dict,
}


def decode_session_event(data: Any) -> SessionEvent | dict[str, Any]:
    """Decode one ``SessionEvent``; an unknown ``type`` passes through as the raw dict."""
    return decode_union(data, "type", _SESSION_EVENT_VARIANTS)


SessionEventInput: TypeAlias = (
    UserCustomToolResultEventParams
    | UserDefineOutcomeEventParams
    | UserInterruptEventParams
    | UserMessageEventParams
    | UserToolConfirmationEventParams
    | UserToolResultEventParams
)
"""A client event to send."""

_SESSION_EVENT_INPUT_VARIANTS: dict[str, Callable[[Any], SessionEventInput]] = {
    "user.custom_tool_result": UserCustomToolResultEventParams.from_dict,
    "user.define_outcome": UserDefineOutcomeEventParams.from_dict,
    "user.interrupt": UserInterruptEventParams.from_dict,
    "user.message": UserMessageEventParams.from_dict,
    "user.tool_confirmation": UserToolConfirmationEventParams.from_dict,
    "user.tool_result": UserToolResultEventParams.from_dict,
}


def decode_session_event_input(data: Any) -> SessionEventInput | dict[str, Any]:
    """Decode one ``SessionEventInput``; an unknown ``type`` passes through as the raw dict."""
    return decode_union(data, "type", _SESSION_EVENT_INPUT_VARIANTS)


SessionInitialEvent: TypeAlias = UserDefineOutcomeEventParams | UserMessageEventParams
"""An event a Session is created with."""

_SESSION_INITIAL_EVENT_VARIANTS: dict[str, Callable[[Any], SessionInitialEvent]] = {
    "user.define_outcome": UserDefineOutcomeEventParams.from_dict,
    "user.message": UserMessageEventParams.from_dict,
}


def decode_session_initial_event(data: Any) -> SessionInitialEvent | dict[str, Any]:
    """Decode one ``SessionInitialEvent``; an unknown ``type`` passes through as the raw dict."""
    return decode_union(data, "type", _SESSION_INITIAL_EVENT_VARIANTS)


SessionStreamEvent: TypeAlias = (
    AgentCustomToolUseEvent
    | AgentMcpToolResultEvent
    | AgentMcpToolUseEvent
    | AgentMessageEvent
    | AgentThinkingEvent
    | AgentThreadContextCompactedEvent
    | AgentThreadMessageReceivedEvent
    | AgentThreadMessageSentEvent
    | AgentToolResultEvent
    | AgentToolUseEvent
    | ErrorEnvelope
    | EventDeltaEvent
    | EventStartEvent
    | PingEvent
    | SessionDeletedEvent
    | SessionErrorEvent
    | SessionStatusIdleEvent
    | SessionStatusRescheduledEvent
    | SessionStatusRunningEvent
    | SessionStatusTerminatedEvent
    | SessionThreadCreatedEvent
    | SessionThreadStatusIdleEvent
    | SessionThreadStatusRescheduledEvent
    | SessionThreadStatusRunningEvent
    | SessionThreadStatusTerminatedEvent
    | SessionUpdatedEvent
    | SessionUsageEvent
    | SpanModelRequestEndEvent
    | SpanModelRequestStartEvent
    | SpanOutcomeEvaluationEndEvent
    | SpanOutcomeEvaluationStartEvent
    | UserCustomToolResultEvent
    | UserDefineOutcomeEvent
    | UserInterruptEvent
    | UserMessageEvent
    | UserToolConfirmationEvent
    | UserToolResultEvent
)
"""What one SSE `data:` line decodes to: every SessionEvent, the stream-only previews, the `ping` keep-alive and the `error` envelope that ends a stream."""

_SESSION_STREAM_EVENT_VARIANTS: dict[str, Callable[[Any], SessionStreamEvent]] = {
    "agent.custom_tool_use": AgentCustomToolUseEvent.from_dict,
    "agent.mcp_tool_result": AgentMcpToolResultEvent.from_dict,
    "agent.mcp_tool_use": AgentMcpToolUseEvent.from_dict,
    "agent.message": AgentMessageEvent.from_dict,
    "agent.thinking": AgentThinkingEvent.from_dict,
    "agent.thread_context_compacted": AgentThreadContextCompactedEvent.from_dict,
    "agent.thread_message_received": AgentThreadMessageReceivedEvent.from_dict,
    "agent.thread_message_sent": AgentThreadMessageSentEvent.from_dict,
    "agent.tool_result": AgentToolResultEvent.from_dict,
    "agent.tool_use": AgentToolUseEvent.from_dict,
    "error": ErrorEnvelope.from_dict,
    "event_delta": EventDeltaEvent.from_dict,
    "event_start": EventStartEvent.from_dict,
    "ping": PingEvent.from_dict,
    "session.deleted": SessionDeletedEvent.from_dict,
    "session.error": SessionErrorEvent.from_dict,
    "session.status_idle": SessionStatusIdleEvent.from_dict,
    "session.status_rescheduled": SessionStatusRescheduledEvent.from_dict,
    "session.status_running": SessionStatusRunningEvent.from_dict,
    "session.status_terminated": SessionStatusTerminatedEvent.from_dict,
    "session.thread_created": SessionThreadCreatedEvent.from_dict,
    "session.thread_status_idle": SessionThreadStatusIdleEvent.from_dict,
    "session.thread_status_rescheduled": SessionThreadStatusRescheduledEvent.from_dict,
    "session.thread_status_running": SessionThreadStatusRunningEvent.from_dict,
    "session.thread_status_terminated": SessionThreadStatusTerminatedEvent.from_dict,
    "session.updated": SessionUpdatedEvent.from_dict,
    "session.usage": SessionUsageEvent.from_dict,
    "span.model_request_end": SpanModelRequestEndEvent.from_dict,
    "span.model_request_start": SpanModelRequestStartEvent.from_dict,
    "span.outcome_evaluation_end": SpanOutcomeEvaluationEndEvent.from_dict,
    "span.outcome_evaluation_start": SpanOutcomeEvaluationStartEvent.from_dict,
    "user.custom_tool_result": UserCustomToolResultEvent.from_dict,
    "user.define_outcome": UserDefineOutcomeEvent.from_dict,
    "user.interrupt": UserInterruptEvent.from_dict,
    "user.message": UserMessageEvent.from_dict,
    "user.tool_confirmation": UserToolConfirmationEvent.from_dict,
    "user.tool_result": UserToolResultEvent.from_dict,
}


def decode_session_stream_event(data: Any) -> SessionStreamEvent | dict[str, Any]:
    """Decode one ``SessionStreamEvent``; an unknown ``type`` passes through as the raw dict."""
    return decode_union(data, "type", _SESSION_STREAM_EVENT_VARIANTS)
