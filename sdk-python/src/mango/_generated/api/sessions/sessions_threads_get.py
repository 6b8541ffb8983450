# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.session_thread import SessionThread
from ...types import Response


def _get_kwargs(
    session_id: str,
    thread_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/sessions/{session_id}/threads/{thread_id}".format(
            session_id=quote(str(session_id), safe=""),
            thread_id=quote(str(thread_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | SessionThread | None:
    if response.status_code == 200:
        response_200 = SessionThread.from_dict(response.json())

        return response_200

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
) -> Response[ErrorEnvelope | SessionThread]:
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
) -> Response[ErrorEnvelope | SessionThread]:
    """Get a Thread.

     Returns one Thread of the Session with its status, Agent snapshot and usage.

    Args:
        session_id (str):
        thread_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | SessionThread]
    """

    kwargs = _get_kwargs(
        session_id=session_id,
        thread_id=thread_id,
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
) -> ErrorEnvelope | SessionThread | None:
    """Get a Thread.

     Returns one Thread of the Session with its status, Agent snapshot and usage.

    Args:
        session_id (str):
        thread_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | SessionThread
    """

    return sync_detailed(
        session_id=session_id,
        thread_id=thread_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    session_id: str,
    thread_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[ErrorEnvelope | SessionThread]:
    """Get a Thread.

     Returns one Thread of the Session with its status, Agent snapshot and usage.

    Args:
        session_id (str):
        thread_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | SessionThread]
    """

    kwargs = _get_kwargs(
        session_id=session_id,
        thread_id=thread_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    session_id: str,
    thread_id: str,
    *,
    client: AuthenticatedClient,
) -> ErrorEnvelope | SessionThread | None:
    """Get a Thread.

     Returns one Thread of the Session with its status, Agent snapshot and usage.

    Args:
        session_id (str):
        thread_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | SessionThread
    """

    return (
        await asyncio_detailed(
            session_id=session_id,
            thread_id=thread_id,
            client=client,
        )
    ).parsed
