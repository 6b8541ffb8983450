"""On a real engine: an item whose workspace grows past the quota is stopped (SIGTERM, short grace)
and removed, and what it wrote stops growing; an item under the quota runs to its end."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from mango_worker import launcher as launcher_module
from mango_worker.container import ItemIds, Limits, Network
from mango_worker.launcher import DockerLauncher
from mango_worker.quota import WorkspaceQuota, workspace_usage
from mango_worker.workspace import prepare_workspace

pytestmark = [pytest.mark.docker, pytest.mark.timeout(600)]

MIB = 1024 * 1024
# Stands in for an agent's bash filling the workspace: 1 MiB every 50 ms, for up to 60 s. Like the
# item runner, it exits 143 on SIGTERM.
FILL = (
    "trap 'exit 143' TERM; for i in $(seq 1 1200); do "
    "head -c 1048576 /dev/urandom > /workspace/fill-$i || exit 9; sleep 0.05; done; exit 0"
)


def _launcher(client: Any, image: str, tmp_path: Path, quota_bytes: int) -> DockerLauncher:
    sockets = tmp_path / "api"
    sockets.mkdir(exist_ok=True)
    quota = WorkspaceQuota(quota_bytes, interval=0.2, client=client)
    return DockerLauncher(client, image, Limits(memory="256m", pids=64), Network(str(sockets)), quota=quota)


@pytest.fixture
def agent_command(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    command = ["bash", "-c", FILL]
    real = launcher_module.container_config

    def config(*args: Any, **kwargs: Any) -> dict[str, Any]:
        built = real(*args, **kwargs)
        built["command"] = command
        return built

    monkeypatch.setattr(launcher_module, "container_config", config)
    return command


async def test_an_item_over_its_workspace_quota_is_stopped(
    docker_engine: Any, runtime_image: str, tmp_path: Path, agent_command: list[str]
) -> None:
    workspace = prepare_workspace("sesn_quota", tmp_path / "workspaces")
    ids = ItemIds("work_quota", "env_quota", "sesn_quota", "http://127.0.0.1:9")
    began = time.monotonic()
    outcome = await _launcher(docker_engine, runtime_image, tmp_path, 8 * MIB).run(ids, workspace, "s3cr3t")
    seconds = time.monotonic() - began
    assert outcome.quota_exceeded is not None, outcome
    assert outcome.exit_code == 143, outcome
    assert seconds < 45  # far less than the 60 s the filler would have run
    used, _ = workspace_usage(workspace.source)
    assert 8 * MIB < used < 40 * MIB
    await asyncio.sleep(0.5)
    assert workspace_usage(workspace.source)[0] == used  # nothing writes any more
    assert docker_engine.containers.list(all=True, filters={"name": "mango-work-work_quota"}) == []


async def test_an_item_under_its_workspace_quota_runs_to_its_end(
    docker_engine: Any, runtime_image: str, tmp_path: Path, agent_command: list[str]
) -> None:
    agent_command[2] = "head -c 1048576 /dev/urandom > /workspace/small && sleep 1 && exit 0"
    workspace = prepare_workspace("sesn_small", tmp_path / "workspaces")
    ids = ItemIds("work_small", "env_small", "sesn_small", "http://127.0.0.1:9")
    outcome = await _launcher(docker_engine, runtime_image, tmp_path, 8 * MIB).run(ids, workspace, "s3cr3t")
    assert outcome.exit_code == 0, outcome
    assert outcome.quota_exceeded is None
