"""examples/coding-agent/run.py against a real Mango and a real `mango-worker docker`: the offline
model's bash and edit calls run in the worker's containers, the fix lands in the Session workspace,
and the example's independent check (the original tests in a fresh, network-less container) passes.

The Docker engine comes from ``mango_worker.engine.running_engine`` (reused, or started and stopped
here); the test is skipped with the reason when no engine can be had.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mango_server.devstack import Platform, Tenant
from mango_worker.engine import EngineUnavailable, running_engine

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.docker, pytest.mark.slow, pytest.mark.timeout(900)]

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "coding-agent" / "run.py"
RUN_TIMEOUT = 400


@pytest.fixture(scope="module")
def docker_engine() -> Iterator[Any]:
    """A running engine's client; skips when none can be started. Stops only a daemon it started."""
    try:
        with running_engine() as client:
            yield client
    except EngineUnavailable as exc:
        pytest.skip(f"no Docker engine: {exc}")


@pytest.fixture(scope="module")
def runtime_image(docker_engine: Any) -> str:
    from mango_worker.image import build_image

    started = time.monotonic()
    image = build_image()
    print(f"runtime image {image} ready in {time.monotonic() - started:.1f}s")
    return image


def _environment_with_key(platform: Platform, tenant: Tenant) -> tuple[str, str]:
    """A new Environment and an Environment key for it (what `mango environment-key create` does)."""
    import asyncpg
    from mango import Mango
    from mango_server.store import credentials

    with Mango(base_url=platform.base_url, api_key=tenant.api_key) as client:
        environment_id = client.environments.create(name=f"coding-agent-test-{time.monotonic_ns()}").id

    async def create_key() -> str:
        conn = await asyncpg.connect(platform.database_url)
        try:
            return (await credentials.create_environment_key(conn, tenant.workspace_id, environment_id)).secret
        finally:
            await conn.close()

    return environment_id, asyncio.run(create_key())


def test_coding_agent_fixes_the_failing_test_and_the_fix_is_verified_independently(
    mango_platform: Platform, mango_tenant: Tenant, runtime_image: str, tmp_path: Path
) -> None:
    environment_id, environment_key = _environment_with_key(mango_platform, mango_tenant)
    root = tmp_path / "workspaces"
    log_path = tmp_path / "worker.log"
    worker_command = [sys.executable, "-m", "mango_worker.cli", "--log-format", "json", "docker"]
    worker_command += ["--base-url", mango_platform.base_url, "--environment-id", environment_id]
    worker_command += ["--image", runtime_image, "--workspace-root", str(root), "--memory", "512m"]
    worker_command += ["--max-idle", "3", "--stop-grace", "30"]
    # The worker gets only its Environment key; the example only the Workspace API key.
    base_env = {k: v for k, v in os.environ.items() if not k.startswith("MANGO_")}
    worker_env = {**base_env, "MANGO_ENVIRONMENT_KEY": environment_key}
    example_env = {**base_env, "MANGO_BASE_URL": mango_platform.base_url, "MANGO_API_KEY": mango_tenant.api_key}
    with log_path.open("wb") as log:
        worker = subprocess.Popen(worker_command, env=worker_env, stdout=log, stderr=subprocess.STDOUT)
    try:
        started = time.monotonic()
        example = [sys.executable, str(EXAMPLE), "--environment-id", environment_id, "--workspace-root", str(root)]
        example += ["--image", runtime_image, "--turn-timeout", "180"]
        done = subprocess.run(
            example, cwd=REPO, env=example_env, capture_output=True, text=True, timeout=RUN_TIMEOUT, check=False
        )
        print(f"example ran in {time.monotonic() - started:.1f}s:\n{done.stdout}{done.stderr}")
    finally:
        if worker.poll() is None:
            worker.send_signal(signal.SIGTERM)
        try:
            worker_exit = worker.wait(timeout=120)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker_exit = worker.wait()
    output = f"exit {done.returncode}\nstdout:\n{done.stdout}\nstderr:\n{done.stderr}"
    worker_log = log_path.read_text(errors="replace")[-4000:]
    assert done.returncode == 0, f"{output}\nworker log tail:\n{worker_log}"
    assert "turn 1: the tests fail in the workspace, as expected" in done.stdout, output
    assert "tool call: edit " in done.stdout, output
    assert "turn 2: edit applied; the agent's test run passed" in done.stdout, output
    assert "+    return sum(range(first, last + 1))" in done.stdout, output
    assert "independent check in a fresh Docker container" in done.stdout, output
    assert "independent check: PASSED" in done.stdout, output
    assert "cleaned up: session" in done.stdout, output
    assert worker_exit == 0, worker_log
    assert root.is_dir()
    assert not any(root.iterdir()), "the example leaves no workspace behind"
    assert '"action": "container.started"' in log_path.read_text(), worker_log
