# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.skill import Skill
from ...models.skill_create_params import SkillCreateParams
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: SkillCreateParams,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/skills",
    }

    _kwargs["files"] = body.to_multipart()

    headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | Skill | None:
    if response.status_code == 200:
        response_200 = Skill.from_dict(response.json())

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
) -> Response[ErrorEnvelope | Skill]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: SkillCreateParams,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorEnvelope | Skill]:
    """Create a Skill.

     Creates a Skill and its first version from a multipart `file` part holding a zip archive with
    exactly one top-level folder that contains `SKILL.md` (its front matter gives `name` and
    `description`). Unsafe members (absolute paths, `..`, links, special files) answer 400; archives
    over the size bound answer 413.

    Args:
        idempotency_key (str | Unset):
        body (SkillCreateParams): The multipart body of `skills.create`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | Skill]
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
    body: SkillCreateParams,
    idempotency_key: str | Unset = UNSET,
) -> ErrorEnvelope | Skill | None:
    """Create a Skill.

     Creates a Skill and its first version from a multipart `file` part holding a zip archive with
    exactly one top-level folder that contains `SKILL.md` (its front matter gives `name` and
    `description`). Unsafe members (absolute paths, `..`, links, special files) answer 400; archives
    over the size bound answer 413.

    Args:
        idempotency_key (str | Unset):
        body (SkillCreateParams): The multipart body of `skills.create`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | Skill
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: SkillCreateParams,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorEnvelope | Skill]:
    """Create a Skill.

     Creates a Skill and its first version from a multipart `file` part holding a zip archive with
    exactly one top-level folder that contains `SKILL.md` (its front matter gives `name` and
    `description`). Unsafe members (absolute paths, `..`, links, special files) answer 400; archives
    over the size bound answer 413.

    Args:
        idempotency_key (str | Unset):
        body (SkillCreateParams): The multipart body of `skills.create`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | Skill]
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
    body: SkillCreateParams,
    idempotency_key: str | Unset = UNSET,
) -> ErrorEnvelope | Skill | None:
    """Create a Skill.

     Creates a Skill and its first version from a multipart `file` part holding a zip archive with
    exactly one top-level folder that contains `SKILL.md` (its front matter gives `name` and
    `description`). Unsafe members (absolute paths, `..`, links, special files) answer 400; archives
    over the size bound answer 413.

    Args:
        idempotency_key (str | Unset):
        body (SkillCreateParams): The multipart body of `skills.create`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | Skill
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
