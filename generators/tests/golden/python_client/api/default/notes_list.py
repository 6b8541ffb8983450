# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.note_list import NoteList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    tags: list[str] | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["page"] = page

    json_tags: list[str] | Unset = UNSET
    if not isinstance(tags, Unset):
        json_tags = tags

    params["tags[]"] = json_tags

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/notes",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> NoteList | None:
    if response.status_code == 200:
        response_200 = NoteList.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[NoteList]:
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
    tags: list[str] | Unset = UNSET,
) -> Response[NoteList]:
    """List notes.

    Args:
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        tags (list[str] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NoteList]
    """

    kwargs = _get_kwargs(
        limit=limit,
        page=page,
        tags=tags,
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
    tags: list[str] | Unset = UNSET,
) -> NoteList | None:
    """List notes.

    Args:
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        tags (list[str] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NoteList
    """

    return sync_detailed(
        client=client,
        limit=limit,
        page=page,
        tags=tags,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    tags: list[str] | Unset = UNSET,
) -> Response[NoteList]:
    """List notes.

    Args:
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        tags (list[str] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NoteList]
    """

    kwargs = _get_kwargs(
        limit=limit,
        page=page,
        tags=tags,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    tags: list[str] | Unset = UNSET,
) -> NoteList | None:
    """List notes.

    Args:
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        tags (list[str] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NoteList
    """

    return (
        await asyncio_detailed(
            client=client,
            limit=limit,
            page=page,
            tags=tags,
        )
    ).parsed
