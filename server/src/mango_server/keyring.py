"""The operator keyring: AES-GCM keys, by key id, that encrypt secrets Mango must read back.

Webhook signing secrets are the first such secrets: the dispatcher needs the plain secret to
sign, so it cannot be hashed like an API key. The keyring is one JSON file
(``{"active": "<key id>", "keys": [{"id", "key", "created_at"}]}``, keys base64) that the
operator mounts (``MANGO_KEYRING_FILE``); ``mango dev`` and the dev stack keep it in their state
directory next to ``credentials.json``, mode 0600, written the same way. New secrets are
encrypted under the active key; older keys stay readable until ``mango keyring re-encrypt`` has
moved every secret to the active key, so keys rotate without downtime.

A ciphertext is ``nonce (12 bytes) || AES-GCM(plain, aad)``; the caller passes the record's
identity as associated data, so a ciphertext copied onto another row does not decrypt.
Responsible for: key generation, the file format, encrypt/decrypt. Not responsible for: which
rows hold ciphertexts (``app.webhooks``, ``app.keyring_admin``). Never logs or reprs a key.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

FILE_NAME = "keyring.json"
_NONCE = 12


class KeyringError(Exception):
    """The keyring is missing, unreadable, or lacks the key a ciphertext names (no key material in the message)."""


@dataclass(frozen=True)
class KeyEntry:
    """One key: its id, its 32 bytes and when it was made."""

    id: str
    key: bytes = field(repr=False)
    created_at: str

    def __repr__(self) -> str:
        return f"KeyEntry(id={self.id!r}, created_at={self.created_at!r})"


@dataclass(frozen=True)
class Keyring:
    """An ordered set of keys, one of them active for new encryptions."""

    active: str
    keys: tuple[KeyEntry, ...]

    def __repr__(self) -> str:
        return f"Keyring(active={self.active!r}, keys={[k.id for k in self.keys]!r})"

    @classmethod
    def generate(cls) -> Keyring:
        """A keyring with one fresh key."""
        entry = _new_entry()
        return cls(entry.id, (entry,))

    def rotated(self) -> Keyring:
        """This keyring with one more, fresh key made active (the old ones stay for decryption)."""
        entry = _new_entry()
        return Keyring(entry.id, (*self.keys, entry))

    def without(self, key_id: str) -> Keyring:
        """This keyring without a retired key (never the active one)."""
        if key_id == self.active:
            raise KeyringError(f"key {key_id} is the active key; rotate first")
        if all(k.id != key_id for k in self.keys):
            raise KeyringError(f"no key {key_id} in the keyring")
        return Keyring(self.active, tuple(k for k in self.keys if k.id != key_id))

    def _key(self, key_id: str) -> bytes:
        for entry in self.keys:
            if entry.id == key_id:
                return entry.key
        raise KeyringError(f"the keyring has no key {key_id}")

    def encrypt(self, plain: bytes, aad: bytes) -> tuple[str, bytes]:
        """``(key id, nonce || ciphertext)`` under the active key."""
        nonce = os.urandom(_NONCE)
        return self.active, nonce + AESGCM(self._key(self.active)).encrypt(nonce, plain, aad)

    def decrypt(self, key_id: str, blob: bytes, aad: bytes) -> bytes:
        """The plain bytes of a ciphertext made by :meth:`encrypt` for the same ``aad``."""
        try:
            return AESGCM(self._key(key_id)).decrypt(blob[:_NONCE], blob[_NONCE:], aad)
        except InvalidTag:
            raise KeyringError(f"a ciphertext under key {key_id} does not authenticate") from None

    def to_json(self) -> str:
        entries = [{"id": k.id, "key": base64.b64encode(k.key).decode(), "created_at": k.created_at} for k in self.keys]
        return json.dumps({"active": self.active, "keys": entries}, indent=2) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Keyring:
        try:
            raw = json.loads(text)
            keys = tuple(
                KeyEntry(str(k["id"]), base64.b64decode(k["key"], validate=True), str(k.get("created_at", "")))
                for k in raw["keys"]
            )
            active = str(raw["active"])
        except (ValueError, KeyError, TypeError):
            raise KeyringError("the keyring file is not valid keyring JSON") from None
        if any(len(k.key) != 32 for k in keys):
            raise KeyringError("every keyring key must be 32 bytes (AES-256)")
        if all(k.id != active for k in keys):
            raise KeyringError(f"the active key {active} is not in the keyring")
        return cls(active, keys)


def _new_entry() -> KeyEntry:
    now = datetime.now(UTC)
    key_id = "key_" + now.strftime("%Y%m%d%H%M%S") + "_" + secrets.token_hex(3)
    return KeyEntry(key_id, AESGCM.generate_key(bit_length=256), now.isoformat())


def load(path: Path) -> Keyring:
    """The keyring at ``path`` (:class:`KeyringError` when missing or unreadable)."""
    try:
        text = path.read_text()
    except FileNotFoundError:
        raise KeyringError(f"no keyring at {path} (create one with `mango keyring generate`)") from None
    return Keyring.from_json(text)


def save(path: Path, keyring: Keyring) -> None:
    """Write the keyring through a temporary file created 0600, then rename it into place.

    The same discipline as the dev stack's ``credentials.json``: no other user can ever read it.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w") as handle:
            handle.write(keyring.to_json())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
        raise


def load_or_create(path: Path) -> Keyring:
    """The keyring at ``path``, generated and stored first when there is none (dev stack start-up)."""
    if path.exists():
        return load(path)
    keyring = Keyring.generate()
    save(path, keyring)
    return keyring


def configured(path_setting: str) -> Keyring | None:
    """The keyring ``MANGO_KEYRING_FILE`` names; ``None`` when unset or not there yet (the role runs
    without webhooks and says so), while a file that is there but unreadable raises."""
    if not path_setting or not Path(path_setting).is_file():
        return None
    return load(Path(path_setting))
