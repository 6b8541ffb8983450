# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.deployment_run_list import DeploymentRunList
from ...models.deployment_runs_list_trigger_type import (
    DeploymentRunsListTriggerType,
)
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    deployment_id: str | Unset = UNSET,
    trigger_type: DeploymentRunsListTriggerType | Unset = UNSET,
    has_error: bool | Unset = UNSET,
    created_atgt: datetime.datetime | Unset = UNSET,
    created_atgte: datetime.datetime | Unset = UNSET,
    created_atlt: datetime.datetime | Unset = UNSET,
    created_atlte: datetime.datetime | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["page"] = page

    params["deployment_id"] = deployment_id

    json_trigger_type: str | Unset = UNSET
    if not isinstance(trigger_type, Unset):
        json_trigger_type = trigger_type

    params["trigger_type"] = json_trigger_type

    params["has_error"] = has_error

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

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/deployment_runs",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DeploymentRunList | ErrorEnvelope | None:
    if response.status_code == 200:
        response_200 = DeploymentRunList.from_dict(response.json())

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
) -> Response[DeploymentRunList | ErrorEnvelope]:
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
    deployment_id: str | Unset = UNSET,
    trigger_type: DeploymentRunsListTriggerType | Unset = UNSET,
    has_error: bool | Unset = UNSET,
    created_atgt: datetime.datetime | Unset = UNSET,
    created_atgte: datetime.datetime | Unset = UNSET,
    created_atlt: datetime.datetime | Unset = UNSET,
    created_atlte: datetime.datetime | Unset = UNSET,
) -> Response[DeploymentRunList | ErrorEnvelope]:
    """List Deployment Runs.

     Lists the Workspaces Deployment Runs, newest first.

    Args:
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        deployment_id (str | Unset):
        trigger_type (DeploymentRunsListTriggerType | Unset):
        has_error (bool | Unset):
        created_atgt (datetime.datetime | Unset):
        created_atgte (datetime.datetime | Unset):
        created_atlt (datetime.datetime | Unset):
        created_atlte (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeploymentRunList | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        limit=limit,
        page=page,
        deployment_id=deployment_id,
        trigger_type=trigger_type,
        has_error=has_error,
        created_atgt=created_atgt,
        created_atgte=created_atgte,
        created_atlt=created_atlt,
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
    deployment_id: str | Unset = UNSET,
    trigger_type: DeploymentRunsListTriggerType | Unset = UNSET,
    has_error: bool | Unset = UNSET,
    created_atgt: datetime.datetime | Unset = UNSET,
    created_atgte: datetime.datetime | Unset = UNSET,
    created_atlt: datetime.datetime | Unset = UNSET,
    created_atlte: datetime.datetime | Unset = UNSET,
) -> DeploymentRunList | ErrorEnvelope | None:
    """List Deployment Runs.

     Lists the Workspaces Deployment Runs, newest first.

    Args:
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        deployment_id (str | Unset):
        trigger_type (DeploymentRunsListTriggerType | Unset):
        has_error (bool | Unset):
        created_atgt (datetime.datetime | Unset):
        created_atgte (datetime.datetime | Unset):
        created_atlt (datetime.datetime | Unset):
        created_atlte (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeploymentRunList | ErrorEnvelope
    """

    return sync_detailed(
        client=client,
        limit=limit,
        page=page,
        deployment_id=deployment_id,
        trigger_type=trigger_type,
        has_error=has_error,
        created_atgt=created_atgt,
        created_atgte=created_atgte,
        created_atlt=created_atlt,
        created_atlte=created_atlte,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    deployment_id: str | Unset = UNSET,
    trigger_type: DeploymentRunsListTriggerType | Unset = UNSET,
    has_error: bool | Unset = UNSET,
    created_atgt: datetime.datetime | Unset = UNSET,
    created_atgte: datetime.datetime | Unset = UNSET,
    created_atlt: datetime.datetime | Unset = UNSET,
    created_atlte: datetime.datetime | Unset = UNSET,
) -> Response[DeploymentRunList | ErrorEnvelope]:
    """List Deployment Runs.

     Lists the Workspaces Deployment Runs, newest first.

    Args:
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        deployment_id (str | Unset):
        trigger_type (DeploymentRunsListTriggerType | Unset):
        has_error (bool | Unset):
        created_atgt (datetime.datetime | Unset):
        created_atgte (datetime.datetime | Unset):
        created_atlt (datetime.datetime | Unset):
        created_atlte (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeploymentRunList | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        limit=limit,
        page=page,
        deployment_id=deployment_id,
        trigger_type=trigger_type,
        has_error=has_error,
        created_atgt=created_atgt,
        created_atgte=created_atgte,
        created_atlt=created_atlt,
        created_atlte=created_atlte,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    page: str | Unset = UNSET,
    deployment_id: str | Unset = UNSET,
    trigger_type: DeploymentRunsListTriggerType | Unset = UNSET,
    has_error: bool | Unset = UNSET,
    created_atgt: datetime.datetime | Unset = UNSET,
    created_atgte: datetime.datetime | Unset = UNSET,
    created_atlt: datetime.datetime | Unset = UNSET,
    created_atlte: datetime.datetime | Unset = UNSET,
) -> DeploymentRunList | ErrorEnvelope | None:
    """List Deployment Runs.

     Lists the Workspaces Deployment Runs, newest first.

    Args:
        limit (int | Unset):  Default: 20.
        page (str | Unset):
        deployment_id (str | Unset):
        trigger_type (DeploymentRunsListTriggerType | Unset):
        has_error (bool | Unset):
        created_atgt (datetime.datetime | Unset):
        created_atgte (datetime.datetime | Unset):
        created_atlt (datetime.datetime | Unset):
        created_atlte (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeploymentRunList | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
            limit=limit,
            page=page,
            deployment_id=deployment_id,
            trigger_type=trigger_type,
            has_error=has_error,
            created_atgt=created_atgt,
            created_atgte=created_atgte,
            created_atlt=created_atlt,
            created_atlte=created_atlte,
        )
    ).parsed
