"""Per-Session workspace directories: never writable by every local user."""

from __future__ import annotations

import os
import stat
import struct
from pathlib import Path

import pytest
from mango_worker.container import CONTAINER_UID
from mango_worker.workspace import prepare_workspace


def _acl_users(path: Path, name: str) -> dict[int, int]:
    raw = os.getxattr(path, name)
    entries = [struct.unpack_from("<HHI", raw, 4 + 8 * i) for i in range((len(raw) - 4) // 8)]
    return {uid: perm for tag, perm, uid in entries if tag == 0x02}


def test_non_root_workspace_is_not_world_writable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 4242)
    workspace = prepare_workspace("sesn_acl", tmp_path)
    path = Path(workspace.source)
    mode = stat.S_IMODE(path.stat().st_mode)
    assert mode & 0o007 == 0, oct(mode)  # nothing for other local users
    assert _acl_users(path, "system.posix_acl_access") == {CONTAINER_UID: 7, 4242: 7}
    assert _acl_users(path, "system.posix_acl_default") == {CONTAINER_UID: 7, 4242: 7}


def test_reused_workspace_keeps_its_mode(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 4242)
    first = prepare_workspace("sesn_again", tmp_path)
    again = prepare_workspace("sesn_again", tmp_path)
    assert first == again
    assert stat.S_IMODE(Path(again.source).stat().st_mode) & 0o007 == 0
