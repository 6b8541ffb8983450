# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.memory_stores_memory_versions_list_operation import (
    MemoryStoresMemoryVersionsListOperation,
)
from ...models.memory_version_list import MemoryVersionList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    memory_store_id: str,
    *,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    memory_id: str | Unset = UNSET,
    operation: MemoryStoresMemoryVersionsListOperation | Unset = UNSET,
    session_id: str | Unset = UNSET,
    created_atgte: datetime.datetime | Unset = UNSET,
    created_atlte: datetime.datetime | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["page"] = page

    params["memory_id"] = memory_id

    json_operation: str | Unset = UNSET
    if not isinstance(operation, Unset):
        json_operation = operation

    params["operation"] = json_operation

    params["session_id"] = session_id

    json_created_atgte: str | Unset = UNSET
    if not isinstance(created_atgte, Unset):
        json_created_atgte = created_atgte.isoformat()
    params["created_at[gte]"] = json_created_atgte

    json_created_atlte: str | Unset = UNSET
    if not isinstance(created_atlte, Unset):
        json_created_atlte = created_atlte.isoformat()
    params["created_at[lte]"] = json_created_atlte

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/memory_stores/{memory_store_id}/memory_versions".format(
            memory_store_id=quote(str(memory_store_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | MemoryVersionList | None:
    if response.status_code == 200:
        response_200 = MemoryVersionList.from_dict(response.json())

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
) -> Response[ErrorEnvelope | MemoryVersionList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    memory_store_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    memory_id: str | Unset = UNSET,
    operation: MemoryStoresMemoryVersionsListOperation | Unset = UNSET,
    session_id: str | Unset = UNSET,
    created_atgte: datetime.datetime | Unset = UNSET,
    created_atlte: datetime.datetime | Unset = UNSET,
) -> Response[ErrorEnvelope | MemoryVersionList]:
    """List memory versions.

     Lists the store's memory versions, newest first.

    Args:
        memory_store_id (str):
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        memory_id (str | Unset):
        operation (MemoryStoresMemoryVersionsListOperation | Unset):
        session_id (str | Unset):
        created_atgte (datetime.datetime | Unset):
        created_atlte (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | MemoryVersionList]
    """

    kwargs = _get_kwargs(
        memory_store_id=memory_store_id,
        limit=limit,
        page=page,
        memory_id=memory_id,
        operation=operation,
        session_id=session_id,
        created_atgte=created_atgte,
        created_atlte=created_atlte,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    memory_store_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    memory_id: str | Unset = UNSET,
    operation: MemoryStoresMemoryVersionsListOperation | Unset = UNSET,
    session_id: str | Unset = UNSET,
    created_atgte: datetime.datetime | Unset = UNSET,
    created_atlte: datetime.datetime | Unset = UNSET,
) -> ErrorEnvelope | MemoryVersionList | None:
    """List memory versions.

     Lists the store's memory versions, newest first.

    Args:
        memory_store_id (str):
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        memory_id (str | Unset):
        operation (MemoryStoresMemoryVersionsListOperation | Unset):
        session_id (str | Unset):
        created_atgte (datetime.datetime | Unset):
        created_atlte (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | MemoryVersionList
    """

    return sync_detailed(
        memory_store_id=memory_store_id,
        client=client,
        limit=limit,
        page=page,
        memory_id=memory_id,
        operation=operation,
        session_id=session_id,
        created_atgte=created_atgte,
        created_atlte=created_atlte,
    ).parsed


async def asyncio_detailed(
    memory_store_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    memory_id: str | Unset = UNSET,
    operation: MemoryStoresMemoryVersionsListOperation | Unset = UNSET,
    session_id: str | Unset = UNSET,
    created_atgte: datetime.datetime | Unset = UNSET,
    created_atlte: datetime.datetime | Unset = UNSET,
) -> Response[ErrorEnvelope | MemoryVersionList]:
    """List memory versions.

     Lists the store's memory versions, newest first.

    Args:
        memory_store_id (str):
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        memory_id (str | Unset):
        operation (MemoryStoresMemoryVersionsListOperation | Unset):
        session_id (str | Unset):
        created_atgte (datetime.datetime | Unset):
        created_atlte (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | MemoryVersionList]
    """

    kwargs = _get_kwargs(
        memory_store_id=memory_store_id,
        limit=limit,
        page=page,
        memory_id=memory_id,
        operation=operation,
        session_id=session_id,
        created_atgte=created_atgte,
        created_atlte=created_atlte,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    memory_store_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    memory_id: str | Unset = UNSET,
    operation: MemoryStoresMemoryVersionsListOperation | Unset = UNSET,
    session_id: str | Unset = UNSET,
    created_atgte: datetime.datetime | Unset = UNSET,
    created_atlte: datetime.datetime | Unset = UNSET,
) -> ErrorEnvelope | MemoryVersionList | None:
    """List memory versions.

     Lists the store's memory versions, newest first.

    Args:
        memory_store_id (str):
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        memory_id (str | Unset):
        operation (MemoryStoresMemoryVersionsListOperation | Unset):
        session_id (str | Unset):
        created_atgte (datetime.datetime | Unset):
        created_atlte (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | MemoryVersionList
    """

    return (
        await asyncio_detailed(
            memory_store_id=memory_store_id,
            client=client,
            limit=limit,
            page=page,
            memory_id=memory_id,
            operation=operation,
            session_id=session_id,
            created_atgte=created_atgte,
            created_atlte=created_atlte,
        )
    ).parsed
