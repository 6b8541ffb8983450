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
    assert len(set(values.values())) == 4
    assert all(len(v) >= 16 for v in values.values())
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
