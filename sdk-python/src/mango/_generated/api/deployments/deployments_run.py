# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.deployment_run import DeploymentRun
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    deployment_id: str,
    *,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/deployments/{deployment_id}/run".format(
            deployment_id=quote(str(deployment_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DeploymentRun | ErrorEnvelope | None:
    if response.status_code == 200:
        response_200 = DeploymentRun.from_dict(response.json())

        return response_200

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
) -> Response[DeploymentRun | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    deployment_id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[DeploymentRun | ErrorEnvelope]:
    """Run a Deployment now.

     Creates a manual Run now, whatever the schedule or pause state: a Session from the Deployments
    Agent, Environment and initial events, and its Run record (`trigger_context.type` `manual`). A
    missing or archived Agent or Environment is recorded on the Run (`error`, and the Deployment pauses)
    rather than answered as an error; an archived Deployment answers 409.

    Args:
        deployment_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeploymentRun | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        deployment_id=deployment_id,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    deployment_id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> DeploymentRun | ErrorEnvelope | None:
    """Run a Deployment now.

     Creates a manual Run now, whatever the schedule or pause state: a Session from the Deployments
    Agent, Environment and initial events, and its Run record (`trigger_context.type` `manual`). A
    missing or archived Agent or Environment is recorded on the Run (`error`, and the Deployment pauses)
    rather than answered as an error; an archived Deployment answers 409.

    Args:
        deployment_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeploymentRun | ErrorEnvelope
    """

    return sync_detailed(
        deployment_id=deployment_id,
        client=client,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    deployment_id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[DeploymentRun | ErrorEnvelope]:
    """Run a Deployment now.

     Creates a manual Run now, whatever the schedule or pause state: a Session from the Deployments
    Agent, Environment and initial events, and its Run record (`trigger_context.type` `manual`). A
    missing or archived Agent or Environment is recorded on the Run (`error`, and the Deployment pauses)
    rather than answered as an error; an archived Deployment answers 409.

    Args:
        deployment_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeploymentRun | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        deployment_id=deployment_id,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    deployment_id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> DeploymentRun | ErrorEnvelope | None:
    """Run a Deployment now.

     Creates a manual Run now, whatever the schedule or pause state: a Session from the Deployments
    Agent, Environment and initial events, and its Run record (`trigger_context.type` `manual`). A
    missing or archived Agent or Environment is recorded on the Run (`error`, and the Deployment pauses)
    rather than answered as an error; an archived Deployment answers 409.

    Args:
        deployment_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeploymentRun | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            deployment_id=deployment_id,
            client=client,
            idempotency_key=idempotency_key,
        )
    ).parsed
