"""``mango file upload|download`` and ``mango skill upload`` against the real server (S3 on SeaweedFS):
bytes round-trip intact, metadata is printed as JSON, a directory becomes a Skill and new versions."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mango_server.devstack import Platform, Tenant

from ._client import client

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]


def mango(platform: Platform, tenant: Tenant, *args: str) -> dict[str, Any]:
    """Run ``python -m mango_server ARGS`` as a client and return the JSON line it printed."""
    env = {**os.environ, "MANGO_BASE_URL": platform.base_url, "MANGO_API_KEY": tenant.api_key}
    done = subprocess.run(
        [sys.executable, "-m", "mango_server", *args], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # not a terminal: no progress bar
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_file_upload_and_download_round_trip(mango_platform: Platform, mango_tenant: Tenant, tmp_path: Path) -> None:
    data = os.urandom(3 * 1024 * 1024 + 17)
    source = tmp_path / "payload.bin"
    source.write_bytes(data)
    uploaded = mango(mango_platform, mango_tenant, "file", "upload", str(source))
    assert uploaded["filename"] == "payload.bin"
    assert uploaded["size_bytes"] == len(data)
    assert uploaded["sha256"] == hashlib.sha256(data).hexdigest()
    target = tmp_path / "copy.bin"
    downloaded = mango(mango_platform, mango_tenant, "file", "download", uploaded["id"], str(target))
    assert downloaded["id"] == uploaded["id"]
    assert target.read_bytes() == data
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy.bin", "payload.bin"]


def test_file_download_of_an_unknown_file_fails_cleanly(
    mango_platform: Platform, mango_tenant: Tenant, tmp_path: Path
) -> None:
    env = {**os.environ, "MANGO_BASE_URL": mango_platform.base_url, "MANGO_API_KEY": mango_tenant.api_key}
    done = subprocess.run(
        [sys.executable, "-m", "mango_server", "file", "download", "file_missing", str(tmp_path / "x")],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stderr.startswith("mango: ")
    assert list(tmp_path.iterdir()) == []


def test_skill_upload_from_a_directory_then_a_new_version(
    mango_platform: Platform, mango_tenant: Tenant, tmp_path: Path
) -> None:
    root = tmp_path / "pdf"
    (root / "scripts").mkdir(parents=True)
    (root / "SKILL.md").write_text("---\nname: pdf-tools\ndescription: Fill PDF forms.\n---\n\nRun scripts/fill.py.\n")
    (root / "scripts" / "fill.py").write_text("print('fill')\n")
    skill = mango(mango_platform, mango_tenant, "skill", "upload", str(root), "--display-title", "PDF tools")
    assert skill["display_title"] == "PDF tools"
    assert skill["latest_version"] == "1"
    (root / "SKILL.md").write_text("---\nname: pdf-tools\ndescription: Version two.\n---\n")
    version = mango(mango_platform, mango_tenant, "skill", "upload", str(root), "--skill", skill["id"])
    assert version["version"] == "2"
    assert version["directory"] == "pdf"
    assert version["description"] == "Version two."
    assert version["member_count"] == 2
    with client(mango_platform, mango_tenant) as http:
        archive = http.get(f"/v1/skills/{skill['id']}/versions/2/content").content
    assert len(archive) == version["archive_size_bytes"]
    assert hashlib.sha256(archive).hexdigest() == version["archive_sha256"]
