"""Operator use cases of the keyring that touch the database: usage per key, verification and re-encryption.

``mango keyring re-encrypt`` moves every stored secret (webhook signing secrets and vault
credential secrets) to the keyring's active key (decrypting with the key it names), in one
transaction, so an older key can then be retired; a restore decrypts every stored secret once to
prove the kept keyring is the right one. Not responsible for the keyring file
(``mango_server.keyring``) or printing (``cli``).
"""

from __future__ import annotations

from collections import Counter

from mango_server.app.operators import operator_transaction
from mango_server.keyring import Keyring
from mango_server.store import vaults, webhooks
from mango_server.store.webhooks import secret_aad


async def usage(database_url: str) -> dict[str, int]:
    """How many stored secrets (webhook and vault credential) each key id encrypts."""
    async with operator_transaction(database_url) as conn:
        counts = Counter(await webhooks.count_by_key(conn))
        counts.update(await vaults.count_by_key(conn))
        return dict(sorted(counts.items()))


async def verify(database_url: str, keyring: Keyring) -> int:
    """Decrypt every stored secret (keeping none), as a restore's proof; returns how many.

    Raises:
        KeyringError: a secret names a key the keyring lacks, or does not authenticate under it.
    """
    checked = 0
    async with operator_transaction(database_url) as conn:
        for row in await webhooks.all_secrets(conn):
            keyring.decrypt(row.secret_key_id, row.secret_ciphertext, secret_aad(row.workspace_id, row.id))
            checked += 1
        for sealed in await vaults.all_secrets(conn):
            if sealed.secret_key_id is None or sealed.secret_ciphertext is None:
                continue
            aad = vaults.secret_aad(sealed.workspace_id, sealed.vault_id, sealed.id)
            keyring.decrypt(sealed.secret_key_id, sealed.secret_ciphertext, aad)
            checked += 1
    return checked


async def reencrypt(database_url: str, keyring: Keyring) -> int:
    """Re-encrypt every secret not under the active key; returns how many were moved."""
    moved = 0
    async with operator_transaction(database_url) as conn:
        for row in await webhooks.all_secrets(conn):
            if row.secret_key_id == keyring.active:
                continue
            aad = secret_aad(row.workspace_id, row.id)
            plain = keyring.decrypt(row.secret_key_id, row.secret_ciphertext, aad)
            key_id, ciphertext = keyring.encrypt(plain, aad)
            await webhooks.set_secret(conn, row.workspace_id, row.id, key_id, ciphertext)
            moved += 1
        for sealed in await vaults.all_secrets(conn):
            if sealed.secret_key_id == keyring.active or sealed.secret_key_id is None:
                continue
            credential_aad = vaults.secret_aad(sealed.workspace_id, sealed.vault_id, sealed.id)
            assert sealed.secret_ciphertext is not None  # listed only when stored
            plain = keyring.decrypt(sealed.secret_key_id, sealed.secret_ciphertext, credential_aad)
            key_id, ciphertext = keyring.encrypt(plain, credential_aad)
            await vaults.set_secret(conn, sealed.id, key_id, ciphertext)
            moved += 1
    return moved
