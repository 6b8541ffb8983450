# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.agent_custom_tool_use_event import AgentCustomToolUseEvent
from ...models.agent_mcp_tool_result_event import AgentMcpToolResultEvent
from ...models.agent_mcp_tool_use_event import AgentMcpToolUseEvent
from ...models.agent_message_event import AgentMessageEvent
from ...models.agent_thinking_event import AgentThinkingEvent
from ...models.agent_thread_context_compacted_event import AgentThreadContextCompactedEvent
from ...models.agent_thread_message_received_event import AgentThreadMessageReceivedEvent
from ...models.agent_thread_message_sent_event import AgentThreadMessageSentEvent
from ...models.agent_tool_result_event import AgentToolResultEvent
from ...models.agent_tool_use_event import AgentToolUseEvent
from ...models.error_envelope import ErrorEnvelope
from ...models.event_delta_event import EventDeltaEvent
from ...models.event_start_event import EventStartEvent
from ...models.session_deleted_event import SessionDeletedEvent
from ...models.session_error_event import SessionErrorEvent
from ...models.session_status_idle_event import SessionStatusIdleEvent
from ...models.session_status_rescheduled_event import SessionStatusRescheduledEvent
from ...models.session_status_running_event import SessionStatusRunningEvent
from ...models.session_status_terminated_event import SessionStatusTerminatedEvent
from ...models.session_thread_created_event import SessionThreadCreatedEvent
from ...models.session_thread_status_idle_event import SessionThreadStatusIdleEvent
from ...models.session_thread_status_rescheduled_event import SessionThreadStatusRescheduledEvent
from ...models.session_thread_status_running_event import SessionThreadStatusRunningEvent
from ...models.session_thread_status_terminated_event import SessionThreadStatusTerminatedEvent
from ...models.session_updated_event import SessionUpdatedEvent
from ...models.session_usage_event import SessionUsageEvent
from ...models.span_model_request_end_event import SpanModelRequestEndEvent
from ...models.span_model_request_start_event import SpanModelRequestStartEvent
from ...models.span_outcome_evaluation_end_event import SpanOutcomeEvaluationEndEvent
from ...models.span_outcome_evaluation_start_event import SpanOutcomeEvaluationStartEvent
from ...models.user_custom_tool_result_event import UserCustomToolResultEvent
from ...models.user_define_outcome_event import UserDefineOutcomeEvent
from ...models.user_interrupt_event import UserInterruptEvent
from ...models.user_message_event import UserMessageEvent
from ...models.user_tool_confirmation_event import UserToolConfirmationEvent
from ...models.user_tool_result_event import UserToolResultEvent
from ...types import UNSET, Response, Unset


def _get_kwargs(
    session_id: str,
    thread_id: str,
    *,
    last_event_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/sessions/{session_id}/threads/{thread_id}/stream".format(
            session_id=quote(str(session_id), safe=""),
            thread_id=quote(str(thread_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
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
    | EventDeltaEvent
    | EventStartEvent
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
    | ErrorEnvelope
    | None
):
    if response.status_code == 200:

        def _parse_response_200(
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
            | EventDeltaEvent
            | EventStartEvent
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
                componentsschemas_session_stream_event_type_0 = UserMessageEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_1 = UserInterruptEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_2 = UserToolConfirmationEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_3 = UserToolResultEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_4 = UserCustomToolResultEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_5 = AgentMessageEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_6 = AgentThinkingEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_7 = AgentToolUseEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_8 = AgentToolResultEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_8
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_9 = AgentMcpToolUseEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_9
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_10 = AgentMcpToolResultEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_10
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_11 = AgentCustomToolUseEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_11
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_12 = AgentThreadContextCompactedEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_12
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_13 = SessionStatusRunningEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_13
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_14 = SessionStatusIdleEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_14
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_15 = SessionStatusRescheduledEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_15
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_16 = SessionStatusTerminatedEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_16
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_17 = SessionErrorEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_17
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_18 = SessionUpdatedEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_18
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_19 = SessionUsageEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_19
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_20 = SessionDeletedEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_20
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_21 = SpanModelRequestStartEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_21
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_22 = SpanModelRequestEndEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_22
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_23 = UserDefineOutcomeEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_23
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_24 = SpanOutcomeEvaluationStartEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_24
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_25 = SpanOutcomeEvaluationEndEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_25
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_26 = AgentThreadMessageSentEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_26
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_27 = AgentThreadMessageReceivedEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_27
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_28 = SessionThreadCreatedEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_28
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_29 = SessionThreadStatusRunningEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_29
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_30 = SessionThreadStatusRescheduledEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_30
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_31 = SessionThreadStatusIdleEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_31
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_32 = SessionThreadStatusTerminatedEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_32
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_stream_event_type_33 = EventStartEvent.from_dict(data)

                return componentsschemas_session_stream_event_type_33
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_session_stream_event_type_34 = EventDeltaEvent.from_dict(data)

            return componentsschemas_session_stream_event_type_34

        response_200 = _parse_response_200(response.text)

        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorEnvelope.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorEnvelope.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = ErrorEnvelope.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = ErrorEnvelope.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = ErrorEnvelope.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
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
    | EventDeltaEvent
    | EventStartEvent
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
    | ErrorEnvelope
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    session_id: str,
    thread_id: str,
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
) -> Response[
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
    | EventDeltaEvent
    | EventStartEvent
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
    | ErrorEnvelope
]:
    """Stream a Thread's events (SSE).

     A long-lived `text/event-stream` of one Thread's ledger as it commits, framed exactly
    like `sessions.events.stream` (`id:` is the event id, `event: ping` keep-alives,
    `event: error` ends the stream, `session.deleted` ends it). Resume with
    `Last-Event-ID: <last id seen>`: every event of the Thread committed after it is
    replayed, then the stream continues live. Without the header the stream starts at
    the connection time. Previews are not offered on Thread streams.

    Args:
        session_id (str):
        thread_id (str):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgentCustomToolUseEvent | AgentMcpToolResultEvent | AgentMcpToolUseEvent | AgentMessageEvent | AgentThinkingEvent | AgentThreadContextCompactedEvent | AgentThreadMessageReceivedEvent | AgentThreadMessageSentEvent | AgentToolResultEvent | AgentToolUseEvent | EventDeltaEvent | EventStartEvent | SessionDeletedEvent | SessionErrorEvent | SessionStatusIdleEvent | SessionStatusRescheduledEvent | SessionStatusRunningEvent | SessionStatusTerminatedEvent | SessionThreadCreatedEvent | SessionThreadStatusIdleEvent | SessionThreadStatusRescheduledEvent | SessionThreadStatusRunningEvent | SessionThreadStatusTerminatedEvent | SessionUpdatedEvent | SessionUsageEvent | SpanModelRequestEndEvent | SpanModelRequestStartEvent | SpanOutcomeEvaluationEndEvent | SpanOutcomeEvaluationStartEvent | UserCustomToolResultEvent | UserDefineOutcomeEvent | UserInterruptEvent | UserMessageEvent | UserToolConfirmationEvent | UserToolResultEvent | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        session_id=session_id,
        thread_id=thread_id,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    session_id: str,
    thread_id: str,
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
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
    | EventDeltaEvent
    | EventStartEvent
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
    | ErrorEnvelope
    | None
):
    """Stream a Thread's events (SSE).

     A long-lived `text/event-stream` of one Thread's ledger as it commits, framed exactly
    like `sessions.events.stream` (`id:` is the event id, `event: ping` keep-alives,
    `event: error` ends the stream, `session.deleted` ends it). Resume with
    `Last-Event-ID: <last id seen>`: every event of the Thread committed after it is
    replayed, then the stream continues live. Without the header the stream starts at
    the connection time. Previews are not offered on Thread streams.

    Args:
        session_id (str):
        thread_id (str):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgentCustomToolUseEvent | AgentMcpToolResultEvent | AgentMcpToolUseEvent | AgentMessageEvent | AgentThinkingEvent | AgentThreadContextCompactedEvent | AgentThreadMessageReceivedEvent | AgentThreadMessageSentEvent | AgentToolResultEvent | AgentToolUseEvent | EventDeltaEvent | EventStartEvent | SessionDeletedEvent | SessionErrorEvent | SessionStatusIdleEvent | SessionStatusRescheduledEvent | SessionStatusRunningEvent | SessionStatusTerminatedEvent | SessionThreadCreatedEvent | SessionThreadStatusIdleEvent | SessionThreadStatusRescheduledEvent | SessionThreadStatusRunningEvent | SessionThreadStatusTerminatedEvent | SessionUpdatedEvent | SessionUsageEvent | SpanModelRequestEndEvent | SpanModelRequestStartEvent | SpanOutcomeEvaluationEndEvent | SpanOutcomeEvaluationStartEvent | UserCustomToolResultEvent | UserDefineOutcomeEvent | UserInterruptEvent | UserMessageEvent | UserToolConfirmationEvent | UserToolResultEvent | ErrorEnvelope
    """

    return sync_detailed(
        session_id=session_id,
        thread_id=thread_id,
        client=client,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    session_id: str,
    thread_id: str,
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
) -> Response[
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
    | EventDeltaEvent
    | EventStartEvent
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
    | ErrorEnvelope
]:
    """Stream a Thread's events (SSE).

     A long-lived `text/event-stream` of one Thread's ledger as it commits, framed exactly
    like `sessions.events.stream` (`id:` is the event id, `event: ping` keep-alives,
    `event: error` ends the stream, `session.deleted` ends it). Resume with
    `Last-Event-ID: <last id seen>`: every event of the Thread committed after it is
    replayed, then the stream continues live. Without the header the stream starts at
    the connection time. Previews are not offered on Thread streams.

    Args:
        session_id (str):
        thread_id (str):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgentCustomToolUseEvent | AgentMcpToolResultEvent | AgentMcpToolUseEvent | AgentMessageEvent | AgentThinkingEvent | AgentThreadContextCompactedEvent | AgentThreadMessageReceivedEvent | AgentThreadMessageSentEvent | AgentToolResultEvent | AgentToolUseEvent | EventDeltaEvent | EventStartEvent | SessionDeletedEvent | SessionErrorEvent | SessionStatusIdleEvent | SessionStatusRescheduledEvent | SessionStatusRunningEvent | SessionStatusTerminatedEvent | SessionThreadCreatedEvent | SessionThreadStatusIdleEvent | SessionThreadStatusRescheduledEvent | SessionThreadStatusRunningEvent | SessionThreadStatusTerminatedEvent | SessionUpdatedEvent | SessionUsageEvent | SpanModelRequestEndEvent | SpanModelRequestStartEvent | SpanOutcomeEvaluationEndEvent | SpanOutcomeEvaluationStartEvent | UserCustomToolResultEvent | UserDefineOutcomeEvent | UserInterruptEvent | UserMessageEvent | UserToolConfirmationEvent | UserToolResultEvent | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        session_id=session_id,
        thread_id=thread_id,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    session_id: str,
    thread_id: str,
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
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
    | EventDeltaEvent
    | EventStartEvent
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
    | ErrorEnvelope
    | None
):
    """Stream a Thread's events (SSE).

     A long-lived `text/event-stream` of one Thread's ledger as it commits, framed exactly
    like `sessions.events.stream` (`id:` is the event id, `event: ping` keep-alives,
    `event: error` ends the stream, `session.deleted` ends it). Resume with
    `Last-Event-ID: <last id seen>`: every event of the Thread committed after it is
    replayed, then the stream continues live. Without the header the stream starts at
    the connection time. Previews are not offered on Thread streams.

    Args:
        session_id (str):
        thread_id (str):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgentCustomToolUseEvent | AgentMcpToolResultEvent | AgentMcpToolUseEvent | AgentMessageEvent | AgentThinkingEvent | AgentThreadContextCompactedEvent | AgentThreadMessageReceivedEvent | AgentThreadMessageSentEvent | AgentToolResultEvent | AgentToolUseEvent | EventDeltaEvent | EventStartEvent | SessionDeletedEvent | SessionErrorEvent | SessionStatusIdleEvent | SessionStatusRescheduledEvent | SessionStatusRunningEvent | SessionStatusTerminatedEvent | SessionThreadCreatedEvent | SessionThreadStatusIdleEvent | SessionThreadStatusRescheduledEvent | SessionThreadStatusRunningEvent | SessionThreadStatusTerminatedEvent | SessionUpdatedEvent | SessionUsageEvent | SpanModelRequestEndEvent | SpanModelRequestStartEvent | SpanOutcomeEvaluationEndEvent | SpanOutcomeEvaluationStartEvent | UserCustomToolResultEvent | UserDefineOutcomeEvent | UserInterruptEvent | UserMessageEvent | UserToolConfirmationEvent | UserToolResultEvent | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            session_id=session_id,
            thread_id=thread_id,
            client=client,
            last_event_id=last_event_id,
        )
    ).parsed
