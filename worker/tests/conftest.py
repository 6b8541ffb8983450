"""Fixtures for worker tests: a Docker engine (reused or started), and the runtime image.

``docker_engine`` uses the engine behind ``/var/run/docker.sock`` when it answers. Otherwise it
installs ``docker.io`` when ``dockerd`` is missing (as root), starts ``dockerd --bridge=none
--iptables=false`` in the background, waits for the socket and, at the end of the session, stops
only the daemon it started (by pid). When no engine can be had, Docker tests are skipped with the
reason. ``runtime_image`` builds the image with ``worker/image/build.sh`` (cached; see the docs).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

SOCKET = "/var/run/docker.sock"
START_TIMEOUT = 60.0


def _client() -> Any | None:
    import docker

    if not os.path.exists(SOCKET):
        return None
    try:
        client = docker.DockerClient(base_url=f"unix://{SOCKET}", timeout=300)
        client.ping()
    except Exception:
        return None
    return client


def _install_dockerd() -> str | None:
    if shutil.which("dockerd"):
        return None
    if os.geteuid() != 0:
        return "dockerd is not installed and installing docker.io needs root"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "docker.io"]):
        done = subprocess.run(command, env=env, capture_output=True, timeout=900, check=False)
        if done.returncode != 0:
            return f"{' '.join(command)} failed with exit code {done.returncode}"
    return None if shutil.which("dockerd") else "docker.io installed no dockerd"


def _start_dockerd(state: Path) -> subprocess.Popen[bytes]:
    command = [
        "dockerd",
        "--bridge=none",
        "--iptables=false",
        "--ip6tables=false",
        f"--host=unix://{SOCKET}",
        f"--exec-root={state / 'exec'}",
        f"--pidfile={state / 'dockerd.pid'}",
    ]
    with (state / "dockerd.log").open("wb") as log:
        return subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


@pytest.fixture(scope="session")
def docker_engine() -> Iterator[Any]:
    """A ``docker.DockerClient`` for a running engine; skips the test when none can be started."""
    client = _client()
    if client is not None:
        yield client
        client.close()
        return
    reason = _install_dockerd()
    if reason is not None:
        pytest.skip(f"no Docker engine: {reason}")
    if os.geteuid() != 0:
        pytest.skip("no Docker engine: starting dockerd needs root")
    state = Path(tempfile.mkdtemp(prefix="mango-dockerd-"))
    daemon = _start_dockerd(state)
    deadline = time.monotonic() + START_TIMEOUT
    while (client := _client()) is None and daemon.poll() is None and time.monotonic() < deadline:
        time.sleep(0.2)
    try:
        if client is None:
            tail = (state / "dockerd.log").read_bytes()[-500:].decode(errors="replace")
            pytest.skip(f"no Docker engine: dockerd did not answer within {START_TIMEOUT:.0f}s: {tail}")
        yield client
        client.close()
    finally:
        if daemon.poll() is None:
            daemon.send_signal(signal.SIGTERM)
            try:
                daemon.wait(timeout=30)
            except subprocess.TimeoutExpired:
                daemon.kill()
                daemon.wait()
        shutil.rmtree(state, ignore_errors=True)


@pytest.fixture(scope="session")
def runtime_image(docker_engine: Any) -> str:
    """The runtime image reference, built (or reused from the cache) once per session."""
    from mango_worker.image import build_image

    started = time.monotonic()
    image = build_image()
    print(f"runtime image {image} ready in {time.monotonic() - started:.1f}s")
    return image
