"""Vault use cases: vaults, their credentials, the ``vault_ids`` check, and credential look-up.

Vaults are Workspace resources: another Workspace's vault answers 404. A credential's secret
fields are encrypted with the operator keyring's active key, bound to the credential's identity,
in the request that receives them; they are never returned, logged or put in an event (the
answers carry only ``*_set`` flags, ``domain.vaults.public_auth``). Archiving a vault archives
its credentials and erases their ciphertexts; deleting a vault that a live Session or Deployment
still names is refused (409), so ``vault_ids`` never point at nothing without the caller knowing.

``credentials_for`` reads a Session's MCP credential back as a typed object whose secrets cannot
be printed or serialised; the MCP transport's tokens (``app.mcp_tokens``) come from the same store
read, with OAuth refresh on top. Not responsible for the credential rules (``domain.vaults``), SQL
(``store.vaults``) or wire shapes (``api.mappers.vaults``).
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from mango_server.app.services import Services
from mango_server.domain._generated import wire
from mango_server.domain.environments import merge_metadata
from mango_server.domain.errors import ConflictError, InvalidRequestError
from mango_server.domain.paging import Cursor, Page
from mango_server.domain.principal import Principal
from mango_server.domain.vaults import (
    MAX_CREDENTIALS_PER_VAULT,
    CredentialSpec,
    McpCredential,
    check_vault_ids,
    new_credential,
    updated_credential,
)
from mango_server.ids import new_id
from mango_server.keyring import Keyring
from mango_server.store import outbox, vaults
from mango_server.store.db import Connection, Pool, transaction
from mango_server.store.sessions import SessionRow
from mango_server.store.vaults import CredentialChange, CredentialRow, NewCredential, VaultRow, secret_aad

__all__ = [
    "CredentialRow",
    "VaultRow",
    "archive",
    "check_vaults",
    "create",
    "create_credential",
    "credentials_for",
    "delete",
    "delete_credential",
    "get",
    "get_credential",
    "list_credentials",
    "list_page",
    "update",
    "update_credential",
]

log = logging.getLogger(__name__)


def _writable(row: VaultRow) -> VaultRow:
    if row.archived_at is not None:
        raise ConflictError(f"vault {row.id} is archived and read-only")
    return row


# ---------------------------------------------------------------- vaults


async def create(services: Services, principal: Principal, params: wire.VaultCreateParams) -> VaultRow:
    """An empty vault."""
    metadata = {k: v for k, v in (params.get("metadata") or {}).items() if v is not None}
    async with transaction(services.transactions) as conn:
        row = await vaults.insert_vault(
            conn, principal.workspace_id, new_id("vlt"), params["display_name"], metadata, datetime.now(UTC)
        )
    log.info("vault created vault_id=%s", row.id, extra={"action": "vault.created"})
    return row


async def get(services: Services, principal: Principal, vault_id: str) -> VaultRow:
    """One vault of the Workspace."""
    async with services.pool.acquire() as conn:
        return await vaults.get_vault(conn, principal.workspace_id, vault_id)


async def list_page(
    services: Services, principal: Principal, *, limit: int, cursor: Cursor | None, include_archived: bool
) -> Page[VaultRow]:
    """One page of the Workspace's vaults, newest first."""
    async with services.pool.acquire() as conn:
        return await vaults.list_vaults(
            conn, principal.workspace_id, limit=limit, cursor=cursor, include_archived=include_archived
        )


async def update(services: Services, principal: Principal, vault_id: str, params: wire.VaultUpdateParams) -> VaultRow:
    """Change the display name or metadata (a null metadata value deletes its key)."""
    async with transaction(services.transactions) as conn:
        row = _writable(await vaults.get_vault(conn, principal.workspace_id, vault_id, lock=True))
        display_name = params.get("display_name", row.display_name)
        metadata = merge_metadata(row.metadata, params.get("metadata"))
        if len(metadata) > 16:
            raise InvalidRequestError("metadata: at most 16 pairs")
        if (display_name, metadata) == (row.display_name, row.metadata):
            return row
        return await vaults.update_vault(conn, row, display_name, metadata, datetime.now(UTC))


async def archive(services: Services, principal: Principal, vault_id: str) -> VaultRow:
    """Archive the vault and its credentials, erasing their secrets (terminal). Idempotent."""
    async with transaction(services.transactions) as conn:
        row = await vaults.get_vault(conn, principal.workspace_id, vault_id, lock=True)
        if row.archived_at is not None:
            return row
        row = await vaults.archive_vault(conn, row, datetime.now(UTC))
    log.info("vault archived vault_id=%s", row.id, extra={"action": "vault.archived"})
    return row


async def delete(services: Services, principal: Principal, vault_id: str) -> str:
    """Delete the vault and its credentials; 409 while a live Session or Deployment names it."""
    async with transaction(services.transactions) as conn:
        row = await vaults.get_vault(conn, principal.workspace_id, vault_id, lock=True)
        users = await vaults.vault_users(conn, principal.workspace_id, vault_id)
        if users:
            named = ", ".join(f"{kind} {user_id}" for kind, user_id in users)
            raise ConflictError(
                f"vault {vault_id} is named in vault_ids by {named}: "
                "remove it from their vault_ids or archive them first"
            )
        await vaults.delete_vault(conn, row)
    log.info("vault deleted vault_id=%s", vault_id, extra={"action": "vault.deleted"})
    return vault_id


async def check_vaults(conn: Connection, workspace_id: str, vault_ids: list[str], *, who: str) -> list[str]:
    """``vault_ids`` for a Session or Deployment: each must exist in the Workspace (400) and not be archived (409)."""
    checked = check_vault_ids(vault_ids)
    states = await vaults.vault_states(conn, workspace_id, checked)
    for vault_id in checked:
        if vault_id not in states:
            raise InvalidRequestError(f"vault_ids: vault {vault_id} not found")
        if states[vault_id]:
            raise ConflictError(f"vault {vault_id} is archived; {who} cannot use it")
    return checked


# ---------------------------------------------------------------- credentials


def _seal(
    keyring: Keyring, workspace_id: str, vault_id: str, credential_id: str, spec: CredentialSpec
) -> tuple[str, bytes]:
    return keyring.encrypt(spec.secrets_bytes(), secret_aad(workspace_id, vault_id, credential_id))


async def create_credential(
    services: Services, principal: Principal, vault_id: str, params: wire.VaultCredentialCreateParams
) -> CredentialRow:
    """A new credential; its secrets are encrypted under the keyring's active key."""
    keyring = services.require_keyring()
    ws = principal.workspace_id
    now = datetime.now(UTC)
    spec = new_credential(params["auth"], now=now)
    credential_id = new_id("vcrd")
    key_id, ciphertext = _seal(keyring, ws, vault_id, credential_id, spec)
    metadata = {k: v for k, v in (params.get("metadata") or {}).items() if v is not None}
    async with transaction(services.transactions) as conn:
        _writable(await vaults.get_vault(conn, ws, vault_id, lock=True))  # serialises the vault's credentials
        live = await vaults.live_credential_keys(conn, vault_id)
        if len(live) >= MAX_CREDENTIALS_PER_VAULT:
            raise ConflictError(f"vault {vault_id} already holds {MAX_CREDENTIALS_PER_VAULT} credentials")
        if spec.server_key is not None and any(server == spec.server_key for server, _ in live):
            raise ConflictError(f"vault {vault_id} already has a credential for this mcp_server_url")
        if spec.secret_name is not None and any(name == spec.secret_name for _, name in live):
            raise ConflictError(f"vault {vault_id} already has a credential named {spec.secret_name}")
        new = NewCredential(credential_id, vault_id, params.get("display_name"), metadata, spec, key_id, ciphertext)
        row = await vaults.insert_credential(conn, ws, new, now)
    log.info(
        "vault credential created vault_id=%s credential_id=%s kind=%s",
        vault_id,
        row.id,
        row.kind,
        extra={"action": "vault_credential.created"},
    )
    return row


async def get_credential(services: Services, principal: Principal, vault_id: str, credential_id: str) -> CredentialRow:
    """One credential of a vault of the Workspace (its secrets only as ``*_set`` flags)."""
    async with services.pool.acquire() as conn:
        await vaults.get_vault(conn, principal.workspace_id, vault_id)
        return await vaults.get_credential(conn, principal.workspace_id, vault_id, credential_id)


async def list_credentials(
    services: Services, principal: Principal, vault_id: str, *, limit: int, cursor: Cursor | None
) -> Page[CredentialRow]:
    """One page of a vault's credentials, newest first."""
    async with services.pool.acquire() as conn:
        await vaults.get_vault(conn, principal.workspace_id, vault_id)
        return await vaults.list_credentials(conn, principal.workspace_id, vault_id, limit=limit, cursor=cursor)


async def update_credential(
    services: Services,
    principal: Principal,
    vault_id: str,
    credential_id: str,
    params: wire.VaultCredentialUpdateParams,
) -> CredentialRow:
    """Change labels, settings or secrets; the secrets are re-encrypted under the active key.

    Sessions idle with ``credential_failed`` naming this credential are woken: their paused turn
    discovers and calls again with the updated credential.
    """
    keyring = services.require_keyring()
    ws = principal.workspace_id
    now = datetime.now(UTC)
    async with transaction(services.transactions) as conn:
        _writable(await vaults.get_vault(conn, ws, vault_id, lock=True))
        sealed = await vaults.lock_credential(conn, ws, vault_id, credential_id)
        if sealed.archived_at is not None or sealed.secret_ciphertext is None:
            raise ConflictError(f"vault credential {credential_id} is archived and read-only")
        current = await vaults.get_credential(conn, ws, vault_id, credential_id)
        spec = sealed.open(keyring)
        if "auth" in params:
            spec = updated_credential(spec, params["auth"], now=now)
        metadata = merge_metadata(current.metadata, params.get("metadata"))
        if len(metadata) > 16:
            raise InvalidRequestError("metadata: at most 16 pairs")
        key_id, ciphertext = _seal(keyring, ws, vault_id, credential_id, spec)
        change = CredentialChange(
            display_name=params.get("display_name", current.display_name),
            metadata=metadata,
            settings=spec.settings,
            secret_key_id=key_id,
            secret_ciphertext=ciphertext,
        )
        row = await vaults.update_credential(conn, sealed, change, now)
        # A turn paused on this credential's failure (``credential_failed``) tries again with it.
        for paused in await vaults.stopped_on_credential(conn, ws, credential_id):
            await outbox.wake(conn, ws, paused)
    log.info(
        "vault credential updated vault_id=%s credential_id=%s",
        vault_id,
        credential_id,
        extra={"action": "vault_credential.updated"},
    )
    return row


async def delete_credential(services: Services, principal: Principal, vault_id: str, credential_id: str) -> str:
    """Delete a credential and its ciphertext (allowed in archived vaults too)."""
    ws = principal.workspace_id
    async with transaction(services.transactions) as conn:
        await vaults.get_vault(conn, ws, vault_id, lock=True)
        await vaults.lock_credential(conn, ws, vault_id, credential_id)
        await vaults.delete_credential(conn, ws, vault_id, credential_id)
    log.info(
        "vault credential deleted vault_id=%s credential_id=%s",
        vault_id,
        credential_id,
        extra={"action": "vault_credential.deleted"},
    )
    return credential_id


# ---------------------------------------------------------------- server-internal


async def credentials_for(pool: Pool, keyring: Keyring, session: SessionRow, server_url: str) -> McpCredential | None:
    """The credential an MCP connection of ``session`` to ``server_url`` sends, decrypted; None when none.

    The first of the Session's vaults (in ``vault_ids`` order, archived ones skipped) with a live
    ``static_bearer`` or ``mcp_oauth`` credential whose URL matches (scheme, host, port, path)
    supplies it. ``session`` may be a child Thread's execution row: its Session's vaults apply.
    The answer is for the transport only: its secrets print as ``***`` and refuse serialisation.
    """
    async with pool.acquire() as conn:
        return await vaults.credentials_for(conn, keyring, session.id, server_url)
