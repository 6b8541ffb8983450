"""Webhook rules without I/O: notification types, thin payloads, Standard Webhooks signing, retry delays.

- The notification types Mango sends (named as the hosted API names them) and how a Session's
  public status events map onto them (:func:`session_notifications`).
- The thin payload ``{type: "event", id, created_at, data: {type, id, workspace_id, ...}}``
  serialised once (:func:`payload_bytes`); those exact bytes are stored and signed on every attempt.
- Standard Webhooks signatures: ``v1,`` + base64(HMAC-SHA256(secret, "{id}.{timestamp}.{body}"))
  (:func:`sign`, :func:`verify`); secrets are ``whsec_`` + base64 of 32 random bytes.
- Attempt policy: three attempts, a jittered delay between them bounded to [5 s, 120 s]
  (:func:`retry_delay`), any 2xx acknowledges.

Not responsible for storing, sending or scheduling anything (``store.webhooks``,
``orchestration.webhooks``).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal, TypedDict

SECRET_PREFIX = "whsec_"

SESSION_TYPES: tuple[str, ...] = (
    "session.created",
    "session.status_run_started",
    "session.status_idled",
    "session.requires_action",
    "session.status_rescheduled",
    "session.status_terminated",
    "session.archived",
    "session.deleted",
    "session.budget_reached",
    "session.credential_failed",
    "session.worker_unavailable",
)
#: Published by scheduled Deployment Runs (manual runs publish none).
DEPLOYMENT_RUN_TYPES: tuple[str, ...] = ("deployment_run.completed", "deployment_run.failed")
NOTIFICATION_TYPES: frozenset[str] = frozenset(SESSION_TYPES + DEPLOYMENT_RUN_TYPES)

#: The ledger's status events and the notification each announces.
_STATUS_EVENTS: Mapping[str, str] = {
    "session.status_running": "session.status_run_started",
    "session.status_idle": "session.status_idled",
    "session.status_rescheduled": "session.status_rescheduled",
    "session.status_terminated": "session.status_terminated",
    "session.deleted": "session.deleted",
}
#: Stop reasons that also raise a notification of their own, next to ``session.status_idled``.
_STOP_NOTIFICATIONS: Mapping[str, str] = {
    "requires_action": "session.requires_action",
    "budget_reached": "session.budget_reached",
    "credential_failed": "session.credential_failed",
}
#: Status events whose notification carries the event's ``stop_reason`` (a terminated Session has one
#: only when a worker's failure ended it).
_WITH_STOP_REASON = frozenset({"session.status_idled", "session.status_terminated"})

MAX_ATTEMPTS = 3
RETRY_MIN_SECONDS = 5.0
RETRY_MAX_SECONDS = 120.0


@dataclass(frozen=True)
class Notification:
    """One fact to announce: its type, the resource it is about and extra thin fields."""

    type: str
    resource_id: str
    data: dict[str, object]


class DisabledReason(TypedDict):
    """Why the server disabled an endpoint, as stored (its time is a column of its own)."""

    type: Literal["private_address", "redirect", "egress_refused"]
    message: str


def session_notifications(event_type: str, payload: Mapping[str, object], session_id: str) -> list[Notification]:
    """The notifications a committed Session ledger event announces (none for most events)."""
    announced = _STATUS_EVENTS.get(event_type)
    if announced is None:
        return []
    stop = payload.get("stop_reason")
    data: dict[str, object] = {"stop_reason": stop} if announced in _WITH_STOP_REASON and stop else {}
    out = [Notification(announced, session_id, data)]
    extra = _STOP_NOTIFICATIONS.get(stop.get("type", "")) if isinstance(stop, dict) else None
    if extra is not None:
        out.append(Notification(extra, session_id, {"stop_reason": stop}))
    return out


def new_secret() -> str:
    """A fresh signing secret (``whsec_`` + base64 of 32 random bytes)."""
    return SECRET_PREFIX + base64.b64encode(secrets.token_bytes(32)).decode()


def _secret_bytes(secret: str) -> bytes:
    return base64.b64decode(secret.removeprefix(SECRET_PREFIX))


def payload_bytes(
    notification_id: str,
    created_at: datetime,
    *,
    type: str,
    resource_id: str,
    workspace_id: str,
    data: Mapping[str, object],
) -> bytes:
    """The exact body of every attempt of one notification (compact JSON, UTF-8)."""
    body = {
        "type": "event",
        "id": notification_id,
        "created_at": created_at.isoformat().replace("+00:00", "Z"),
        "data": {"type": type, "id": resource_id, "workspace_id": workspace_id, **data},
    }
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()


def sign(secret: str, notification_id: str, timestamp: int, body: bytes) -> str:
    """The ``webhook-signature`` header value of one attempt."""
    signed = f"{notification_id}.{timestamp}.".encode() + body
    digest = hmac.new(_secret_bytes(secret), signed, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode()


def verify(secret: str, headers: Mapping[str, str], body: bytes, *, now: int, tolerance: int = 300) -> bool:
    """Whether the Standard Webhooks headers sign ``body`` with ``secret`` within the timestamp tolerance."""
    lower = {k.lower(): v for k, v in headers.items()}
    msg_id, stamp, signatures = (lower.get(h, "") for h in ("webhook-id", "webhook-timestamp", "webhook-signature"))
    if not (msg_id and stamp.isdigit() and signatures) or abs(now - int(stamp)) > tolerance:
        return False
    expected = sign(secret, msg_id, int(stamp), body)
    return any(hmac.compare_digest(expected, candidate) for candidate in signatures.split(" "))


def retry_delay(
    attempts: int,
    *,
    rand: Callable[[], float],
    min_seconds: float = RETRY_MIN_SECONDS,
    max_seconds: float = RETRY_MAX_SECONDS,
) -> float:
    """Seconds before the next attempt after ``attempts`` failed ones: 6x growth, ±50 % jitter, clamped."""
    base = min_seconds * 6.0 ** max(0, attempts - 1)
    return min(max_seconds, max(min_seconds, base * (0.5 + rand())))


def is_ack(status: int) -> bool:
    """Any 2xx acknowledges; 3xx is a failure (redirects are never followed)."""
    return 200 <= status < 300


def notification_type_error(types: Sequence[str]) -> str | None:
    """Why a list of subscribed types is invalid (``None``: valid)."""
    unknown = sorted(set(types) - NOTIFICATION_TYPES)
    if unknown:
        return f"unknown notification types: {', '.join(unknown)}"
    if not types:
        return "event_types must name at least one notification type"
    return None
