"""Decoding the per-Work secret returned by Poll.

The secret is URL-safe base64 (padding optional) of a JSON object
``{"sessions_token": "...", "api_base_url": "..."}``. The session token is the only credential
an item runner uses for heartbeat, Stop, Fail and the Session's event routes; a missing or
malformed token is fatal and never replaced by another credential.

Lifecycle: decode once per item, keep the ``WorkSecret`` in memory for the item's lifetime.
Not responsible for transporting the secret (the launcher) or for building clients.
"""

from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass, field

from ._exceptions import WorkSecretError

__all__ = ["WorkSecret", "decode_work_secret"]

_MAX_SECRET_CHARS = 4096


@dataclass(frozen=True)
class WorkSecret:
    """The decoded Work secret. ``repr`` hides the token so it cannot leak through logs.

    Attributes:
        sessions_token: the Bearer credential scoped to this Work item and its Session.
        api_base_url: the API base URL to use for the item, when the server set one.
    """

    sessions_token: str = field(repr=False)
    api_base_url: str | None = None


def decode_work_secret(secret: str | None) -> WorkSecret:
    """Decode a Work ``secret``.

    Raises:
        WorkSecretError: the secret is absent, not base64url JSON, or has no usable ``sessions_token``.
    """
    if not isinstance(secret, str) or not secret.strip():
        raise WorkSecretError("the Work secret is missing")
    if len(secret) > _MAX_SECRET_CHARS:
        raise WorkSecretError("the Work secret is too long")
    text = secret.strip()
    try:
        raw = base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)
        payload = json.loads(raw.decode("utf-8"))
    except (binascii.Error, ValueError, UnicodeDecodeError):
        raise WorkSecretError("the Work secret is not base64url JSON") from None
    if not isinstance(payload, dict):
        raise WorkSecretError("the Work secret is not a JSON object")
    token = payload.get("sessions_token")
    if not isinstance(token, str) or not token.strip() or any(ch.isspace() for ch in token):
        raise WorkSecretError("the Work secret carries no valid sessions_token")
    base_url = payload.get("api_base_url")
    if base_url is not None and (not isinstance(base_url, str) or not base_url.startswith(("http://", "https://"))):
        raise WorkSecretError("the Work secret carries an invalid api_base_url")
    return WorkSecret(sessions_token=token, api_base_url=base_url.rstrip("/") if base_url else None)
