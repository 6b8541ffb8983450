"""Operator use cases of the keyring that touch the database: usage per key and re-encryption.

``mango keyring re-encrypt`` moves every stored secret to the keyring's active key (decrypting
with the key it names), in one transaction, so an older key can then be retired. Not
responsible for the keyring file (``mango_server.keyring``) or printing (``cli``).
"""

from __future__ import annotations

from mango_server.app.operators import operator_transaction
from mango_server.keyring import Keyring
from mango_server.store import webhooks
from mango_server.store.webhooks import secret_aad


async def usage(database_url: str) -> dict[str, int]:
    """How many stored secrets each key id encrypts."""
    async with operator_transaction(database_url) as conn:
        return await webhooks.count_by_key(conn)


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
    return moved
