"""The workspace quota: what counts, and that the launcher stops an item whose workspace grows past it."""

from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path

import docker.errors
import pytest
from mango_worker import quota as quota_module
from mango_worker.cli import _quota_bytes, main
from mango_worker.container import ItemIds, Limits, Network
from mango_worker.launcher import DockerLauncher
from mango_worker.quota import WorkspaceQuota, workspace_usage
from mango_worker.workspace import Workspace

from .fakes import FakeDocker

IDS = ItemIds("work_q", "env_q", "sesn_q", "http://127.0.0.1:8000")
NETWORK = Network("/tmp/mango-api-q")
MIB = 1024 * 1024


@pytest.fixture(autouse=True)
def _fake_not_found(monkeypatch: pytest.MonkeyPatch) -> None:
    from . import fakes

    monkeypatch.setattr(docker.errors, "NotFound", fakes.NotFound)


def _fill(path: Path, size: int) -> None:
    path.write_bytes(os.urandom(size))


def test_usage_counts_allocated_bytes_once_and_never_follows_symlinks(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    _fill(outside / "big", 4 * MIB)
    ws = tmp_path / "ws"
    (ws / "sub").mkdir(parents=True)
    _fill(ws / "sub" / "data", MIB)
    os.link(ws / "sub" / "data", ws / "hardlink")
    (ws / "escape").symlink_to(outside)
    with (ws / "sparse").open("wb") as handle:
        handle.truncate(1024 * MIB)  # a 1 GiB hole allocates nothing
    usage, unreadable = workspace_usage(str(ws))
    assert unreadable is None
    assert MIB <= usage < 2 * MIB


def test_an_unreadable_folder_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "hidden").mkdir()
    real_scandir = os.scandir

    def scandir(path: str) -> object:
        if path.endswith("hidden"):
            raise PermissionError(13, "Permission denied", path)
        return real_scandir(path)

    monkeypatch.setattr(quota_module.os, "scandir", scandir)
    assert workspace_usage(str(tmp_path))[1] == str(tmp_path / "hidden")


async def test_an_item_over_its_quota_is_stopped_with_the_short_grace(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    client = FakeDocker(hang=True)
    quota = WorkspaceQuota(2 * MIB, interval=0.05)
    launcher = DockerLauncher(client, "img", Limits(), NETWORK, stop_grace=120, quota=quota, quota_grace=3)
    running = asyncio.create_task(launcher.run(IDS, Workspace(str(tmp_path), is_volume=False), "s3cr3t"))
    assert await asyncio.to_thread(client.created_event.wait, 5)
    assert await asyncio.to_thread(client.created[0].started.wait, 5)
    await asyncio.sleep(0.2)
    assert not running.done()  # under the quota: it keeps running
    _fill(tmp_path / "grown", 3 * MIB)
    outcome = await asyncio.wait_for(running, 10)
    (container,) = client.created
    assert container.calls == ["attach", "start", "stop", "remove"]
    assert container.stop_timeout == 3
    assert outcome.exit_code == 143
    assert outcome.quota_exceeded is not None
    assert outcome.quota_exceeded.usage_bytes > 2 * MIB
    assert "workspace.quota_exceeded" in [getattr(r, "action", None) for r in caplog.records]


async def test_an_item_under_its_quota_ends_normally(tmp_path: Path) -> None:
    client = FakeDocker(exit_code=0)
    launcher = DockerLauncher(client, "img", Limits(), NETWORK, quota=WorkspaceQuota(MIB, interval=0.05))
    outcome = await launcher.run(IDS, Workspace(str(tmp_path), is_volume=False), "s3cr3t")
    assert outcome.exit_code == 0
    assert outcome.quota_exceeded is None
    assert client.created[0].calls == ["attach", "start", "remove"]


async def test_a_volume_that_cannot_be_measured_is_not_stopped(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    client = FakeDocker(exit_code=0)
    launcher = DockerLauncher(client, "img", Limits(), NETWORK, quota=WorkspaceQuota(MIB, interval=0.05))
    outcome = await launcher.run(IDS, Workspace("mango-session-sesn_q", is_volume=True), "s3cr3t")
    assert outcome.exit_code == 0
    assert "workspace.quota_unenforced" in [getattr(r, "action", None) for r in caplog.records]


def test_the_quota_option(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert _quota_bytes("10g", 5) == 10 * 1024**3
    assert _quota_bytes("off", 5) is None
    monkeypatch.setenv("MANGO_ENVIRONMENT_KEY", "envkey")
    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", [])
    monkeypatch.setattr(root, "level", root.level)
    argv = ["docker", "--base-url", "http://127.0.0.1:8000", "--environment-id", "env_1", "--workspace-quota", "lots"]
    assert main(argv) == 2
    assert "not a size" in capsys.readouterr().err
