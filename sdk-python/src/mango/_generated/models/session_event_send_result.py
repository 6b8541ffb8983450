# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.agent_custom_tool_use_event import AgentCustomToolUseEvent
    from ..models.agent_mcp_tool_result_event import AgentMcpToolResultEvent
    from ..models.agent_mcp_tool_use_event import AgentMcpToolUseEvent
    from ..models.agent_message_event import AgentMessageEvent
    from ..models.agent_thinking_event import AgentThinkingEvent
    from ..models.agent_thread_context_compacted_event import AgentThreadContextCompactedEvent
    from ..models.agent_thread_message_received_event import AgentThreadMessageReceivedEvent
    from ..models.agent_thread_message_sent_event import AgentThreadMessageSentEvent
    from ..models.agent_tool_result_event import AgentToolResultEvent
    from ..models.agent_tool_use_event import AgentToolUseEvent
    from ..models.session_deleted_event import SessionDeletedEvent
    from ..models.session_error_event import SessionErrorEvent
    from ..models.session_status_idle_event import SessionStatusIdleEvent
    from ..models.session_status_rescheduled_event import SessionStatusRescheduledEvent
    from ..models.session_status_running_event import SessionStatusRunningEvent
    from ..models.session_status_terminated_event import SessionStatusTerminatedEvent
    from ..models.session_thread_created_event import SessionThreadCreatedEvent
    from ..models.session_thread_status_idle_event import SessionThreadStatusIdleEvent
    from ..models.session_thread_status_rescheduled_event import SessionThreadStatusRescheduledEvent
    from ..models.session_thread_status_running_event import SessionThreadStatusRunningEvent
    from ..models.session_thread_status_terminated_event import SessionThreadStatusTerminatedEvent
    from ..models.session_updated_event import SessionUpdatedEvent
    from ..models.session_usage_event import SessionUsageEvent
    from ..models.span_model_request_end_event import SpanModelRequestEndEvent
    from ..models.span_model_request_start_event import SpanModelRequestStartEvent
    from ..models.span_outcome_evaluation_end_event import SpanOutcomeEvaluationEndEvent
    from ..models.span_outcome_evaluation_start_event import SpanOutcomeEvaluationStartEvent
    from ..models.user_custom_tool_result_event import UserCustomToolResultEvent
    from ..models.user_define_outcome_event import UserDefineOutcomeEvent
    from ..models.user_interrupt_event import UserInterruptEvent
    from ..models.user_message_event import UserMessageEvent
    from ..models.user_tool_confirmation_event import UserToolConfirmationEvent
    from ..models.user_tool_result_event import UserToolResultEvent


T = TypeVar("T", bound="SessionEventSendResult")


@_attrs_define
class SessionEventSendResult:
    """The appended events.

    Attributes:
        data (list[AgentCustomToolUseEvent | AgentMcpToolResultEvent | AgentMcpToolUseEvent | AgentMessageEvent |
            AgentThinkingEvent | AgentThreadContextCompactedEvent | AgentThreadMessageReceivedEvent |
            AgentThreadMessageSentEvent | AgentToolResultEvent | AgentToolUseEvent | SessionDeletedEvent | SessionErrorEvent
            | SessionStatusIdleEvent | SessionStatusRescheduledEvent | SessionStatusRunningEvent |
            SessionStatusTerminatedEvent | SessionThreadCreatedEvent | SessionThreadStatusIdleEvent |
            SessionThreadStatusRescheduledEvent | SessionThreadStatusRunningEvent | SessionThreadStatusTerminatedEvent |
            SessionUpdatedEvent | SessionUsageEvent | SpanModelRequestEndEvent | SpanModelRequestStartEvent |
            SpanOutcomeEvaluationEndEvent | SpanOutcomeEvaluationStartEvent | UserCustomToolResultEvent |
            UserDefineOutcomeEvent | UserInterruptEvent | UserMessageEvent | UserToolConfirmationEvent |
            UserToolResultEvent]): The events as persisted, with ids and `processed_at` null.
    """

    data: list[
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
    ]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_custom_tool_use_event import AgentCustomToolUseEvent
        from ..models.agent_mcp_tool_result_event import AgentMcpToolResultEvent
        from ..models.agent_mcp_tool_use_event import AgentMcpToolUseEvent
        from ..models.agent_message_event import AgentMessageEvent
        from ..models.agent_thinking_event import AgentThinkingEvent
        from ..models.agent_thread_context_compacted_event import AgentThreadContextCompactedEvent
        from ..models.agent_thread_message_received_event import AgentThreadMessageReceivedEvent
        from ..models.agent_thread_message_sent_event import AgentThreadMessageSentEvent
        from ..models.agent_tool_result_event import AgentToolResultEvent
        from ..models.agent_tool_use_event import AgentToolUseEvent
        from ..models.session_deleted_event import SessionDeletedEvent
        from ..models.session_error_event import SessionErrorEvent
        from ..models.session_status_idle_event import SessionStatusIdleEvent
        from ..models.session_status_rescheduled_event import SessionStatusRescheduledEvent
        from ..models.session_status_running_event import SessionStatusRunningEvent
        from ..models.session_status_terminated_event import SessionStatusTerminatedEvent
        from ..models.session_thread_created_event import SessionThreadCreatedEvent
        from ..models.session_thread_status_idle_event import SessionThreadStatusIdleEvent
        from ..models.session_thread_status_rescheduled_event import SessionThreadStatusRescheduledEvent
        from ..models.session_thread_status_running_event import SessionThreadStatusRunningEvent
        from ..models.session_updated_event import SessionUpdatedEvent
        from ..models.session_usage_event import SessionUsageEvent
        from ..models.span_model_request_end_event import SpanModelRequestEndEvent
        from ..models.span_model_request_start_event import SpanModelRequestStartEvent
        from ..models.span_outcome_evaluation_end_event import SpanOutcomeEvaluationEndEvent
        from ..models.span_outcome_evaluation_start_event import SpanOutcomeEvaluationStartEvent
        from ..models.user_custom_tool_result_event import UserCustomToolResultEvent
        from ..models.user_define_outcome_event import UserDefineOutcomeEvent
        from ..models.user_interrupt_event import UserInterruptEvent
        from ..models.user_message_event import UserMessageEvent
        from ..models.user_tool_confirmation_event import UserToolConfirmationEvent
        from ..models.user_tool_result_event import UserToolResultEvent

        data = []
        for data_item_data in self.data:
            data_item: dict[str, Any]
            if (
                isinstance(data_item_data, UserMessageEvent)
                or isinstance(data_item_data, UserInterruptEvent)
                or isinstance(data_item_data, UserToolConfirmationEvent)
                or isinstance(data_item_data, UserToolResultEvent)
                or isinstance(data_item_data, UserCustomToolResultEvent)
                or isinstance(data_item_data, AgentMessageEvent)
                or isinstance(data_item_data, AgentThinkingEvent)
                or isinstance(data_item_data, AgentToolUseEvent)
                or isinstance(data_item_data, AgentToolResultEvent)
                or isinstance(data_item_data, AgentMcpToolUseEvent)
                or isinstance(data_item_data, AgentMcpToolResultEvent)
                or isinstance(data_item_data, AgentCustomToolUseEvent)
                or isinstance(data_item_data, AgentThreadContextCompactedEvent)
                or isinstance(data_item_data, SessionStatusRunningEvent)
                or isinstance(data_item_data, SessionStatusIdleEvent)
                or isinstance(data_item_data, SessionStatusRescheduledEvent)
                or isinstance(data_item_data, SessionStatusTerminatedEvent)
                or isinstance(data_item_data, SessionErrorEvent)
                or isinstance(data_item_data, SessionUpdatedEvent)
                or isinstance(data_item_data, SessionUsageEvent)
                or isinstance(data_item_data, SessionDeletedEvent)
                or isinstance(data_item_data, SpanModelRequestStartEvent)
                or isinstance(data_item_data, SpanModelRequestEndEvent)
                or isinstance(data_item_data, UserDefineOutcomeEvent)
                or isinstance(data_item_data, SpanOutcomeEvaluationStartEvent)
                or isinstance(data_item_data, SpanOutcomeEvaluationEndEvent)
                or isinstance(data_item_data, AgentThreadMessageSentEvent)
                or isinstance(data_item_data, AgentThreadMessageReceivedEvent)
                or isinstance(data_item_data, SessionThreadCreatedEvent)
                or isinstance(data_item_data, SessionThreadStatusRunningEvent)
                or isinstance(data_item_data, SessionThreadStatusRescheduledEvent)
                or isinstance(data_item_data, SessionThreadStatusIdleEvent)
            ):
                data_item = data_item_data.to_dict()
            else:
                data_item = data_item_data.to_dict()

            data.append(data_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.agent_custom_tool_use_event import AgentCustomToolUseEvent
        from ..models.agent_mcp_tool_result_event import AgentMcpToolResultEvent
        from ..models.agent_mcp_tool_use_event import AgentMcpToolUseEvent
        from ..models.agent_message_event import AgentMessageEvent
        from ..models.agent_thinking_event import AgentThinkingEvent
        from ..models.agent_thread_context_compacted_event import AgentThreadContextCompactedEvent
        from ..models.agent_thread_message_received_event import AgentThreadMessageReceivedEvent
        from ..models.agent_thread_message_sent_event import AgentThreadMessageSentEvent
        from ..models.agent_tool_result_event import AgentToolResultEvent
        from ..models.agent_tool_use_event import AgentToolUseEvent
        from ..models.session_deleted_event import SessionDeletedEvent
        from ..models.session_error_event import SessionErrorEvent
        from ..models.session_status_idle_event import SessionStatusIdleEvent
        from ..models.session_status_rescheduled_event import SessionStatusRescheduledEvent
        from ..models.session_status_running_event import SessionStatusRunningEvent
        from ..models.session_status_terminated_event import SessionStatusTerminatedEvent
        from ..models.session_thread_created_event import SessionThreadCreatedEvent
        from ..models.session_thread_status_idle_event import SessionThreadStatusIdleEvent
        from ..models.session_thread_status_rescheduled_event import SessionThreadStatusRescheduledEvent
        from ..models.session_thread_status_running_event import SessionThreadStatusRunningEvent
        from ..models.session_thread_status_terminated_event import SessionThreadStatusTerminatedEvent
        from ..models.session_updated_event import SessionUpdatedEvent
        from ..models.session_usage_event import SessionUsageEvent
        from ..models.span_model_request_end_event import SpanModelRequestEndEvent
        from ..models.span_model_request_start_event import SpanModelRequestStartEvent
        from ..models.span_outcome_evaluation_end_event import SpanOutcomeEvaluationEndEvent
        from ..models.span_outcome_evaluation_start_event import SpanOutcomeEvaluationStartEvent
        from ..models.user_custom_tool_result_event import UserCustomToolResultEvent
        from ..models.user_define_outcome_event import UserDefineOutcomeEvent
        from ..models.user_interrupt_event import UserInterruptEvent
        from ..models.user_message_event import UserMessageEvent
        from ..models.user_tool_confirmation_event import UserToolConfirmationEvent
        from ..models.user_tool_result_event import UserToolResultEvent

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:

            def _parse_data_item(
                data: object,
            ) -> (
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
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_0 = UserMessageEvent.from_dict(data)

                    return componentsschemas_session_event_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_1 = UserInterruptEvent.from_dict(data)

                    return componentsschemas_session_event_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_2 = UserToolConfirmationEvent.from_dict(data)

                    return componentsschemas_session_event_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_3 = UserToolResultEvent.from_dict(data)

                    return componentsschemas_session_event_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_4 = UserCustomToolResultEvent.from_dict(data)

                    return componentsschemas_session_event_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_5 = AgentMessageEvent.from_dict(data)

                    return componentsschemas_session_event_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_6 = AgentThinkingEvent.from_dict(data)

                    return componentsschemas_session_event_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_7 = AgentToolUseEvent.from_dict(data)

                    return componentsschemas_session_event_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_8 = AgentToolResultEvent.from_dict(data)

                    return componentsschemas_session_event_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_9 = AgentMcpToolUseEvent.from_dict(data)

                    return componentsschemas_session_event_type_9
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_10 = AgentMcpToolResultEvent.from_dict(data)

                    return componentsschemas_session_event_type_10
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_11 = AgentCustomToolUseEvent.from_dict(data)

                    return componentsschemas_session_event_type_11
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_12 = AgentThreadContextCompactedEvent.from_dict(data)

                    return componentsschemas_session_event_type_12
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_13 = SessionStatusRunningEvent.from_dict(data)

                    return componentsschemas_session_event_type_13
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_14 = SessionStatusIdleEvent.from_dict(data)

                    return componentsschemas_session_event_type_14
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_15 = SessionStatusRescheduledEvent.from_dict(data)

                    return componentsschemas_session_event_type_15
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_16 = SessionStatusTerminatedEvent.from_dict(data)

                    return componentsschemas_session_event_type_16
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_17 = SessionErrorEvent.from_dict(data)

                    return componentsschemas_session_event_type_17
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_18 = SessionUpdatedEvent.from_dict(data)

                    return componentsschemas_session_event_type_18
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_19 = SessionUsageEvent.from_dict(data)

                    return componentsschemas_session_event_type_19
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_20 = SessionDeletedEvent.from_dict(data)

                    return componentsschemas_session_event_type_20
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_21 = SpanModelRequestStartEvent.from_dict(data)

                    return componentsschemas_session_event_type_21
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_22 = SpanModelRequestEndEvent.from_dict(data)

                    return componentsschemas_session_event_type_22
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_23 = UserDefineOutcomeEvent.from_dict(data)

                    return componentsschemas_session_event_type_23
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_24 = SpanOutcomeEvaluationStartEvent.from_dict(data)

                    return componentsschemas_session_event_type_24
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_25 = SpanOutcomeEvaluationEndEvent.from_dict(data)

                    return componentsschemas_session_event_type_25
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_26 = AgentThreadMessageSentEvent.from_dict(data)

                    return componentsschemas_session_event_type_26
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_27 = AgentThreadMessageReceivedEvent.from_dict(data)

                    return componentsschemas_session_event_type_27
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_28 = SessionThreadCreatedEvent.from_dict(data)

                    return componentsschemas_session_event_type_28
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_29 = SessionThreadStatusRunningEvent.from_dict(data)

                    return componentsschemas_session_event_type_29
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_30 = SessionThreadStatusRescheduledEvent.from_dict(data)

                    return componentsschemas_session_event_type_30
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_type_31 = SessionThreadStatusIdleEvent.from_dict(data)

                    return componentsschemas_session_event_type_31
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_event_type_32 = SessionThreadStatusTerminatedEvent.from_dict(data)

                return componentsschemas_session_event_type_32

            data_item = _parse_data_item(data_item_data)

            data.append(data_item)

        session_event_send_result = cls(
            data=data,
        )

        session_event_send_result.additional_properties = d
        return session_event_send_result

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
