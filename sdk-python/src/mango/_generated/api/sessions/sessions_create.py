# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.session import Session
from ...models.session_create_params import SessionCreateParams
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: SessionCreateParams,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/sessions",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | Session | None:
    if response.status_code == 200:
        response_200 = Session.from_dict(response.json())

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
) -> Response[ErrorEnvelope | Session]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: SessionCreateParams,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorEnvelope | Session]:
    """Create a Session.

     Creates a Session from a snapshot of the Agent (`agent` is an Agent id for its latest
    version, or `{type:"agent", id, version}`), targeting a self-hosted Environment. The
    Session starts `idle`; `initial_events` (`user.message`, `user.define_outcome`) are accepted
    atomically
    with the creation and start the first turn. `resources` attach Memory Stores.

    Args:
        idempotency_key (str | Unset):
        body (SessionCreateParams): The body of `sessions.create`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | Session]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: SessionCreateParams,
    idempotency_key: str | Unset = UNSET,
) -> ErrorEnvelope | Session | None:
    """Create a Session.

     Creates a Session from a snapshot of the Agent (`agent` is an Agent id for its latest
    version, or `{type:"agent", id, version}`), targeting a self-hosted Environment. The
    Session starts `idle`; `initial_events` (`user.message`, `user.define_outcome`) are accepted
    atomically
    with the creation and start the first turn. `resources` attach Memory Stores.

    Args:
        idempotency_key (str | Unset):
        body (SessionCreateParams): The body of `sessions.create`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | Session
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: SessionCreateParams,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorEnvelope | Session]:
    """Create a Session.

     Creates a Session from a snapshot of the Agent (`agent` is an Agent id for its latest
    version, or `{type:"agent", id, version}`), targeting a self-hosted Environment. The
    Session starts `idle`; `initial_events` (`user.message`, `user.define_outcome`) are accepted
    atomically
    with the creation and start the first turn. `resources` attach Memory Stores.

    Args:
        idempotency_key (str | Unset):
        body (SessionCreateParams): The body of `sessions.create`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | Session]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: SessionCreateParams,
    idempotency_key: str | Unset = UNSET,
) -> ErrorEnvelope | Session | None:
    """Create a Session.

     Creates a Session from a snapshot of the Agent (`agent` is an Agent id for its latest
    version, or `{type:"agent", id, version}`), targeting a self-hosted Environment. The
    Session starts `idle`; `initial_events` (`user.message`, `user.define_outcome`) are accepted
    atomically
    with the creation and start the first turn. `resources` attach Memory Stores.

    Args:
        idempotency_key (str | Unset):
        body (SessionCreateParams): The body of `sessions.create`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | Session
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
