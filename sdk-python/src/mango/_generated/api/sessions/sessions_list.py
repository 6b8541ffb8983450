# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.session_list import SessionList
from ...models.session_status import SessionStatus
from ...models.sessions_list_order import SessionsListOrder
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    order: SessionsListOrder | Unset = "desc",
    agent_id: str | Unset = UNSET,
    agent_version: int | Unset = UNSET,
    statuses: list[SessionStatus] | Unset = UNSET,
    include_archived: bool | Unset = False,
    created_atgt: datetime.datetime | Unset = UNSET,
    created_atgte: datetime.datetime | Unset = UNSET,
    created_atlt: datetime.datetime | Unset = UNSET,
    created_atlte: datetime.datetime | Unset = UNSET,
    memory_store_id: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["page"] = page

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order

    params["order"] = json_order

    params["agent_id"] = agent_id

    params["agent_version"] = agent_version

    json_statuses: list[str] | Unset = UNSET
    if not isinstance(statuses, Unset):
        json_statuses = []
        for statuses_item_data in statuses:
            statuses_item: str = statuses_item_data
            json_statuses.append(statuses_item)

    params["statuses[]"] = json_statuses

    params["include_archived"] = include_archived

    json_created_atgt: str | Unset = UNSET
    if not isinstance(created_atgt, Unset):
        json_created_atgt = created_atgt.isoformat()
    params["created_at[gt]"] = json_created_atgt

    json_created_atgte: str | Unset = UNSET
    if not isinstance(created_atgte, Unset):
        json_created_atgte = created_atgte.isoformat()
    params["created_at[gte]"] = json_created_atgte

    json_created_atlt: str | Unset = UNSET
    if not isinstance(created_atlt, Unset):
        json_created_atlt = created_atlt.isoformat()
    params["created_at[lt]"] = json_created_atlt

    json_created_atlte: str | Unset = UNSET
    if not isinstance(created_atlte, Unset):
        json_created_atlte = created_atlte.isoformat()
    params["created_at[lte]"] = json_created_atlte

    params["memory_store_id"] = memory_store_id

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/sessions",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | SessionList | None:
    if response.status_code == 200:
        response_200 = SessionList.from_dict(response.json())

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
) -> Response[ErrorEnvelope | SessionList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    order: SessionsListOrder | Unset = "desc",
    agent_id: str | Unset = UNSET,
    agent_version: int | Unset = UNSET,
    statuses: list[SessionStatus] | Unset = UNSET,
    include_archived: bool | Unset = False,
    created_atgt: datetime.datetime | Unset = UNSET,
    created_atgte: datetime.datetime | Unset = UNSET,
    created_atlt: datetime.datetime | Unset = UNSET,
    created_atlte: datetime.datetime | Unset = UNSET,
    memory_store_id: str | Unset = UNSET,
) -> Response[ErrorEnvelope | SessionList]:
    """List Sessions.

     Lists Sessions, newest first by default. The cursor is bidirectional (`next_page` and `prev_page`)
    and encodes `order`; changing `order` with a cursor answers 400.

    Args:
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        order (SessionsListOrder | Unset):  Default: 'desc'.
        agent_id (str | Unset):
        agent_version (int | Unset):
        statuses (list[SessionStatus] | Unset):
        include_archived (bool | Unset):  Default: False.
        created_atgt (datetime.datetime | Unset):
        created_atgte (datetime.datetime | Unset):
        created_atlt (datetime.datetime | Unset):
        created_atlte (datetime.datetime | Unset):
        memory_store_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | SessionList]
    """

    kwargs = _get_kwargs(
        limit=limit,
        page=page,
        order=order,
        agent_id=agent_id,
        agent_version=agent_version,
        statuses=statuses,
        include_archived=include_archived,
        created_atgt=created_atgt,
        created_atgte=created_atgte,
        created_atlt=created_atlt,
        created_atlte=created_atlte,
        memory_store_id=memory_store_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    order: SessionsListOrder | Unset = "desc",
    agent_id: str | Unset = UNSET,
    agent_version: int | Unset = UNSET,
    statuses: list[SessionStatus] | Unset = UNSET,
    include_archived: bool | Unset = False,
    created_atgt: datetime.datetime | Unset = UNSET,
    created_atgte: datetime.datetime | Unset = UNSET,
    created_atlt: datetime.datetime | Unset = UNSET,
    created_atlte: datetime.datetime | Unset = UNSET,
    memory_store_id: str | Unset = UNSET,
) -> ErrorEnvelope | SessionList | None:
    """List Sessions.

     Lists Sessions, newest first by default. The cursor is bidirectional (`next_page` and `prev_page`)
    and encodes `order`; changing `order` with a cursor answers 400.

    Args:
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        order (SessionsListOrder | Unset):  Default: 'desc'.
        agent_id (str | Unset):
        agent_version (int | Unset):
        statuses (list[SessionStatus] | Unset):
        include_archived (bool | Unset):  Default: False.
        created_atgt (datetime.datetime | Unset):
        created_atgte (datetime.datetime | Unset):
        created_atlt (datetime.datetime | Unset):
        created_atlte (datetime.datetime | Unset):
        memory_store_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | SessionList
    """

    return sync_detailed(
        client=client,
        limit=limit,
        page=page,
        order=order,
        agent_id=agent_id,
        agent_version=agent_version,
        statuses=statuses,
        include_archived=include_archived,
        created_atgt=created_atgt,
        created_atgte=created_atgte,
        created_atlt=created_atlt,
        created_atlte=created_atlte,
        memory_store_id=memory_store_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    order: SessionsListOrder | Unset = "desc",
    agent_id: str | Unset = UNSET,
    agent_version: int | Unset = UNSET,
    statuses: list[SessionStatus] | Unset = UNSET,
    include_archived: bool | Unset = False,
    created_atgt: datetime.datetime | Unset = UNSET,
    created_atgte: datetime.datetime | Unset = UNSET,
    created_atlt: datetime.datetime | Unset = UNSET,
    created_atlte: datetime.datetime | Unset = UNSET,
    memory_store_id: str | Unset = UNSET,
) -> Response[ErrorEnvelope | SessionList]:
    """List Sessions.

     Lists Sessions, newest first by default. The cursor is bidirectional (`next_page` and `prev_page`)
    and encodes `order`; changing `order` with a cursor answers 400.

    Args:
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        order (SessionsListOrder | Unset):  Default: 'desc'.
        agent_id (str | Unset):
        agent_version (int | Unset):
        statuses (list[SessionStatus] | Unset):
        include_archived (bool | Unset):  Default: False.
        created_atgt (datetime.datetime | Unset):
        created_atgte (datetime.datetime | Unset):
        created_atlt (datetime.datetime | Unset):
        created_atlte (datetime.datetime | Unset):
        memory_store_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | SessionList]
    """

    kwargs = _get_kwargs(
        limit=limit,
        page=page,
        order=order,
        agent_id=agent_id,
        agent_version=agent_version,
        statuses=statuses,
        include_archived=include_archived,
        created_atgt=created_atgt,
        created_atgte=created_atgte,
        created_atlt=created_atlt,
        created_atlte=created_atlte,
        memory_store_id=memory_store_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    order: SessionsListOrder | Unset = "desc",
    agent_id: str | Unset = UNSET,
    agent_version: int | Unset = UNSET,
    statuses: list[SessionStatus] | Unset = UNSET,
    include_archived: bool | Unset = False,
    created_atgt: datetime.datetime | Unset = UNSET,
    created_atgte: datetime.datetime | Unset = UNSET,
    created_atlt: datetime.datetime | Unset = UNSET,
    created_atlte: datetime.datetime | Unset = UNSET,
    memory_store_id: str | Unset = UNSET,
) -> ErrorEnvelope | SessionList | None:
    """List Sessions.

     Lists Sessions, newest first by default. The cursor is bidirectional (`next_page` and `prev_page`)
    and encodes `order`; changing `order` with a cursor answers 400.

    Args:
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        order (SessionsListOrder | Unset):  Default: 'desc'.
        agent_id (str | Unset):
        agent_version (int | Unset):
        statuses (list[SessionStatus] | Unset):
        include_archived (bool | Unset):  Default: False.
        created_atgt (datetime.datetime | Unset):
        created_atgte (datetime.datetime | Unset):
        created_atlt (datetime.datetime | Unset):
        created_atlte (datetime.datetime | Unset):
        memory_store_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | SessionList
    """

    return (
        await asyncio_detailed(
            client=client,
            limit=limit,
            page=page,
            order=order,
            agent_id=agent_id,
            agent_version=agent_version,
            statuses=statuses,
            include_archived=include_archived,
            created_atgt=created_atgt,
            created_atgte=created_atgte,
            created_atlt=created_atlt,
            created_atlte=created_atlte,
            memory_store_id=memory_store_id,
        )
    ).parsed
