"""The wire shape of webhook endpoints, built from typed rows; the secret appears only in ``with_secret``.

Not responsible for reading them (``store.webhooks``) or for the notification payload
(``domain.webhooks.payload_bytes``).
"""

from __future__ import annotations

from typing import cast

from mango_server.api.encoding import rfc3339
from mango_server.app.webhooks import WithSecret
from mango_server.domain._generated import wire
from mango_server.store.webhooks import WebhookRow


def webhook(row: WebhookRow) -> wire.Webhook:
    """One endpoint (never its secret)."""
    reason: wire.WebhookDisabledReason | None = None
    if row.disabled_reason is not None:
        assert row.disabled_at is not None, "an endpoint is disabled with its reason and time together"
        reason = {
            "type": row.disabled_reason.get("type", "egress_refused"),
            "message": row.disabled_reason.get("message", ""),
            "disabled_at": rfc3339(row.disabled_at),
        }
    return {
        "type": "webhook",
        "id": row.id,
        "url": row.url,
        "event_types": cast("list[wire.WebhookEventType]", list(row.event_types)),
        "enabled": row.enabled,
        "description": row.description,
        "metadata": row.metadata,
        "disabled_reason": reason,
        "created_at": rfc3339(row.created_at),
        "updated_at": rfc3339(row.updated_at),
    }


def with_secret(created: WithSecret) -> wire.WebhookWithSecret:
    """The create and rotate answers: the endpoint and its plain secret, this once."""
    return {**webhook(created.row), "secret": created.secret}


def webhook_deleted(webhook_id: str) -> wire.WebhookDeleted:
    """The answer to a delete."""
    return {"type": "webhook_deleted", "id": webhook_id}
