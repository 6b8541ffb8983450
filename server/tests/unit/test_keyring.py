"""The operator keyring: AES-GCM round trips, associated data, rotation, the file's mode and no key in reprs."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from mango_server import keyring
from mango_server.keyring import Keyring, KeyringError


def test_round_trip_is_bound_to_its_associated_data() -> None:
    ring = Keyring.generate()
    key_id, blob = ring.encrypt(b"whsec_x", b"row-1")
    assert key_id == ring.active
    assert b"whsec_x" not in blob
    assert ring.decrypt(key_id, blob, b"row-1") == b"whsec_x"
    with pytest.raises(KeyringError):
        ring.decrypt(key_id, blob, b"row-2")
    with pytest.raises(KeyringError):
        ring.decrypt(key_id, blob[:-1] + bytes([blob[-1] ^ 1]), b"row-1")
    # A fresh nonce per encryption.
    assert ring.encrypt(b"whsec_x", b"row-1")[1] != blob


def test_rotation_keeps_old_keys_for_decryption_and_retire_refuses_the_active_key() -> None:
    ring = Keyring.generate()
    old_id, blob = ring.encrypt(b"secret", b"aad")
    rotated = ring.rotated()
    assert rotated.active != old_id
    assert rotated.decrypt(old_id, blob, b"aad") == b"secret"
    assert rotated.encrypt(b"secret", b"aad")[0] == rotated.active
    with pytest.raises(KeyringError):
        rotated.without(rotated.active)
    retired = rotated.without(old_id)
    with pytest.raises(KeyringError, match="no key"):
        retired.decrypt(old_id, blob, b"aad")


def test_file_is_private_and_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "state" / keyring.FILE_NAME
    ring = keyring.load_or_create(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert keyring.load_or_create(path).active == ring.active
    rotated = ring.rotated()
    keyring.save(path, rotated)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    loaded = keyring.load(path)
    assert [k.id for k in loaded.keys] == [k.id for k in rotated.keys]
    key_id, blob = ring.encrypt(b"s", b"a")
    assert loaded.decrypt(key_id, blob, b"a") == b"s"


def test_unreadable_or_missing_keyring_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(KeyringError, match="mango keyring generate"):
        keyring.load(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(KeyringError, match="not valid"):
        keyring.load(bad)
    short = tmp_path / "short.json"
    short.write_text('{"active": "k", "keys": [{"id": "k", "key": "AAAA"}]}')
    with pytest.raises(KeyringError, match="32 bytes"):
        keyring.load(short)
    assert keyring.configured("") is None
    assert keyring.configured(str(tmp_path / "not-yet.json")) is None
    with pytest.raises(KeyringError):
        keyring.configured(str(bad))


def test_no_key_material_in_reprs() -> None:
    ring = Keyring.generate()
    import base64

    material = base64.b64encode(ring.keys[0].key).decode()
    assert material not in repr(ring)
    assert material not in repr(ring.keys[0])
    assert material not in str(ring.keys)
