# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.heartbeat_response import HeartbeatResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    environment_id: str,
    work_id: str,
    *,
    expected_last_heartbeat: str,
    desired_ttl_seconds: int | Unset = 90,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    params: dict[str, Any] = {}

    params["expected_last_heartbeat"] = expected_last_heartbeat

    params["desired_ttl_seconds"] = desired_ttl_seconds

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/environments/{environment_id}/work/{work_id}/heartbeat".format(
            environment_id=quote(str(environment_id), safe=""),
            work_id=quote(str(work_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | HeartbeatResponse | None:
    if response.status_code == 200:
        response_200 = HeartbeatResponse.from_dict(response.json())

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

    if response.status_code == 412:
        response_412 = ErrorEnvelope.from_dict(response.json())

        return response_412

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
) -> Response[ErrorEnvelope | HeartbeatResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    environment_id: str,
    work_id: str,
    *,
    client: AuthenticatedClient,
    expected_last_heartbeat: str,
    desired_ttl_seconds: int | Unset = 90,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorEnvelope | HeartbeatResponse]:
    """Renew a Work lease.

     Conditionally renews the lease on the item. The item runner must heartbeat before it
    runs any tool; the first heartbeat passes `expected_last_heartbeat=NO_HEARTBEAT`, every
    later one echoes the `last_heartbeat` of the previous answer. A mismatch means another
    owner holds the lease: 412 `precondition_failed` with `error.details.current_state`
    (`{state, ttl_seconds, last_heartbeat}`). The lease TTL is capped at 300 seconds. When
    the answer's `state` is `stopping` or `stopped`, or `lease_extended` is false, the
    runner must stop executing. A runner that gets no successful heartbeat for longer than
    the TTL must assume the lease is lost, cancel execution and skip Stop. A spawned item
    runner may assume the lease stays valid for `ttl_seconds` after its first successful
    heartbeat, and not before it.

    Args:
        environment_id (str):
        work_id (str):
        expected_last_heartbeat (str):
        desired_ttl_seconds (int | Unset):  Default: 90.
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | HeartbeatResponse]
    """

    kwargs = _get_kwargs(
        environment_id=environment_id,
        work_id=work_id,
        expected_last_heartbeat=expected_last_heartbeat,
        desired_ttl_seconds=desired_ttl_seconds,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    environment_id: str,
    work_id: str,
    *,
    client: AuthenticatedClient,
    expected_last_heartbeat: str,
    desired_ttl_seconds: int | Unset = 90,
    idempotency_key: str | Unset = UNSET,
) -> ErrorEnvelope | HeartbeatResponse | None:
    """Renew a Work lease.

     Conditionally renews the lease on the item. The item runner must heartbeat before it
    runs any tool; the first heartbeat passes `expected_last_heartbeat=NO_HEARTBEAT`, every
    later one echoes the `last_heartbeat` of the previous answer. A mismatch means another
    owner holds the lease: 412 `precondition_failed` with `error.details.current_state`
    (`{state, ttl_seconds, last_heartbeat}`). The lease TTL is capped at 300 seconds. When
    the answer's `state` is `stopping` or `stopped`, or `lease_extended` is false, the
    runner must stop executing. A runner that gets no successful heartbeat for longer than
    the TTL must assume the lease is lost, cancel execution and skip Stop. A spawned item
    runner may assume the lease stays valid for `ttl_seconds` after its first successful
    heartbeat, and not before it.

    Args:
        environment_id (str):
        work_id (str):
        expected_last_heartbeat (str):
        desired_ttl_seconds (int | Unset):  Default: 90.
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | HeartbeatResponse
    """

    return sync_detailed(
        environment_id=environment_id,
        work_id=work_id,
        client=client,
        expected_last_heartbeat=expected_last_heartbeat,
        desired_ttl_seconds=desired_ttl_seconds,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    environment_id: str,
    work_id: str,
    *,
    client: AuthenticatedClient,
    expected_last_heartbeat: str,
    desired_ttl_seconds: int | Unset = 90,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorEnvelope | HeartbeatResponse]:
    """Renew a Work lease.

     Conditionally renews the lease on the item. The item runner must heartbeat before it
    runs any tool; the first heartbeat passes `expected_last_heartbeat=NO_HEARTBEAT`, every
    later one echoes the `last_heartbeat` of the previous answer. A mismatch means another
    owner holds the lease: 412 `precondition_failed` with `error.details.current_state`
    (`{state, ttl_seconds, last_heartbeat}`). The lease TTL is capped at 300 seconds. When
    the answer's `state` is `stopping` or `stopped`, or `lease_extended` is false, the
    runner must stop executing. A runner that gets no successful heartbeat for longer than
    the TTL must assume the lease is lost, cancel execution and skip Stop. A spawned item
    runner may assume the lease stays valid for `ttl_seconds` after its first successful
    heartbeat, and not before it.

    Args:
        environment_id (str):
        work_id (str):
        expected_last_heartbeat (str):
        desired_ttl_seconds (int | Unset):  Default: 90.
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | HeartbeatResponse]
    """

    kwargs = _get_kwargs(
        environment_id=environment_id,
        work_id=work_id,
        expected_last_heartbeat=expected_last_heartbeat,
        desired_ttl_seconds=desired_ttl_seconds,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    environment_id: str,
    work_id: str,
    *,
    client: AuthenticatedClient,
    expected_last_heartbeat: str,
    desired_ttl_seconds: int | Unset = 90,
    idempotency_key: str | Unset = UNSET,
) -> ErrorEnvelope | HeartbeatResponse | None:
    """Renew a Work lease.

     Conditionally renews the lease on the item. The item runner must heartbeat before it
    runs any tool; the first heartbeat passes `expected_last_heartbeat=NO_HEARTBEAT`, every
    later one echoes the `last_heartbeat` of the previous answer. A mismatch means another
    owner holds the lease: 412 `precondition_failed` with `error.details.current_state`
    (`{state, ttl_seconds, last_heartbeat}`). The lease TTL is capped at 300 seconds. When
    the answer's `state` is `stopping` or `stopped`, or `lease_extended` is false, the
    runner must stop executing. A runner that gets no successful heartbeat for longer than
    the TTL must assume the lease is lost, cancel execution and skip Stop. A spawned item
    runner may assume the lease stays valid for `ttl_seconds` after its first successful
    heartbeat, and not before it.

    Args:
        environment_id (str):
        work_id (str):
        expected_last_heartbeat (str):
        desired_ttl_seconds (int | Unset):  Default: 90.
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | HeartbeatResponse
    """

    return (
        await asyncio_detailed(
            environment_id=environment_id,
            work_id=work_id,
            client=client,
            expected_last_heartbeat=expected_last_heartbeat,
            desired_ttl_seconds=desired_ttl_seconds,
            idempotency_key=idempotency_key,
        )
    ).parsed
