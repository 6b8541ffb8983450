"""The wire shape of vaults and their credentials, built from typed rows.

A credential's secret fields never appear: ``auth`` shows its settings and, for each secret
field, only whether it is set (``domain.vaults.public_auth``). Not responsible for reading them
(``store.vaults``).
"""

from __future__ import annotations

from mango_server.api.encoding import rfc3339, rfc3339_or_none
from mango_server.domain._generated import wire
from mango_server.domain.vaults import public_auth
from mango_server.store.vaults import CredentialRow, VaultRow


def vault(row: VaultRow) -> wire.Vault:
    """One vault."""
    return {
        "type": "vault",
        "id": row.id,
        "display_name": row.display_name,
        "metadata": row.metadata,
        "created_at": rfc3339(row.created_at),
        "updated_at": rfc3339(row.updated_at),
        "archived_at": rfc3339_or_none(row.archived_at),
    }


def vault_deleted(vault_id: str) -> wire.VaultDeleted:
    """The answer to a vault delete."""
    return {"type": "vault_deleted", "id": vault_id}


def credential(row: CredentialRow) -> wire.VaultCredential:
    """One credential, its secrets only as ``*_set`` flags."""
    return {
        "type": "vault_credential",
        "id": row.id,
        "vault_id": row.vault_id,
        "display_name": row.display_name,
        "metadata": row.metadata,
        "auth": public_auth(row.kind, row.settings, secrets_stored=row.secrets_stored),
        "created_at": rfc3339(row.created_at),
        "updated_at": rfc3339(row.updated_at),
        "archived_at": rfc3339_or_none(row.archived_at),
    }


def credential_deleted(credential_id: str) -> wire.VaultCredentialDeleted:
    """The answer to a credential delete."""
    return {"type": "vault_credential_deleted", "id": credential_id}
