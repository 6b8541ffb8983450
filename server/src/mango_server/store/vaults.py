"""Vaults and their credentials: the ``vaults`` and ``vault_credentials`` tables.

A credential row holds its non-secret settings in the clear and its secret fields as one
keyring ciphertext bound to the credential's identity (:func:`secret_aad`). Rows handed to the
API (:class:`CredentialRow`) carry no ciphertext, only whether one is stored. Decrypted material
leaves this module only through :func:`credentials_for`, :func:`environment_secrets` and :func:`material`, as the typed,
unserialisable objects of ``domain.vaults``, for server-internal callers (MCP transports, token
refresh). Not responsible for the rules of credentials (``domain.vaults``), encrypting new
secrets or the Workspace's read-only checks (``app.vaults``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from mango_server.domain.errors import NotFoundError, OverloadedError
from mango_server.domain.paging import Cursor, Page
from mango_server.domain.vaults import (
    CredentialKind,
    CredentialSettings,
    CredentialSpec,
    EnvironmentSecret,
    McpCredential,
    secrets_from_bytes,
    server_url_key,
)
from mango_server.domain.vaults import material as as_material
from mango_server.keyring import Keyring
from mango_server.store.db import Connection, Record, from_record
from mango_server.store.pagination import fetch_page
from mango_server.store.sql_loader import NamedQueries


class Q(NamedQueries, file="vaults"):
    insert_vault: str
    get_vault: str
    lock_vault: str
    update_vault: str
    archive_vault: str
    archive_credentials: str
    delete_vault: str
    list_vaults_base: str
    vault_states: str
    vault_users: str
    insert_credential: str
    live_credential_keys: str
    get_credential: str
    lock_credential: str
    update_credential: str
    delete_credential: str
    list_credentials_base: str
    credential_for_session: str
    environment_secrets_for_session: str
    all_secrets: str
    set_secret: str
    count_by_key: str
    lock_live_credential: str
    set_refreshed: str
    stopped_on_credential: str


@dataclass(frozen=True, slots=True)
class VaultRow:
    """One vault."""

    workspace_id: str
    id: str
    display_name: str
    metadata: dict[str, str]
    created_at: datetime
    updated_at: datetime
    archived_at: datetime | None


@dataclass(frozen=True, slots=True)
class CredentialRow:
    """One credential without its secrets: ``secrets_stored`` says whether its ciphertext is there."""

    workspace_id: str
    id: str
    vault_id: str
    display_name: str | None
    metadata: dict[str, str]
    kind: CredentialKind
    settings: CredentialSettings
    secrets_stored: bool
    created_at: datetime
    updated_at: datetime
    archived_at: datetime | None


@dataclass(frozen=True, slots=True)
class SealedCredential:
    """A credential's settings and encrypted secrets (server-internal: decryption, re-encryption)."""

    workspace_id: str
    id: str
    vault_id: str
    kind: CredentialKind
    settings: CredentialSettings
    secret_key_id: str | None
    secret_ciphertext: bytes | None
    archived_at: datetime | None

    def open(self, keyring: Keyring) -> CredentialSpec:
        """The credential with its secrets decrypted (its ciphertext must be stored)."""
        if self.secret_key_id is None or self.secret_ciphertext is None:
            raise ValueError(f"the secrets of vault credential {self.id} were erased")
        aad = secret_aad(self.workspace_id, self.vault_id, self.id)
        plain = keyring.decrypt(self.secret_key_id, self.secret_ciphertext, aad)
        return CredentialSpec(self.kind, self.settings, secrets_from_bytes(plain))


def secret_aad(workspace_id: str, vault_id: str, credential_id: str) -> bytes:
    """The associated data binding a credential's ciphertext to its Workspace, vault and id."""
    return f"vault-credential\x1f{workspace_id}\x1f{vault_id}\x1f{credential_id}".encode()


def _vault(record: Record | None, vault_id: str) -> VaultRow:
    if record is None:
        raise NotFoundError(f"vault {vault_id} not found")
    return from_record(VaultRow, record)


def _credential(record: Record | None, credential_id: str) -> CredentialRow:
    if record is None:
        raise NotFoundError(f"vault credential {credential_id} not found")
    return from_record(CredentialRow, record)


# ---------------------------------------------------------------- vaults


async def insert_vault(
    conn: Connection, workspace_id: str, vault_id: str, display_name: str, metadata: dict[str, str], now: datetime
) -> VaultRow:
    """A new vault."""
    return _vault(await conn.fetchrow(Q.insert_vault, workspace_id, vault_id, display_name, metadata, now), vault_id)


async def get_vault(conn: Connection, workspace_id: str, vault_id: str, *, lock: bool = False) -> VaultRow:
    """One vault of the Workspace (under its row lock when ``lock``); another Workspace's is not found."""
    return _vault(await conn.fetchrow(Q.lock_vault if lock else Q.get_vault, workspace_id, vault_id), vault_id)


async def update_vault(
    conn: Connection, row: VaultRow, display_name: str, metadata: dict[str, str], now: datetime
) -> VaultRow:
    """Overwrite the writable fields."""
    record = await conn.fetchrow(Q.update_vault, row.workspace_id, row.id, display_name, metadata, now)
    return _vault(record, row.id)


async def archive_vault(conn: Connection, row: VaultRow, now: datetime) -> VaultRow:
    """Archive the vault and its credentials, erasing every secret in it."""
    await conn.execute(Q.archive_credentials, row.id, now)
    return _vault(await conn.fetchrow(Q.archive_vault, row.workspace_id, row.id, now), row.id)


async def delete_vault(conn: Connection, row: VaultRow) -> None:
    """Delete the vault and its credentials."""
    await conn.execute(Q.delete_vault, row.workspace_id, row.id)


async def list_vaults(
    conn: Connection, workspace_id: str, *, limit: int, cursor: Cursor | None, include_archived: bool
) -> Page[VaultRow]:
    """One page of vaults, newest first."""
    sql = Q.list_vaults_base + ("" if include_archived else " AND archived_at IS NULL")
    return await fetch_page(
        conn, sql, [workspace_id], row=lambda r: from_record(VaultRow, r), order="desc", limit=limit, cursor=cursor
    )


async def vault_states(conn: Connection, workspace_id: str, vault_ids: list[str]) -> dict[str, bool]:
    """Whether each of ``vault_ids`` that exists in the Workspace is archived (missing ones are absent).

    The rows are share-locked until the caller's transaction ends, so none is deleted under it.
    """
    return {r["id"]: r["archived"] for r in await conn.fetch(Q.vault_states, workspace_id, vault_ids)}


async def vault_users(conn: Connection, workspace_id: str, vault_id: str) -> list[tuple[str, str]]:
    """A few ``(kind, id)`` of the live Sessions and Deployments that name the vault."""
    return [(r["kind"], r["id"]) for r in await conn.fetch(Q.vault_users, workspace_id, vault_id)]


# ---------------------------------------------------------------- credentials


async def live_credential_keys(conn: Connection, vault_id: str) -> list[tuple[str | None, str | None]]:
    """``(server_key, secret_name)`` of the vault's live credentials."""
    return [(r["server_key"], r["secret_name"]) for r in await conn.fetch(Q.live_credential_keys, vault_id)]


@dataclass(frozen=True)
class NewCredential:
    """A credential to insert: its identity, labels, spec (for the settings and keys) and ciphertext."""

    id: str
    vault_id: str
    display_name: str | None
    metadata: dict[str, str]
    spec: CredentialSpec
    secret_key_id: str
    secret_ciphertext: bytes


async def insert_credential(conn: Connection, workspace_id: str, new: NewCredential, now: datetime) -> CredentialRow:
    """Insert a credential (its id was chosen by the caller: it is the ciphertext's associated data)."""
    record = await conn.fetchrow(
        Q.insert_credential,
        workspace_id,
        new.id,
        new.vault_id,
        new.display_name,
        new.metadata,
        new.spec.kind,
        new.spec.server_key,
        new.spec.secret_name,
        new.spec.settings,
        new.secret_ciphertext,
        new.secret_key_id,
        now,
    )
    return _credential(record, new.id)


async def get_credential(conn: Connection, workspace_id: str, vault_id: str, credential_id: str) -> CredentialRow:
    """One credential of a vault of the Workspace (without its secrets)."""
    record = await conn.fetchrow(Q.get_credential, workspace_id, vault_id, credential_id)
    return _credential(record, credential_id)


async def lock_credential(conn: Connection, workspace_id: str, vault_id: str, credential_id: str) -> SealedCredential:
    """One credential under its row lock, with its encrypted secrets."""
    record = await conn.fetchrow(Q.lock_credential, workspace_id, vault_id, credential_id)
    if record is None:
        raise NotFoundError(f"vault credential {credential_id} not found")
    return from_record(SealedCredential, record)


@dataclass(frozen=True)
class CredentialChange:
    """A credential's new labels, settings and ciphertext."""

    display_name: str | None
    metadata: dict[str, str]
    settings: CredentialSettings
    secret_key_id: str
    secret_ciphertext: bytes


async def update_credential(
    conn: Connection, sealed: SealedCredential, change: CredentialChange, now: datetime
) -> CredentialRow:
    """Overwrite a credential's labels, settings and secrets (its kind and matching key never change)."""
    record = await conn.fetchrow(
        Q.update_credential,
        sealed.workspace_id,
        sealed.vault_id,
        sealed.id,
        change.display_name,
        change.metadata,
        change.settings,
        change.secret_ciphertext,
        change.secret_key_id,
        now,
    )
    return _credential(record, sealed.id)


async def delete_credential(conn: Connection, workspace_id: str, vault_id: str, credential_id: str) -> None:
    """Delete one credential and its ciphertext."""
    await conn.execute(Q.delete_credential, workspace_id, vault_id, credential_id)


async def list_credentials(
    conn: Connection, workspace_id: str, vault_id: str, *, limit: int, cursor: Cursor | None
) -> Page[CredentialRow]:
    """One page of a vault's credentials, newest first."""
    return await fetch_page(
        conn,
        Q.list_credentials_base,
        [workspace_id, vault_id],
        row=lambda r: from_record(CredentialRow, r),
        order="desc",
        limit=limit,
        cursor=cursor,
    )


# ---------------------------------------------------------------- decrypted material (server-internal)


async def credentials_for(conn: Connection, keyring: Keyring, session_id: str, server_url: str) -> McpCredential | None:
    """The credential an MCP connection of ``session_id`` to ``server_url`` sends, decrypted; None when none.

    The Session's vaults are searched in the order of its ``vault_ids``; archived vaults and
    erased credentials are skipped; URLs match by :func:`~mango_server.domain.vaults.server_url_key`.
    A child Thread's execution row uses its Session's vaults.
    """
    record = await conn.fetchrow(Q.credential_for_session, session_id, server_url_key(server_url))
    if record is None:
        return None
    sealed = from_record(SealedCredential, record)
    found = as_material(sealed.vault_id, sealed.id, sealed.open(keyring))
    assert isinstance(found, McpCredential)
    return found


async def environment_secrets(conn: Connection, keyring: Keyring | None, session_id: str) -> list[EnvironmentSecret]:
    """The Session's ``environment_variable`` secrets, decrypted: one per ``secret_name``, the first vault wins.

    Vaults are read in ``vault_ids`` order; archived vaults and erased credentials are skipped. A
    server without a keyring answers an empty list when there is nothing to decrypt, 503 otherwise.
    """
    found: dict[str, EnvironmentSecret] = {}
    for record in await conn.fetch(Q.environment_secrets_for_session, session_id):
        if keyring is None:
            raise OverloadedError("no operator keyring is configured on this server (MANGO_KEYRING_FILE)")
        sealed = from_record(SealedCredential, record)
        secret = as_material(sealed.vault_id, sealed.id, sealed.open(keyring))
        assert isinstance(secret, EnvironmentSecret)
        found.setdefault(secret.secret_name, secret)
    return list(found.values())


async def material(
    conn: Connection, keyring: Keyring, workspace_id: str, vault_id: str, credential_id: str
) -> McpCredential | EnvironmentSecret | None:
    """One credential decrypted (None once its vault was archived and its secrets erased)."""
    sealed = await lock_credential(conn, workspace_id, vault_id, credential_id)
    if sealed.secret_ciphertext is None:
        return None
    return as_material(vault_id, credential_id, sealed.open(keyring))


async def lock_for_refresh(conn: Connection, credential_id: str) -> SealedCredential | None:
    """Lock one credential's row (held by the refresh of its token); None once it is deleted.

    The row lock makes a refresh single-flight across processes: a second refresher waits here
    and then reads the token the first one stored.
    """
    record = await conn.fetchrow(Q.lock_live_credential, credential_id)
    return from_record(SealedCredential, record) if record is not None else None


async def set_refreshed(
    conn: Connection, credential_id: str, settings: CredentialSettings, key_id: str, ciphertext: bytes, now: datetime
) -> None:
    """Store a refreshed token: its settings (expiry) and the re-encrypted secrets."""
    await conn.execute(Q.set_refreshed, credential_id, settings, ciphertext, key_id, now)


async def stopped_on_credential(conn: Connection, workspace_id: str, credential_id: str) -> list[str]:
    """The Sessions' execution rows whose turn is paused on the failure of this credential."""
    return [r["id"] for r in await conn.fetch(Q.stopped_on_credential, workspace_id, credential_id)]


# ---------------------------------------------------------------- operator re-encryption


async def all_secrets(conn: Connection) -> list[SealedCredential]:
    """Every stored credential ciphertext, across Workspaces (operator re-encryption)."""
    return [from_record(SealedCredential, r) for r in await conn.fetch(Q.all_secrets)]


async def set_secret(conn: Connection, credential_id: str, key_id: str, ciphertext: bytes) -> None:
    """Replace a credential's ciphertext (re-encryption: same plain secrets, another key)."""
    await conn.execute(Q.set_secret, credential_id, ciphertext, key_id)


async def count_by_key(conn: Connection) -> dict[str, int]:
    """How many credential ciphertexts each keyring key encrypts."""
    return {r["secret_key_id"]: int(r["n"]) for r in await conn.fetch(Q.count_by_key)}
