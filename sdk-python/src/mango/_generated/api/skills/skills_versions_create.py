# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.skill_version import SkillVersion
from ...models.skill_version_create_params import SkillVersionCreateParams
from ...types import UNSET, Response, Unset


def _get_kwargs(
    skill_id: str,
    *,
    body: SkillVersionCreateParams,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/skills/{skill_id}/versions".format(
            skill_id=quote(str(skill_id), safe=""),
        ),
    }

    _kwargs["files"] = body.to_multipart()

    headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | SkillVersion | None:
    if response.status_code == 200:
        response_200 = SkillVersion.from_dict(response.json())

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
) -> Response[ErrorEnvelope | SkillVersion]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    skill_id: str,
    *,
    client: AuthenticatedClient,
    body: SkillVersionCreateParams,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorEnvelope | SkillVersion]:
    """Create a Skill version.

     Adds an immutable version from a multipart zip archive (same rules as `skills.create`) and makes it
    the Skill's `latest_version`.

    Args:
        skill_id (str):
        idempotency_key (str | Unset):
        body (SkillVersionCreateParams): The multipart body of `skills.versions.create`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | SkillVersion]
    """

    kwargs = _get_kwargs(
        skill_id=skill_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    skill_id: str,
    *,
    client: AuthenticatedClient,
    body: SkillVersionCreateParams,
    idempotency_key: str | Unset = UNSET,
) -> ErrorEnvelope | SkillVersion | None:
    """Create a Skill version.

     Adds an immutable version from a multipart zip archive (same rules as `skills.create`) and makes it
    the Skill's `latest_version`.

    Args:
        skill_id (str):
        idempotency_key (str | Unset):
        body (SkillVersionCreateParams): The multipart body of `skills.versions.create`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | SkillVersion
    """

    return sync_detailed(
        skill_id=skill_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    skill_id: str,
    *,
    client: AuthenticatedClient,
    body: SkillVersionCreateParams,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorEnvelope | SkillVersion]:
    """Create a Skill version.

     Adds an immutable version from a multipart zip archive (same rules as `skills.create`) and makes it
    the Skill's `latest_version`.

    Args:
        skill_id (str):
        idempotency_key (str | Unset):
        body (SkillVersionCreateParams): The multipart body of `skills.versions.create`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | SkillVersion]
    """

    kwargs = _get_kwargs(
        skill_id=skill_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    skill_id: str,
    *,
    client: AuthenticatedClient,
    body: SkillVersionCreateParams,
    idempotency_key: str | Unset = UNSET,
) -> ErrorEnvelope | SkillVersion | None:
    """Create a Skill version.

     Adds an immutable version from a multipart zip archive (same rules as `skills.create`) and makes it
    the Skill's `latest_version`.

    Args:
        skill_id (str):
        idempotency_key (str | Unset):
        body (SkillVersionCreateParams): The multipart body of `skills.versions.create`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | SkillVersion
    """

    return (
        await asyncio_detailed(
            skill_id=skill_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
