"""The OAuth 2.0 refresh-token grant (RFC 6749 section 6) against a credential's token endpoint.

One POST through the egress guard (``tools.egress.guarded_client``), bounded by a deadline, with
the client authenticated as the credential says: ``none`` (``client_id`` in the form),
``client_secret_basic`` (HTTP Basic, RFC 6749 section 2.3.1, form-encoded parts) or
``client_secret_post`` (``client_id`` and ``client_secret`` in the form); ``scope`` and ``resource``
(RFC 8707) are sent when set. The answer's new access token, its lifetime and, when the endpoint
rotates it, the new refresh token come back as :class:`Grant` (secrets as ``Secret``).

A failure raises :class:`RefreshError` whose message is public: it names the HTTP status and the
endpoint's ``error`` code (validated to the RFC's character set), never a token, a client
secret or the endpoint's free-text body. Not responsible for deciding when to refresh, locking
or storing tokens (``app.mcp_tokens``).
"""

from __future__ import annotations

import asyncio
import json
import re
from base64 import b64encode
from dataclasses import dataclass
from urllib.parse import quote

import httpx2

from mango_server.domain.vaults import OAuthRefresh, Secret
from mango_server.tools.egress import EgressPolicy, EgressRefused, guarded_client

__all__ = ["Grant", "RefreshError", "refresh"]

_ERROR_CODE = re.compile(r"^[\x20-\x21\x23-\x5B\x5D-\x7E]{1,64}$")  # RFC 6749's error code characters
_MAX_BODY = 64 * 1024


class RefreshError(Exception):
    """The refresh failed; the message is public (no secret) and says why."""


@dataclass(frozen=True)
class Grant:
    """A token endpoint's answer: the new access token, its lifetime (None: not said), a rotated refresh token."""

    access_token: Secret
    expires_in: float | None
    refresh_token: Secret | None


def _form_part(value: str) -> str:
    # RFC 6749 section 2.3.1: client id and secret are form-encoded before HTTP Basic encoding.
    return quote(value, safe="").replace("%20", "+")


def _request(settings: OAuthRefresh) -> tuple[dict[str, str], dict[str, str]]:
    """The form and headers of the refresh request."""
    form = {"grant_type": "refresh_token", "refresh_token": settings.refresh_token.reveal()}
    headers = {"Accept": "application/json"}
    secret = settings.client_secret.reveal() if settings.client_secret is not None else ""
    if settings.token_endpoint_auth == "client_secret_basic":
        pair = f"{_form_part(settings.client_id)}:{_form_part(secret)}".encode()
        headers["Authorization"] = "Basic " + b64encode(pair).decode()
    else:
        form["client_id"] = settings.client_id
        if settings.token_endpoint_auth == "client_secret_post":
            form["client_secret"] = secret
    if settings.scope:
        form["scope"] = settings.scope
    if settings.resource:
        form["resource"] = settings.resource
    return form, headers


async def refresh(policy: EgressPolicy, settings: OAuthRefresh, *, timeout_seconds: float = 15.0) -> Grant:
    """Exchange the refresh token for a new access token (see the module docstring)."""
    form, headers = _request(settings)
    try:
        async with asyncio.timeout(timeout_seconds), guarded_client(policy) as client:
            response = await client.post(settings.token_endpoint, data=form, headers=headers)
            body = response.content[:_MAX_BODY]
    except EgressRefused as exc:
        raise RefreshError(f"the token endpoint is refused by the egress policy ({exc})") from None
    except TimeoutError:
        raise RefreshError("the token endpoint did not answer within the deadline") from None
    except httpx2.HTTPError as exc:
        raise RefreshError(f"the token endpoint could not be reached ({type(exc).__name__})") from None
    try:
        answer = json.loads(body)
    except ValueError:
        answer = None
    if response.status_code != 200:
        code = answer.get("error") if isinstance(answer, dict) else None
        said = f" ({code})" if isinstance(code, str) and _ERROR_CODE.match(code) else ""
        raise RefreshError(f"the token endpoint refused the refresh with HTTP {response.status_code}{said}")
    if not isinstance(answer, dict) or not isinstance(answer.get("access_token"), str) or not answer["access_token"]:
        raise RefreshError("the token endpoint's answer has no access_token")
    token_type = answer.get("token_type", "Bearer")
    if not isinstance(token_type, str) or token_type.lower() != "bearer":
        raise RefreshError("the token endpoint issued a token that is not a bearer token")
    lifetime = answer.get("expires_in")  # some endpoints send it as a string of digits
    if isinstance(lifetime, str) and lifetime.isdigit():
        lifetime = int(lifetime)
    expires_in = float(lifetime) if isinstance(lifetime, int | float) and not isinstance(lifetime, bool) else None
    rotated = answer.get("refresh_token")
    return Grant(
        access_token=Secret(answer["access_token"]),
        expires_in=expires_in if expires_in is not None and expires_in > 0 else None,
        refresh_token=Secret(rotated) if isinstance(rotated, str) and rotated else None,
    )
