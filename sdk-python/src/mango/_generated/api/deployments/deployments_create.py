# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.deployment import Deployment
from ...models.deployment_create_params import DeploymentCreateParams
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: DeploymentCreateParams,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/deployments",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Deployment | ErrorEnvelope | None:
    if response.status_code == 200:
        response_200 = Deployment.from_dict(response.json())

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
) -> Response[Deployment | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: DeploymentCreateParams,
    idempotency_key: str | Unset = UNSET,
) -> Response[Deployment | ErrorEnvelope]:
    """Create a Deployment.

     Creates an active Deployment: an Agent (its latest version at each Run unless `version` is given), a
    self-hosted Environment, the initial events every Run sends and an optional cron `schedule` in an
    IANA time zone, carried out by a Temporal Schedule. The Agent and Environment must exist (400) and
    not be archived (409); a malformed expression or unknown time zone answers 400.

    Args:
        idempotency_key (str | Unset):
        body (DeploymentCreateParams): The body of `deployments.create`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Deployment | ErrorEnvelope]
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
    body: DeploymentCreateParams,
    idempotency_key: str | Unset = UNSET,
) -> Deployment | ErrorEnvelope | None:
    """Create a Deployment.

     Creates an active Deployment: an Agent (its latest version at each Run unless `version` is given), a
    self-hosted Environment, the initial events every Run sends and an optional cron `schedule` in an
    IANA time zone, carried out by a Temporal Schedule. The Agent and Environment must exist (400) and
    not be archived (409); a malformed expression or unknown time zone answers 400.

    Args:
        idempotency_key (str | Unset):
        body (DeploymentCreateParams): The body of `deployments.create`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Deployment | ErrorEnvelope
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: DeploymentCreateParams,
    idempotency_key: str | Unset = UNSET,
) -> Response[Deployment | ErrorEnvelope]:
    """Create a Deployment.

     Creates an active Deployment: an Agent (its latest version at each Run unless `version` is given), a
    self-hosted Environment, the initial events every Run sends and an optional cron `schedule` in an
    IANA time zone, carried out by a Temporal Schedule. The Agent and Environment must exist (400) and
    not be archived (409); a malformed expression or unknown time zone answers 400.

    Args:
        idempotency_key (str | Unset):
        body (DeploymentCreateParams): The body of `deployments.create`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Deployment | ErrorEnvelope]
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
    body: DeploymentCreateParams,
    idempotency_key: str | Unset = UNSET,
) -> Deployment | ErrorEnvelope | None:
    """Create a Deployment.

     Creates an active Deployment: an Agent (its latest version at each Run unless `version` is given), a
    self-hosted Environment, the initial events every Run sends and an optional cron `schedule` in an
    IANA time zone, carried out by a Temporal Schedule. The Agent and Environment must exist (400) and
    not be archived (409); a malformed expression or unknown time zone answers 400.

    Args:
        idempotency_key (str | Unset):
        body (DeploymentCreateParams): The body of `deployments.create`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Deployment | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
