# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.deployment_list import DeploymentList
from ...models.deployment_status import DeploymentStatus
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    agent_id: str | Unset = UNSET,
    status: DeploymentStatus | Unset = UNSET,
    include_archived: bool | Unset = False,
    created_atgte: datetime.datetime | Unset = UNSET,
    created_atlte: datetime.datetime | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["page"] = page

    params["agent_id"] = agent_id

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    params["include_archived"] = include_archived

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
        "url": "/v1/deployments",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DeploymentList | ErrorEnvelope | None:
    if response.status_code == 200:
        response_200 = DeploymentList.from_dict(response.json())

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
) -> Response[DeploymentList | ErrorEnvelope]:
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
    agent_id: str | Unset = UNSET,
    status: DeploymentStatus | Unset = UNSET,
    include_archived: bool | Unset = False,
    created_atgte: datetime.datetime | Unset = UNSET,
    created_atlte: datetime.datetime | Unset = UNSET,
) -> Response[DeploymentList | ErrorEnvelope]:
    """List Deployments.

     Lists the Workspaces Deployments, newest first. Archived ones are left out unless `include_archived`
    is true.

    Args:
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        agent_id (str | Unset):
        status (DeploymentStatus | Unset): `active` (the schedule fires) or `paused` (only manual
            Runs).
        include_archived (bool | Unset):  Default: False.
        created_atgte (datetime.datetime | Unset):
        created_atlte (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeploymentList | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        limit=limit,
        page=page,
        agent_id=agent_id,
        status=status,
        include_archived=include_archived,
        created_atgte=created_atgte,
        created_atlte=created_atlte,
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
    agent_id: str | Unset = UNSET,
    status: DeploymentStatus | Unset = UNSET,
    include_archived: bool | Unset = False,
    created_atgte: datetime.datetime | Unset = UNSET,
    created_atlte: datetime.datetime | Unset = UNSET,
) -> DeploymentList | ErrorEnvelope | None:
    """List Deployments.

     Lists the Workspaces Deployments, newest first. Archived ones are left out unless `include_archived`
    is true.

    Args:
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        agent_id (str | Unset):
        status (DeploymentStatus | Unset): `active` (the schedule fires) or `paused` (only manual
            Runs).
        include_archived (bool | Unset):  Default: False.
        created_atgte (datetime.datetime | Unset):
        created_atlte (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeploymentList | ErrorEnvelope
    """

    return sync_detailed(
        client=client,
        limit=limit,
        page=page,
        agent_id=agent_id,
        status=status,
        include_archived=include_archived,
        created_atgte=created_atgte,
        created_atlte=created_atlte,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    agent_id: str | Unset = UNSET,
    status: DeploymentStatus | Unset = UNSET,
    include_archived: bool | Unset = False,
    created_atgte: datetime.datetime | Unset = UNSET,
    created_atlte: datetime.datetime | Unset = UNSET,
) -> Response[DeploymentList | ErrorEnvelope]:
    """List Deployments.

     Lists the Workspaces Deployments, newest first. Archived ones are left out unless `include_archived`
    is true.

    Args:
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        agent_id (str | Unset):
        status (DeploymentStatus | Unset): `active` (the schedule fires) or `paused` (only manual
            Runs).
        include_archived (bool | Unset):  Default: False.
        created_atgte (datetime.datetime | Unset):
        created_atlte (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeploymentList | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        limit=limit,
        page=page,
        agent_id=agent_id,
        status=status,
        include_archived=include_archived,
        created_atgte=created_atgte,
        created_atlte=created_atlte,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    agent_id: str | Unset = UNSET,
    status: DeploymentStatus | Unset = UNSET,
    include_archived: bool | Unset = False,
    created_atgte: datetime.datetime | Unset = UNSET,
    created_atlte: datetime.datetime | Unset = UNSET,
) -> DeploymentList | ErrorEnvelope | None:
    """List Deployments.

     Lists the Workspaces Deployments, newest first. Archived ones are left out unless `include_archived`
    is true.

    Args:
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        agent_id (str | Unset):
        status (DeploymentStatus | Unset): `active` (the schedule fires) or `paused` (only manual
            Runs).
        include_archived (bool | Unset):  Default: False.
        created_atgte (datetime.datetime | Unset):
        created_atlte (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeploymentList | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
            limit=limit,
            page=page,
            agent_id=agent_id,
            status=status,
            include_archived=include_archived,
            created_atgte=created_atgte,
            created_atlte=created_atlte,
        )
    ).parsed
