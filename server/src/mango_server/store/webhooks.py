"""Webhook endpoints and their deliveries: the ``webhooks`` and ``webhook_deliveries`` tables.

Endpoints are Workspace rows whose signing secret is stored only as a keyring ciphertext. A
delivery is one notification for one endpoint, inserted in the caller's transaction with the
exact body every attempt sends; the dispatcher claims due rows under a lease
(:func:`claim_due`) and writes each outcome fenced by the attempt number and the lease owner.
Not responsible for encryption (``keyring``), the payload and signature rules
(``domain.webhooks``) or sending (``orchestration.webhooks``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from mango_server.domain.errors import NotFoundError
from mango_server.domain.paging import Cursor, Page
from mango_server.domain.webhooks import DisabledReason, Notification, payload_bytes, session_notifications
from mango_server.ids import derived_id, new_id
from mango_server.store.db import Connection, Record, from_record
from mango_server.store.pagination import fetch_page
from mango_server.store.sql_loader import NamedQueries


class Q(NamedQueries, file="webhooks"):
    insert_webhook: str
    get_webhook: str
    lock_webhook: str
    update_webhook: str
    set_secret: str
    delete_webhook: str
    list_base: str
    subscribed: str
    insert_delivery: str
    claim_deliveries: str
    record_attempt: str
    finish_delivery: str
    disable_webhook: str
    fail_pending: str
    delete_finished: str
    all_secrets: str
    count_by_key: str
    deliveries_of: str


@dataclass(frozen=True, slots=True)
class WebhookRow:
    """One endpoint, without its secret."""

    id: str
    url: str
    event_types: list[str]
    enabled: bool
    description: str | None
    metadata: dict[str, str]
    disabled_reason: DisabledReason | None
    disabled_at: datetime | None
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class WebhookFields:
    """The writable fields of an endpoint."""

    url: str
    event_types: list[str]
    enabled: bool
    description: str | None
    metadata: dict[str, str]


@dataclass(frozen=True, slots=True)
class SecretRow:
    """An endpoint's encrypted secret (operator re-encryption)."""

    workspace_id: str
    id: str
    secret_key_id: str
    secret_ciphertext: bytes


@dataclass(frozen=True, slots=True)
class ClaimedAttempt:
    """One leased delivery attempt with what sending it needs."""

    id: str
    workspace_id: str
    webhook_id: str
    notification_id: str
    type: str
    body: bytes
    attempts: int
    url: str
    secret_ciphertext: bytes
    secret_key_id: str


@dataclass(frozen=True, slots=True)
class DeliveryRow:
    """A delivery as stored (tests and inspection)."""

    id: str
    notification_id: str
    type: str
    state: str
    attempts: int
    last_status: int | None
    last_error: str | None
    body: bytes
    attempt_timestamp: int | None
    attempt_signature: str | None


def _row(record: Record) -> WebhookRow:
    return from_record(WebhookRow, record)


def _found(record: Record | None, webhook_id: str) -> WebhookRow:
    if record is None:
        raise NotFoundError(f"webhook {webhook_id} not found")
    return _row(record)


def secret_aad(workspace_id: str, webhook_id: str) -> bytes:
    """The associated data binding a secret's ciphertext to its endpoint."""
    return f"webhook-secret\x1f{workspace_id}\x1f{webhook_id}".encode()


async def create(
    conn: Connection, workspace_id: str, webhook_id: str, fields: WebhookFields, key_id: str, ciphertext: bytes
) -> WebhookRow:
    """Insert an endpoint (its id is chosen by the caller: it is the secret's associated data)."""
    record = await conn.fetchrow(
        Q.insert_webhook,
        workspace_id,
        webhook_id,
        fields.url,
        fields.event_types,
        fields.enabled,
        fields.description,
        fields.metadata,
        ciphertext,
        key_id,
        datetime.now(UTC),
    )
    assert record is not None  # INSERT ... RETURNING
    return _row(record)


async def get(conn: Connection, workspace_id: str, webhook_id: str) -> WebhookRow:
    """One endpoint of the Workspace."""
    return _found(await conn.fetchrow(Q.get_webhook, workspace_id, webhook_id), webhook_id)


async def lock(conn: Connection, workspace_id: str, webhook_id: str) -> WebhookRow:
    """One endpoint under its row lock (in the caller's transaction)."""
    return _found(await conn.fetchrow(Q.lock_webhook, workspace_id, webhook_id), webhook_id)


async def update(conn: Connection, workspace_id: str, webhook_id: str, fields: WebhookFields) -> WebhookRow:
    """Overwrite the writable fields (enabling clears a recorded disable reason)."""
    record = await conn.fetchrow(
        Q.update_webhook,
        workspace_id,
        webhook_id,
        fields.url,
        fields.event_types,
        fields.enabled,
        fields.description,
        fields.metadata,
        datetime.now(UTC),
    )
    return _found(record, webhook_id)


async def set_secret(
    conn: Connection, workspace_id: str, webhook_id: str, key_id: str, ciphertext: bytes
) -> WebhookRow:
    """Replace the encrypted secret (rotation, re-encryption)."""
    record = await conn.fetchrow(Q.set_secret, workspace_id, webhook_id, ciphertext, key_id, datetime.now(UTC))
    return _found(record, webhook_id)


async def delete(conn: Connection, workspace_id: str, webhook_id: str) -> None:
    """Delete the endpoint and its deliveries."""
    await conn.execute(Q.delete_webhook, workspace_id, webhook_id)


async def list_page(conn: Connection, workspace_id: str, *, limit: int, cursor: Cursor | None) -> Page[WebhookRow]:
    """One page of endpoints, newest first."""
    return await fetch_page(conn, Q.list_base, [workspace_id], row=_row, order="desc", limit=limit, cursor=cursor)


async def enqueue(
    conn: Connection, workspace_id: str, notification_id: str, created_at: datetime, notification: Notification
) -> int:
    """Queue ``notification`` for every enabled endpoint subscribed to its type; returns how many.

    Runs in the caller's transaction, so the notification commits (or not) with the state change.
    """
    endpoints = [r["id"] for r in await conn.fetch(Q.subscribed, workspace_id, notification.type)]
    if not endpoints:
        return 0
    body = payload_bytes(
        notification_id,
        created_at,
        type=notification.type,
        resource_id=notification.resource_id,
        workspace_id=workspace_id,
        data=notification.data,
    )
    for webhook_id in endpoints:
        delivery_id = derived_id("whdlv", webhook_id, notification_id)
        await conn.execute(
            Q.insert_delivery, delivery_id, workspace_id, webhook_id, notification_id, notification.type, body
        )
    return len(endpoints)


async def enqueue_ledger_event(
    conn: Connection,
    workspace_id: str,
    session_id: str,
    event_id: str,
    event_type: str,
    payload: Mapping[str, object],
    at: datetime,
) -> None:
    """Queue the notifications one committed Session ledger event announces (most announce none).

    Called by the ledger's write path (``app.ledger``) for each appended row when the append said
    the Workspace has an enabled endpoint.

    The notification id is derived from the event id, so a retried append of the same event
    (deterministic ids) queues nothing twice.
    """
    for notification in session_notifications(event_type, payload, session_id):
        await enqueue(conn, workspace_id, derived_id("wevt", event_id, notification.type), at, notification)


def new_notification_id() -> str:
    """A fresh notification id (a fact with no ledger event of its own)."""
    return new_id("wevt")


async def claim_due(conn: Connection, owner: str, limit: int, lease_seconds: float) -> list[ClaimedAttempt]:
    """Lease up to ``limit`` due attempts to ``owner`` for ``lease_seconds``."""
    records = await conn.fetch(Q.claim_deliveries, owner, limit, lease_seconds)
    return [from_record(ClaimedAttempt, r) for r in records]


async def record_attempt(conn: Connection, claim: ClaimedAttempt, owner: str, timestamp: int, signature: str) -> bool:
    """Store the attempt's timestamp and signature before it is sent; ``False`` when the lease was lost."""
    status = await conn.execute(Q.record_attempt, claim.id, claim.attempts, owner, timestamp, signature)
    return status.endswith(" 1")


async def finish(
    conn: Connection,
    claim: ClaimedAttempt,
    owner: str,
    *,
    state: str,
    status: int | None,
    error: str | None,
    retry_in: float = 0.0,
) -> bool:
    """Record an attempt's outcome (``pending`` with ``retry_in`` schedules the next attempt)."""
    result = await conn.execute(Q.finish_delivery, claim.id, claim.attempts, owner, state, status, error, retry_in)
    return result.endswith(" 1")


async def disable(conn: Connection, webhook_id: str, reason: Mapping[str, object]) -> None:
    """Disable an endpoint with the server's reason, failing its queued deliveries."""
    await conn.execute(Q.disable_webhook, webhook_id, reason)
    await conn.execute(Q.fail_pending, webhook_id, f"endpoint disabled: {reason.get('type')}")


async def fail_pending(conn: Connection, webhook_id: str, reason: str) -> None:
    """Drop an endpoint's queued deliveries (disabled by the client: no backfill when re-enabled)."""
    await conn.execute(Q.fail_pending, webhook_id, reason)


async def delete_finished(conn: Connection, before: datetime) -> int:
    """Remove terminal deliveries finished before ``before`` (bounded retention)."""
    status = await conn.execute(Q.delete_finished, before)
    return int(status.split()[-1])


async def all_secrets(conn: Connection) -> list[SecretRow]:
    """Every endpoint's encrypted secret, across Workspaces (operator re-encryption)."""
    return [from_record(SecretRow, r) for r in await conn.fetch(Q.all_secrets)]


async def count_by_key(conn: Connection) -> dict[str, int]:
    """How many secrets each keyring key encrypts."""
    return {r["secret_key_id"]: int(r["n"]) for r in await conn.fetch(Q.count_by_key)}


async def deliveries_of(conn: Connection, webhook_id: str) -> list[DeliveryRow]:
    """An endpoint's deliveries, oldest first."""
    return [from_record(DeliveryRow, r) for r in await conn.fetch(Q.deliveries_of, webhook_id)]
