"""The token an MCP connection of a Session sends, and the OAuth refresh that keeps it valid.

:meth:`McpTokens.run` wraps one MCP operation (a discovery or a call) of a Session with a server:

1. the Session's credential for the server's URL is read from its vaults
   (``store.vaults.credentials_for``) and decrypted; an ``mcp_oauth`` access token past or within
   :data:`REFRESH_MARGIN` of its expiry is refreshed before use;
2. the operation runs with the token (attached by the connector at the transport boundary);
3. a 401 (``McpUnauthorized``) with an ``mcp_oauth`` token refreshes it once and runs the
   operation once more. A 401 means the server refused the request before acting on it, so the
   retry never runs anything twice; a call whose outcome is unknown is never retried here.

A refresh is single-flight across processes: it holds the credential's row lock
(``store.vaults.lock_for_refresh``) while it asks the token endpoint and stores the answer, and
decides under that lock whether a refresh is still needed. A second process that wanted to
refresh the same token waits for the lock, then finds the stored token already replaced and uses
it. The new access token (and a rotated refresh token) are re-encrypted under the keyring's active
key and committed before they are used, so no process sends a token the database does not hold.

A refresh that cannot succeed (no refresh settings, the grant revoked, the endpoint down or
refused by the egress policy, the credential deleted) raises :class:`CredentialFailed`, whose
message is public and names the credential but no secret. Not responsible for the token
endpoint's protocol (``tools.oauth_refresh``), the MCP transport (``tools.mcp_connector``) or
what a failure means for the turn (``app.turn.mcp_calls``, ``app.turn.mcp_discovery``).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import TypeVar

from mango_server.domain.vaults import CredentialSettings, CredentialSpec, McpCredential, Secret, material
from mango_server.keyring import Keyring
from mango_server.store import vaults
from mango_server.store.db import Pool
from mango_server.tools import oauth_refresh
from mango_server.tools.egress import EgressPolicy
from mango_server.tools.mcp_connector import McpUnauthorized

__all__ = ["REFRESH_MARGIN", "CredentialFailed", "McpTokens"]

log = logging.getLogger(__name__)

T = TypeVar("T")

#: An access token that expires within this margin is refreshed before it is sent.
REFRESH_MARGIN = timedelta(seconds=60)


class CredentialFailed(Exception):
    """A Session's credential for an MCP server cannot give a working token; the message is public."""

    def __init__(self, credential: McpCredential, reason: str) -> None:
        super().__init__(
            f"vault credential {credential.credential_id} (vault {credential.vault_id}) could not be refreshed: "
            f"{reason}; update the credential to continue"
        )
        self.vault_id = credential.vault_id
        self.credential_id = credential.credential_id


class McpTokens:
    """Reads, refreshes and stores the tokens of the Sessions' MCP credentials."""

    def __init__(self, pool: Pool, keyring: Keyring, policy: EgressPolicy, *, timeout_seconds: float = 15.0) -> None:
        self._pool = pool
        self._keyring = keyring
        self._policy = policy  # the token endpoint is reached through the egress guard, like MCP servers
        self._timeout = timeout_seconds

    async def run(self, session_id: str, url: str, operation: Callable[[Secret | None], Awaitable[T]]) -> T:
        """Run ``operation`` with the Session's token for ``url`` (see the module docstring)."""
        credential = await self.credential(session_id, url)
        try:
            return await operation(credential.token if credential is not None else None)
        except McpUnauthorized:
            if credential is None or credential.kind != "mcp_oauth":
                raise
            log.info(
                "mcp credential refused; refreshing credential_id=%s",
                credential.credential_id,
                extra={"action": "vault_credential.unauthorized"},
            )
            credential = await self.refreshed(credential, refused=credential.token)
        return await operation(credential.token)

    async def credential(self, session_id: str, url: str) -> McpCredential | None:
        """The Session's credential for ``url`` with a token that is not about to expire (None: none)."""
        async with self._pool.acquire() as conn:
            found = await vaults.credentials_for(conn, self._keyring, session_id, url)
        if found is None or not _expiring(found, datetime.now(UTC)):
            return found
        return await self.refreshed(found, refused=None)

    async def refreshed(self, credential: McpCredential, *, refused: Secret | None) -> McpCredential:
        """The credential with a fresh access token: refreshed here, or by whoever held the lock before.

        ``refused``: the token a server answered 401 to (None: refreshing because of the expiry).
        """
        now = datetime.now(UTC)
        async with self._pool.acquire() as conn, conn.transaction():
            sealed = await vaults.lock_for_refresh(conn, credential.credential_id)
            if sealed is None or sealed.archived_at is not None or sealed.secret_ciphertext is None:
                raise CredentialFailed(credential, "it was deleted, or its vault was archived")
            spec = sealed.open(self._keyring)
            current = material(sealed.vault_id, sealed.id, spec)
            assert isinstance(current, McpCredential)
            if not _stale(current, refused, now):
                return current  # another process (or an update) replaced the token meanwhile
            if current.refresh is None:
                why = "the server refused its access token" if refused is not None else "its access token expired"
                raise CredentialFailed(current, f"{why} and it has no refresh settings")
            try:
                grant = await oauth_refresh.refresh(self._policy, current.refresh, timeout_seconds=self._timeout)
            except oauth_refresh.RefreshError as exc:
                log.warning(
                    "vault credential refresh failed credential_id=%s error=%s",
                    current.credential_id,
                    exc,
                    extra={"action": "vault_credential.refresh_failed"},
                )
                raise CredentialFailed(current, str(exc)) from None
            secrets = dict(spec.secrets)
            secrets["access_token"] = grant.access_token.reveal()
            if grant.refresh_token is not None:  # the endpoint rotated it: the old one is spent
                secrets["refresh_token"] = grant.refresh_token.reveal()
            expires_at = None if grant.expires_in is None else now + timedelta(seconds=grant.expires_in)
            settings: CredentialSettings = {
                **spec.settings,
                "expires_at": None if expires_at is None else expires_at.isoformat().replace("+00:00", "Z"),
            }
            renewed = CredentialSpec(spec.kind, settings, secrets)
            key_id, ciphertext = self._keyring.encrypt(
                renewed.secrets_bytes(), vaults.secret_aad(sealed.workspace_id, sealed.vault_id, sealed.id)
            )
            await vaults.set_refreshed(conn, sealed.id, settings, key_id, ciphertext, now)
        log.info(
            "vault credential refreshed credential_id=%s rotated=%s",
            sealed.id,
            grant.refresh_token is not None,
            extra={"action": "vault_credential.refreshed"},
        )
        fresh = material(sealed.vault_id, sealed.id, renewed)
        assert isinstance(fresh, McpCredential)
        return fresh


def _expiring(credential: McpCredential, now: datetime) -> bool:
    return credential.expires_at is not None and credential.expires_at <= now + REFRESH_MARGIN


def _stale(current: McpCredential, refused: Secret | None, now: datetime) -> bool:
    """Whether the stored token still needs a refresh (decided under the row lock)."""
    if refused is not None:
        return current.token == refused
    return _expiring(current, now)
