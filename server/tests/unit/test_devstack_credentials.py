"""The dev stack's credentials file: private from its first byte, reused, regenerated when broken."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from mango_server.devstack import _credentials


def test_generated_once_then_reused(tmp_path: Path) -> None:
    first = _credentials.load_or_create(tmp_path)
    second = _credentials.load_or_create(tmp_path)
    assert first.created
    assert not second.created
    assert first.credentials == second.credentials
    values = json.loads((tmp_path / _credentials.FILE_NAME).read_text())
    assert len(set(values.values())) == len(values) == 11
    assert all(len(v) >= 16 for v in values.values())
    assert values["seaweed_tls_key_pem"].startswith("-----BEGIN PRIVATE KEY-----")
    assert stat.S_IMODE((tmp_path / _credentials.FILE_NAME).stat().st_mode) == 0o600


def test_the_file_is_0600_before_a_byte_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    real_fdopen = os.fdopen

    def spy(fd: int, *args: object, **kwargs: object) -> object:
        seen.append(stat.S_IMODE(os.fstat(fd).st_mode))
        assert os.fstat(fd).st_size == 0
        return real_fdopen(fd, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(os, "fdopen", spy)
    old = os.umask(0)  # a permissive umask must not widen the file
    try:
        _credentials.load_or_create(tmp_path)
    finally:
        os.umask(old)
    assert seen == [0o600]
    assert [p.name for p in tmp_path.iterdir()] == [_credentials.FILE_NAME]


def test_a_widened_file_is_narrowed_and_a_broken_one_regenerated(tmp_path: Path) -> None:
    path = tmp_path / _credentials.FILE_NAME
    created = _credentials.load_or_create(tmp_path).credentials
    path.chmod(0o644)
    assert _credentials.load_or_create(tmp_path).credentials == created
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    path.write_text("{not json")
    again = _credentials.load_or_create(tmp_path)
    assert again.created
    assert again.credentials != created


def test_repr_never_shows_a_secret(tmp_path: Path) -> None:
    credentials = _credentials.load_or_create(tmp_path).credentials
    assert credentials.postgres_password not in repr(credentials)
    assert credentials.nats_token not in f"{credentials!r}"
    assert credentials.seaweed_tls_key_pem not in repr(credentials.seaweed_tls)


def test_the_seaweedfs_identity_is_signed_by_its_own_ca_which_can_sign_nothing_more() -> None:
    from cryptography import x509
    from cryptography.hazmat.primitives.asymmetric import ec
    from mango_server.devstack import _tls

    identity = _tls.generate()
    ca = x509.load_pem_x509_certificate(identity.ca_pem.encode())
    leaf = x509.load_pem_x509_certificate(identity.cert_pem.encode())
    leaf.verify_directly_issued_by(ca)
    assert ca.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    assert not leaf.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    names = leaf.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert [str(ip) for ip in names.get_values_for_type(x509.IPAddress)] == ["127.0.0.1"]
    # The PEM carries the leaf key only: nothing else could issue a certificate the stack trusts.
    assert identity.key_pem.count("PRIVATE KEY-----") == 2
    assert isinstance(leaf.public_key(), ec.EllipticCurvePublicKey)
    assert identity.key_pem not in repr(identity)
    assert _tls.generate().ca_pem != identity.ca_pem
