# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.memory_deleted import MemoryDeleted
from ...types import UNSET, Response, Unset


def _get_kwargs(
    memory_store_id: str,
    memory_id: str,
    *,
    expected_content_sha256: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    params: dict[str, Any] = {}

    params["expected_content_sha256"] = expected_content_sha256

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/memory_stores/{memory_store_id}/memories/{memory_id}".format(
            memory_store_id=quote(str(memory_store_id), safe=""),
            memory_id=quote(str(memory_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | MemoryDeleted | None:
    if response.status_code == 200:
        response_200 = MemoryDeleted.from_dict(response.json())

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
) -> Response[ErrorEnvelope | MemoryDeleted]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    memory_store_id: str,
    memory_id: str,
    *,
    client: AuthenticatedClient,
    expected_content_sha256: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorEnvelope | MemoryDeleted]:
    """Delete a memory.

     Deletes the memory and records a `deleted` memory version. With `expected_content_sha256` the
    current content must match, else 409 `memory_precondition_failed_error`.

    Args:
        memory_store_id (str):
        memory_id (str):
        expected_content_sha256 (str | Unset):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | MemoryDeleted]
    """

    kwargs = _get_kwargs(
        memory_store_id=memory_store_id,
        memory_id=memory_id,
        expected_content_sha256=expected_content_sha256,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    memory_store_id: str,
    memory_id: str,
    *,
    client: AuthenticatedClient,
    expected_content_sha256: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> ErrorEnvelope | MemoryDeleted | None:
    """Delete a memory.

     Deletes the memory and records a `deleted` memory version. With `expected_content_sha256` the
    current content must match, else 409 `memory_precondition_failed_error`.

    Args:
        memory_store_id (str):
        memory_id (str):
        expected_content_sha256 (str | Unset):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | MemoryDeleted
    """

    return sync_detailed(
        memory_store_id=memory_store_id,
        memory_id=memory_id,
        client=client,
        expected_content_sha256=expected_content_sha256,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    memory_store_id: str,
    memory_id: str,
    *,
    client: AuthenticatedClient,
    expected_content_sha256: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorEnvelope | MemoryDeleted]:
    """Delete a memory.

     Deletes the memory and records a `deleted` memory version. With `expected_content_sha256` the
    current content must match, else 409 `memory_precondition_failed_error`.

    Args:
        memory_store_id (str):
        memory_id (str):
        expected_content_sha256 (str | Unset):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | MemoryDeleted]
    """

    kwargs = _get_kwargs(
        memory_store_id=memory_store_id,
        memory_id=memory_id,
        expected_content_sha256=expected_content_sha256,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    memory_store_id: str,
    memory_id: str,
    *,
    client: AuthenticatedClient,
    expected_content_sha256: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> ErrorEnvelope | MemoryDeleted | None:
    """Delete a memory.

     Deletes the memory and records a `deleted` memory version. With `expected_content_sha256` the
    current content must match, else 409 `memory_precondition_failed_error`.

    Args:
        memory_store_id (str):
        memory_id (str):
        expected_content_sha256 (str | Unset):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | MemoryDeleted
    """

    return (
        await asyncio_detailed(
            memory_store_id=memory_store_id,
            memory_id=memory_id,
            client=client,
            expected_content_sha256=expected_content_sha256,
            idempotency_key=idempotency_key,
        )
    ).parsed
