# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.session_event_send_params import SessionEventSendParams
from ...models.session_event_send_result import SessionEventSendResult
from ...types import UNSET, Response, Unset


def _get_kwargs(
    session_id: str,
    *,
    body: SessionEventSendParams,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/sessions/{session_id}/events".format(
            session_id=quote(str(session_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | SessionEventSendResult | None:
    if response.status_code == 200:
        response_200 = SessionEventSendResult.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = ErrorEnvelope.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = ErrorEnvelope.from_dict(response.json())

        return response_413

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
) -> Response[ErrorEnvelope | SessionEventSendResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    session_id: str,
    *,
    client: AuthenticatedClient,
    body: SessionEventSendParams,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorEnvelope | SessionEventSendResult]:
    """Send events to a Session.

     Appends client events atomically (all or none) and echoes them with their ids and
    `processed_at: null`; each is seen again on the stream once processed. `user.message`
    is queued FIFO and may be sent while the Session runs; `user.interrupt` jumps the
    queue. Results and confirmations are idempotent by tool-use id: a duplicate answers
    409 and is never re-executed. When the Session is idle with `requires_action`, each
    result of the barrier (`stop_reason.event_ids`) is claimed durably without waking the
    model; the one that completes the barrier resumes the turn exactly once, and a partial
    resolution re-emits `session.status_idle` with the remaining ids. A session token may
    send only `user.tool_result` (403 otherwise), and only while its Work lease holds (401).

    Args:
        session_id (str):
        idempotency_key (str | Unset):
        body (SessionEventSendParams): The body of `sessions.events.send`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | SessionEventSendResult]
    """

    kwargs = _get_kwargs(
        session_id=session_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    session_id: str,
    *,
    client: AuthenticatedClient,
    body: SessionEventSendParams,
    idempotency_key: str | Unset = UNSET,
) -> ErrorEnvelope | SessionEventSendResult | None:
    """Send events to a Session.

     Appends client events atomically (all or none) and echoes them with their ids and
    `processed_at: null`; each is seen again on the stream once processed. `user.message`
    is queued FIFO and may be sent while the Session runs; `user.interrupt` jumps the
    queue. Results and confirmations are idempotent by tool-use id: a duplicate answers
    409 and is never re-executed. When the Session is idle with `requires_action`, each
    result of the barrier (`stop_reason.event_ids`) is claimed durably without waking the
    model; the one that completes the barrier resumes the turn exactly once, and a partial
    resolution re-emits `session.status_idle` with the remaining ids. A session token may
    send only `user.tool_result` (403 otherwise), and only while its Work lease holds (401).

    Args:
        session_id (str):
        idempotency_key (str | Unset):
        body (SessionEventSendParams): The body of `sessions.events.send`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | SessionEventSendResult
    """

    return sync_detailed(
        session_id=session_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    session_id: str,
    *,
    client: AuthenticatedClient,
    body: SessionEventSendParams,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorEnvelope | SessionEventSendResult]:
    """Send events to a Session.

     Appends client events atomically (all or none) and echoes them with their ids and
    `processed_at: null`; each is seen again on the stream once processed. `user.message`
    is queued FIFO and may be sent while the Session runs; `user.interrupt` jumps the
    queue. Results and confirmations are idempotent by tool-use id: a duplicate answers
    409 and is never re-executed. When the Session is idle with `requires_action`, each
    result of the barrier (`stop_reason.event_ids`) is claimed durably without waking the
    model; the one that completes the barrier resumes the turn exactly once, and a partial
    resolution re-emits `session.status_idle` with the remaining ids. A session token may
    send only `user.tool_result` (403 otherwise), and only while its Work lease holds (401).

    Args:
        session_id (str):
        idempotency_key (str | Unset):
        body (SessionEventSendParams): The body of `sessions.events.send`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | SessionEventSendResult]
    """

    kwargs = _get_kwargs(
        session_id=session_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    session_id: str,
    *,
    client: AuthenticatedClient,
    body: SessionEventSendParams,
    idempotency_key: str | Unset = UNSET,
) -> ErrorEnvelope | SessionEventSendResult | None:
    """Send events to a Session.

     Appends client events atomically (all or none) and echoes them with their ids and
    `processed_at: null`; each is seen again on the stream once processed. `user.message`
    is queued FIFO and may be sent while the Session runs; `user.interrupt` jumps the
    queue. Results and confirmations are idempotent by tool-use id: a duplicate answers
    409 and is never re-executed. When the Session is idle with `requires_action`, each
    result of the barrier (`stop_reason.event_ids`) is claimed durably without waking the
    model; the one that completes the barrier resumes the turn exactly once, and a partial
    resolution re-emits `session.status_idle` with the remaining ids. A session token may
    send only `user.tool_result` (403 otherwise), and only while its Work lease holds (401).

    Args:
        session_id (str):
        idempotency_key (str | Unset):
        body (SessionEventSendParams): The body of `sessions.events.send`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | SessionEventSendResult
    """

    return (
        await asyncio_detailed(
            session_id=session_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
