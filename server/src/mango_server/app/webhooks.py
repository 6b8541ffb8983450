"""Webhook endpoint use cases: create, read, list, update, delete and secret rotation.

A new endpoint (and a rotation) gets a fresh ``whsec_`` secret that is returned once, to that
caller, and stored only encrypted under the operator keyring's active key, bound to the
endpoint's id. The URL must be an http(s) URL without credentials; whether its host is public
is checked when connecting (``orchestration.webhooks``), not here, because DNS answers change.
Disabling an endpoint (by the client or by the server) drops its queued deliveries: there is
no backfill when it is enabled again. Not responsible for SQL (``store.webhooks``) or the wire
shape (``api.mappers.webhooks``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mango_server.app.services import Services
from mango_server.domain._generated import wire
from mango_server.domain.environments import merge_metadata
from mango_server.domain.errors import InvalidRequestError
from mango_server.domain.paging import Cursor, Page
from mango_server.domain.principal import Principal
from mango_server.domain.webhooks import new_secret, notification_type_error
from mango_server.ids import new_id
from mango_server.store import webhooks
from mango_server.store.db import transaction
from mango_server.store.webhooks import WebhookFields, WebhookRow, secret_aad
from mango_server.tools.egress import EgressRefused, normalize_url


@dataclass(frozen=True)
class WithSecret:
    """An endpoint and its plain secret, for the one answer that shows it."""

    row: WebhookRow
    secret: str


def _url(raw: str) -> str:
    try:
        return normalize_url(raw)
    except EgressRefused as exc:
        raise InvalidRequestError(f"url: {str(exc).removeprefix('egress refused: ')}") from None


def _types(raw: Sequence[str]) -> list[str]:
    error = notification_type_error(raw)
    if error is not None:
        raise InvalidRequestError(f"event_types: {error}")
    return sorted(set(raw))


async def create(services: Services, principal: Principal, params: wire.WebhookCreateParams) -> WithSecret:
    """A new enabled endpoint and its secret."""
    keyring = services.require_keyring()
    fields = WebhookFields(
        url=_url(params["url"]),
        event_types=_types(params["event_types"]),
        enabled=params.get("enabled", True),
        description=params.get("description"),
        metadata=params.get("metadata") or {},
    )
    webhook_id = new_id("whk")
    secret = new_secret()
    key_id, ciphertext = keyring.encrypt(secret.encode(), secret_aad(principal.workspace_id, webhook_id))
    async with transaction(services.pool) as conn:
        row = await webhooks.create(conn, principal.workspace_id, webhook_id, fields, key_id, ciphertext)
    return WithSecret(row, secret)


async def get(services: Services, principal: Principal, webhook_id: str) -> WebhookRow:
    """One endpoint of the Workspace."""
    async with services.pool.acquire() as conn:
        return await webhooks.get(conn, principal.workspace_id, webhook_id)


async def list_page(services: Services, principal: Principal, *, limit: int, cursor: Cursor | None) -> Page[WebhookRow]:
    """One page of endpoints, newest first."""
    async with services.pool.acquire() as conn:
        return await webhooks.list_page(conn, principal.workspace_id, limit=limit, cursor=cursor)


async def update(
    services: Services, principal: Principal, webhook_id: str, params: wire.WebhookUpdateParams
) -> WebhookRow:
    """Change the URL, subscribed types, enabled flag, description or metadata (null metadata values delete)."""
    async with transaction(services.pool) as conn:
        row = await webhooks.lock(conn, principal.workspace_id, webhook_id)
        fields = WebhookFields(
            url=_url(params["url"]) if "url" in params else row.url,
            event_types=_types(params["event_types"]) if "event_types" in params else row.event_types,
            enabled=params.get("enabled", row.enabled),
            description=params.get("description", row.description),
            metadata=merge_metadata(row.metadata, params.get("metadata")),
        )
        updated = await webhooks.update(conn, principal.workspace_id, webhook_id, fields)
        if row.enabled and not updated.enabled:
            await webhooks.fail_pending(conn, webhook_id, "endpoint disabled by the client")
        return updated


async def rotate_secret(services: Services, principal: Principal, webhook_id: str) -> WithSecret:
    """Replace the secret; deliveries signed from now on (retries included) use the new one."""
    keyring = services.require_keyring()
    secret = new_secret()
    key_id, ciphertext = keyring.encrypt(secret.encode(), secret_aad(principal.workspace_id, webhook_id))
    async with transaction(services.pool) as conn:
        await webhooks.lock(conn, principal.workspace_id, webhook_id)
        row = await webhooks.set_secret(conn, principal.workspace_id, webhook_id, key_id, ciphertext)
    return WithSecret(row, secret)


async def delete(services: Services, principal: Principal, webhook_id: str) -> str:
    """Delete the endpoint and its queued deliveries; returns its id."""
    async with transaction(services.pool) as conn:
        await webhooks.lock(conn, principal.workspace_id, webhook_id)
        await webhooks.delete(conn, principal.workspace_id, webhook_id)
    return webhook_id
