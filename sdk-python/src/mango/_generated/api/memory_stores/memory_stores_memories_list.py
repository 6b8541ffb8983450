# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.memory_list import MemoryList
from ...models.memory_stores_memories_list_view import (
    MemoryStoresMemoriesListView,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    memory_store_id: str,
    *,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    path_prefix: str | Unset = UNSET,
    depth: int | Unset = UNSET,
    view: MemoryStoresMemoriesListView | Unset = "basic",
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["page"] = page

    params["path_prefix"] = path_prefix

    params["depth"] = depth

    json_view: str | Unset = UNSET
    if not isinstance(view, Unset):
        json_view = view

    params["view"] = json_view

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/memory_stores/{memory_store_id}/memories".format(
            memory_store_id=quote(str(memory_store_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | MemoryList | None:
    if response.status_code == 200:
        response_200 = MemoryList.from_dict(response.json())

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
) -> Response[ErrorEnvelope | MemoryList]:
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
    path_prefix: str | Unset = UNSET,
    depth: int | Unset = UNSET,
    view: MemoryStoresMemoriesListView | Unset = "basic",
) -> Response[ErrorEnvelope | MemoryList]:
    """List memories.

     Lists the store's memories ordered by path. With `depth`, paths deeper than `depth` segments below
    `path_prefix` are folded into `memory_prefix` items. `view=basic` (default) leaves `content` null;
    `view=full` includes it. A session token may list stores its Session attaches.

    Args:
        memory_store_id (str):
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        path_prefix (str | Unset):
        depth (int | Unset):
        view (MemoryStoresMemoriesListView | Unset):  Default: 'basic'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | MemoryList]
    """

    kwargs = _get_kwargs(
        memory_store_id=memory_store_id,
        limit=limit,
        page=page,
        path_prefix=path_prefix,
        depth=depth,
        view=view,
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
    path_prefix: str | Unset = UNSET,
    depth: int | Unset = UNSET,
    view: MemoryStoresMemoriesListView | Unset = "basic",
) -> ErrorEnvelope | MemoryList | None:
    """List memories.

     Lists the store's memories ordered by path. With `depth`, paths deeper than `depth` segments below
    `path_prefix` are folded into `memory_prefix` items. `view=basic` (default) leaves `content` null;
    `view=full` includes it. A session token may list stores its Session attaches.

    Args:
        memory_store_id (str):
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        path_prefix (str | Unset):
        depth (int | Unset):
        view (MemoryStoresMemoriesListView | Unset):  Default: 'basic'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | MemoryList
    """

    return sync_detailed(
        memory_store_id=memory_store_id,
        client=client,
        limit=limit,
        page=page,
        path_prefix=path_prefix,
        depth=depth,
        view=view,
    ).parsed


async def asyncio_detailed(
    memory_store_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    path_prefix: str | Unset = UNSET,
    depth: int | Unset = UNSET,
    view: MemoryStoresMemoriesListView | Unset = "basic",
) -> Response[ErrorEnvelope | MemoryList]:
    """List memories.

     Lists the store's memories ordered by path. With `depth`, paths deeper than `depth` segments below
    `path_prefix` are folded into `memory_prefix` items. `view=basic` (default) leaves `content` null;
    `view=full` includes it. A session token may list stores its Session attaches.

    Args:
        memory_store_id (str):
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        path_prefix (str | Unset):
        depth (int | Unset):
        view (MemoryStoresMemoriesListView | Unset):  Default: 'basic'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | MemoryList]
    """

    kwargs = _get_kwargs(
        memory_store_id=memory_store_id,
        limit=limit,
        page=page,
        path_prefix=path_prefix,
        depth=depth,
        view=view,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    memory_store_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    path_prefix: str | Unset = UNSET,
    depth: int | Unset = UNSET,
    view: MemoryStoresMemoriesListView | Unset = "basic",
) -> ErrorEnvelope | MemoryList | None:
    """List memories.

     Lists the store's memories ordered by path. With `depth`, paths deeper than `depth` segments below
    `path_prefix` are folded into `memory_prefix` items. `view=basic` (default) leaves `content` null;
    `view=full` includes it. A session token may list stores its Session attaches.

    Args:
        memory_store_id (str):
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        path_prefix (str | Unset):
        depth (int | Unset):
        view (MemoryStoresMemoriesListView | Unset):  Default: 'basic'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | MemoryList
    """

    return (
        await asyncio_detailed(
            memory_store_id=memory_store_id,
            client=client,
            limit=limit,
            page=page,
            path_prefix=path_prefix,
            depth=depth,
            view=view,
        )
    ).parsed
