# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.session_event_list import SessionEventList
from ...models.sessions_threads_events_list_order import (
    SessionsThreadsEventsListOrder,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    session_id: str,
    thread_id: str,
    *,
    limit: int | Unset = 100,
    page: str | Unset = UNSET,
    order: SessionsThreadsEventsListOrder | Unset = "asc",
    types: list[str] | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["page"] = page

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order

    params["order"] = json_order

    json_types: list[str] | Unset = UNSET
    if not isinstance(types, Unset):
        json_types = types

    params["types[]"] = json_types

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/sessions/{session_id}/threads/{thread_id}/events".format(
            session_id=quote(str(session_id), safe=""),
            thread_id=quote(str(thread_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | SessionEventList | None:
    if response.status_code == 200:
        response_200 = SessionEventList.from_dict(response.json())

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
) -> Response[ErrorEnvelope | SessionEventList]:
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
    limit: int | Unset = 100,
    page: str | Unset = UNSET,
    order: SessionsThreadsEventsListOrder | Unset = "asc",
    types: list[str] | Unset = UNSET,
) -> Response[ErrorEnvelope | SessionEventList]:
    """List a Thread's events.

     Lists the Thread's own ledger in commit order (`asc`, the default) or reverse. The primary Thread's
    ledger is the Session's history (`sessions.events.list`), including cross-posts from children.
    Sequence order is Session-wide.

    Args:
        session_id (str):
        thread_id (str):
        limit (int | Unset):  Default: 100.
        page (str | Unset):
        order (SessionsThreadsEventsListOrder | Unset):  Default: 'asc'.
        types (list[str] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | SessionEventList]
    """

    kwargs = _get_kwargs(
        session_id=session_id,
        thread_id=thread_id,
        limit=limit,
        page=page,
        order=order,
        types=types,
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
    limit: int | Unset = 100,
    page: str | Unset = UNSET,
    order: SessionsThreadsEventsListOrder | Unset = "asc",
    types: list[str] | Unset = UNSET,
) -> ErrorEnvelope | SessionEventList | None:
    """List a Thread's events.

     Lists the Thread's own ledger in commit order (`asc`, the default) or reverse. The primary Thread's
    ledger is the Session's history (`sessions.events.list`), including cross-posts from children.
    Sequence order is Session-wide.

    Args:
        session_id (str):
        thread_id (str):
        limit (int | Unset):  Default: 100.
        page (str | Unset):
        order (SessionsThreadsEventsListOrder | Unset):  Default: 'asc'.
        types (list[str] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | SessionEventList
    """

    return sync_detailed(
        session_id=session_id,
        thread_id=thread_id,
        client=client,
        limit=limit,
        page=page,
        order=order,
        types=types,
    ).parsed


async def asyncio_detailed(
    session_id: str,
    thread_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 100,
    page: str | Unset = UNSET,
    order: SessionsThreadsEventsListOrder | Unset = "asc",
    types: list[str] | Unset = UNSET,
) -> Response[ErrorEnvelope | SessionEventList]:
    """List a Thread's events.

     Lists the Thread's own ledger in commit order (`asc`, the default) or reverse. The primary Thread's
    ledger is the Session's history (`sessions.events.list`), including cross-posts from children.
    Sequence order is Session-wide.

    Args:
        session_id (str):
        thread_id (str):
        limit (int | Unset):  Default: 100.
        page (str | Unset):
        order (SessionsThreadsEventsListOrder | Unset):  Default: 'asc'.
        types (list[str] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | SessionEventList]
    """

    kwargs = _get_kwargs(
        session_id=session_id,
        thread_id=thread_id,
        limit=limit,
        page=page,
        order=order,
        types=types,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    session_id: str,
    thread_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 100,
    page: str | Unset = UNSET,
    order: SessionsThreadsEventsListOrder | Unset = "asc",
    types: list[str] | Unset = UNSET,
) -> ErrorEnvelope | SessionEventList | None:
    """List a Thread's events.

     Lists the Thread's own ledger in commit order (`asc`, the default) or reverse. The primary Thread's
    ledger is the Session's history (`sessions.events.list`), including cross-posts from children.
    Sequence order is Session-wide.

    Args:
        session_id (str):
        thread_id (str):
        limit (int | Unset):  Default: 100.
        page (str | Unset):
        order (SessionsThreadsEventsListOrder | Unset):  Default: 'asc'.
        types (list[str] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | SessionEventList
    """

    return (
        await asyncio_detailed(
            session_id=session_id,
            thread_id=thread_id,
            client=client,
            limit=limit,
            page=page,
            order=order,
            types=types,
        )
    ).parsed
