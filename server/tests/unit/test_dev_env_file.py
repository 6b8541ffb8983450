"""``mango dev`` writes ``dev.env`` (it holds the API key) readable by its owner only, before any byte."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from mango_server import devmode


def test_env_file_is_private_before_the_first_byte(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "dev.env"
    path.write_text("old\n")
    path.chmod(0o644)  # an older copy with a wide mode must not leak the new key either
    modes: list[int] = []
    real_write = os.write

    def spy(fd: int, data: bytes) -> int:
        modes.append(stat.S_IMODE(os.fstat(fd).st_mode))
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", spy)
    old_umask = os.umask(0)
    try:
        devmode.write_private(path, "export MANGO_API_KEY=mango_sk_x\n")
    finally:
        os.umask(old_umask)
    assert modes
    assert set(modes) == {0o600}
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.read_text() == "export MANGO_API_KEY=mango_sk_x\n"


def test_env_file_created_private(tmp_path: Path) -> None:
    path = tmp_path / "fresh.env"
    old_umask = os.umask(0)
    try:
        devmode.write_private(path, "x=1\n")
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
