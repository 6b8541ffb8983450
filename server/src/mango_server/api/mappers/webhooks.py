"""The wire shape of webhook endpoints, built from typed rows; the secret appears only in ``with_secret``.

Not responsible for reading them (``store.webhooks``) or for the notification payload
(``domain.webhooks.payload_bytes``).
"""

from __future__ import annotations

from mango_server.app.webhooks import WithSecret
from mango_server.domain.json import JsonObject
from mango_server.store.webhooks import WebhookRow


def webhook(row: WebhookRow) -> JsonObject:
    """One endpoint (never its secret)."""
    reason: JsonObject | None = None
    if row.disabled_reason is not None:
        reason = {
            "type": row.disabled_reason.get("type", "egress_refused"),
            "message": row.disabled_reason.get("message", ""),
            "disabled_at": row.disabled_at,
        }
    return {
        "type": "webhook",
        "id": row.id,
        "url": row.url,
        "event_types": list(row.event_types),
        "enabled": row.enabled,
        "description": row.description,
        "metadata": row.metadata,
        "disabled_reason": reason,
        "created_at": row.created_at,
        "updated_at": row.updated_at,
    }


def with_secret(created: WithSecret) -> JsonObject:
    """The create and rotate answers: the endpoint and its plain secret, this once."""
    return {**webhook(created.row), "secret": created.secret}


def webhook_deleted(webhook_id: str) -> JsonObject:
    """The answer to a delete."""
    return {"type": "webhook_deleted", "id": webhook_id}
