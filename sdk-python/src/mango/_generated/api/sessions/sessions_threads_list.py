# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.session_thread_list import SessionThreadList
from ...models.sessions_threads_list_order import SessionsThreadsListOrder
from ...types import UNSET, Response, Unset


def _get_kwargs(
    session_id: str,
    *,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    order: SessionsThreadsListOrder | Unset = "asc",
    include_archived: bool | Unset = False,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["page"] = page

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order

    params["order"] = json_order

    params["include_archived"] = include_archived

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/sessions/{session_id}/threads".format(
            session_id=quote(str(session_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | SessionThreadList | None:
    if response.status_code == 200:
        response_200 = SessionThreadList.from_dict(response.json())

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
) -> Response[ErrorEnvelope | SessionThreadList]:
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
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    order: SessionsThreadsListOrder | Unset = "asc",
    include_archived: bool | Unset = False,
) -> Response[ErrorEnvelope | SessionThreadList]:
    """List a Session's Threads.

     Lists the Session's Threads, oldest first by default; the primary Thread (`parent_thread_id` null)
    is always included. Archived child Threads are listed only with `include_archived=true`.

    Args:
        session_id (str):
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        order (SessionsThreadsListOrder | Unset):  Default: 'asc'.
        include_archived (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | SessionThreadList]
    """

    kwargs = _get_kwargs(
        session_id=session_id,
        limit=limit,
        page=page,
        order=order,
        include_archived=include_archived,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    session_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    order: SessionsThreadsListOrder | Unset = "asc",
    include_archived: bool | Unset = False,
) -> ErrorEnvelope | SessionThreadList | None:
    """List a Session's Threads.

     Lists the Session's Threads, oldest first by default; the primary Thread (`parent_thread_id` null)
    is always included. Archived child Threads are listed only with `include_archived=true`.

    Args:
        session_id (str):
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        order (SessionsThreadsListOrder | Unset):  Default: 'asc'.
        include_archived (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | SessionThreadList
    """

    return sync_detailed(
        session_id=session_id,
        client=client,
        limit=limit,
        page=page,
        order=order,
        include_archived=include_archived,
    ).parsed


async def asyncio_detailed(
    session_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    order: SessionsThreadsListOrder | Unset = "asc",
    include_archived: bool | Unset = False,
) -> Response[ErrorEnvelope | SessionThreadList]:
    """List a Session's Threads.

     Lists the Session's Threads, oldest first by default; the primary Thread (`parent_thread_id` null)
    is always included. Archived child Threads are listed only with `include_archived=true`.

    Args:
        session_id (str):
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        order (SessionsThreadsListOrder | Unset):  Default: 'asc'.
        include_archived (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | SessionThreadList]
    """

    kwargs = _get_kwargs(
        session_id=session_id,
        limit=limit,
        page=page,
        order=order,
        include_archived=include_archived,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    session_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    order: SessionsThreadsListOrder | Unset = "asc",
    include_archived: bool | Unset = False,
) -> ErrorEnvelope | SessionThreadList | None:
    """List a Session's Threads.

     Lists the Session's Threads, oldest first by default; the primary Thread (`parent_thread_id` null)
    is always included. Archived child Threads are listed only with `include_archived=true`.

    Args:
        session_id (str):
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        order (SessionsThreadsListOrder | Unset):  Default: 'asc'.
        include_archived (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | SessionThreadList
    """

    return (
        await asyncio_detailed(
            session_id=session_id,
            client=client,
            limit=limit,
            page=page,
            order=order,
            include_archived=include_archived,
        )
    ).parsed
