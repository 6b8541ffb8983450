# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.work import Work
from ...types import UNSET, Response, Unset


def _get_kwargs(
    environment_id: str,
    *,
    block_ms: int | Unset = 0,
    reclaim_older_than_ms: int | Unset = 5000,
    worker_id: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["block_ms"] = block_ms

    params["reclaim_older_than_ms"] = reclaim_older_than_ms

    params["worker_id"] = worker_id

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/environments/{environment_id}/work/poll".format(
            environment_id=quote(str(environment_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ErrorEnvelope | Work | None:
    if response.status_code == 200:
        response_200 = Work.from_dict(response.json())

        return response_200

    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

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
) -> Response[Any | ErrorEnvelope | Work]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    environment_id: str,
    *,
    client: AuthenticatedClient,
    block_ms: int | Unset = 0,
    reclaim_older_than_ms: int | Unset = 5000,
    worker_id: str | Unset = UNSET,
) -> Response[Any | ErrorEnvelope | Work]:
    """Poll for Work.

     Claims the next queued Work item, tentatively: the claim lasts until Ack or until
    `reclaim_older_than_ms` passes, after which another poller may reclaim it. Waits up
    to `block_ms` for an item; answers 204 with no body when none arrived. The answer is
    the only place `secret` is set: a base64url JSON document
    `{"sessions_token": "...", "api_base_url": "..."}` carrying a fresh 256-bit session
    token (the server stores only its SHA-256). Reclaiming an item rotates its token, so a
    stale owner fails authentication from then on. Never log the secret.

    Args:
        environment_id (str):
        block_ms (int | Unset):  Default: 0.
        reclaim_older_than_ms (int | Unset):  Default: 5000.
        worker_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope | Work]
    """

    kwargs = _get_kwargs(
        environment_id=environment_id,
        block_ms=block_ms,
        reclaim_older_than_ms=reclaim_older_than_ms,
        worker_id=worker_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    environment_id: str,
    *,
    client: AuthenticatedClient,
    block_ms: int | Unset = 0,
    reclaim_older_than_ms: int | Unset = 5000,
    worker_id: str | Unset = UNSET,
) -> Any | ErrorEnvelope | Work | None:
    """Poll for Work.

     Claims the next queued Work item, tentatively: the claim lasts until Ack or until
    `reclaim_older_than_ms` passes, after which another poller may reclaim it. Waits up
    to `block_ms` for an item; answers 204 with no body when none arrived. The answer is
    the only place `secret` is set: a base64url JSON document
    `{"sessions_token": "...", "api_base_url": "..."}` carrying a fresh 256-bit session
    token (the server stores only its SHA-256). Reclaiming an item rotates its token, so a
    stale owner fails authentication from then on. Never log the secret.

    Args:
        environment_id (str):
        block_ms (int | Unset):  Default: 0.
        reclaim_older_than_ms (int | Unset):  Default: 5000.
        worker_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope | Work
    """

    return sync_detailed(
        environment_id=environment_id,
        client=client,
        block_ms=block_ms,
        reclaim_older_than_ms=reclaim_older_than_ms,
        worker_id=worker_id,
    ).parsed


async def asyncio_detailed(
    environment_id: str,
    *,
    client: AuthenticatedClient,
    block_ms: int | Unset = 0,
    reclaim_older_than_ms: int | Unset = 5000,
    worker_id: str | Unset = UNSET,
) -> Response[Any | ErrorEnvelope | Work]:
    """Poll for Work.

     Claims the next queued Work item, tentatively: the claim lasts until Ack or until
    `reclaim_older_than_ms` passes, after which another poller may reclaim it. Waits up
    to `block_ms` for an item; answers 204 with no body when none arrived. The answer is
    the only place `secret` is set: a base64url JSON document
    `{"sessions_token": "...", "api_base_url": "..."}` carrying a fresh 256-bit session
    token (the server stores only its SHA-256). Reclaiming an item rotates its token, so a
    stale owner fails authentication from then on. Never log the secret.

    Args:
        environment_id (str):
        block_ms (int | Unset):  Default: 0.
        reclaim_older_than_ms (int | Unset):  Default: 5000.
        worker_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope | Work]
    """

    kwargs = _get_kwargs(
        environment_id=environment_id,
        block_ms=block_ms,
        reclaim_older_than_ms=reclaim_older_than_ms,
        worker_id=worker_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    environment_id: str,
    *,
    client: AuthenticatedClient,
    block_ms: int | Unset = 0,
    reclaim_older_than_ms: int | Unset = 5000,
    worker_id: str | Unset = UNSET,
) -> Any | ErrorEnvelope | Work | None:
    """Poll for Work.

     Claims the next queued Work item, tentatively: the claim lasts until Ack or until
    `reclaim_older_than_ms` passes, after which another poller may reclaim it. Waits up
    to `block_ms` for an item; answers 204 with no body when none arrived. The answer is
    the only place `secret` is set: a base64url JSON document
    `{"sessions_token": "...", "api_base_url": "..."}` carrying a fresh 256-bit session
    token (the server stores only its SHA-256). Reclaiming an item rotates its token, so a
    stale owner fails authentication from then on. Never log the secret.

    Args:
        environment_id (str):
        block_ms (int | Unset):  Default: 0.
        reclaim_older_than_ms (int | Unset):  Default: 5000.
        worker_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope | Work
    """

    return (
        await asyncio_detailed(
            environment_id=environment_id,
            client=client,
            block_ms=block_ms,
            reclaim_older_than_ms=reclaim_older_than_ms,
            worker_id=worker_id,
        )
    ).parsed
