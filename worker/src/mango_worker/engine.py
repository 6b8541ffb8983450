"""A Docker engine for tests and examples: reuse the running one, or start one and stop it after.

``running_engine()`` yields a ``docker.DockerClient``. It uses the engine behind
``/var/run/docker.sock`` when it answers; otherwise it installs ``docker.io`` when ``dockerd`` is
missing (as root), starts ``dockerd --bridge=none --iptables=false`` in the background (no bridge
network, so containers only get ``host`` or ``none``), waits for the socket and, on exit, stops
only the daemon it started, by pid. When no engine can be had it raises
:class:`EngineUnavailable` with the reason, so callers can report a skip instead of a pass.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

SOCKET = "/var/run/docker.sock"
START_TIMEOUT = 60.0


class EngineUnavailable(Exception):
    """No Docker engine answers and none could be started; the message says why."""


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


def _install_dockerd() -> None:
    if shutil.which("dockerd"):
        return
    if os.geteuid() != 0:
        raise EngineUnavailable("dockerd is not installed and installing docker.io needs root")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "docker.io"]):
        done = subprocess.run(command, env=env, capture_output=True, timeout=900, check=False)
        if done.returncode != 0:
            raise EngineUnavailable(f"{' '.join(command)} failed with exit code {done.returncode}")
    if not shutil.which("dockerd"):
        raise EngineUnavailable("docker.io installed no dockerd")


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


def _stop(daemon: subprocess.Popen[bytes]) -> None:
    if daemon.poll() is None:
        daemon.send_signal(signal.SIGTERM)
        try:
            daemon.wait(timeout=30)
        except subprocess.TimeoutExpired:
            daemon.kill()
            daemon.wait()


@contextlib.contextmanager
def running_engine() -> Iterator[Any]:
    """A client for a running engine (see the module docstring)."""
    client = _client()
    if client is not None:
        with contextlib.closing(client):
            yield client
        return
    _install_dockerd()
    if os.geteuid() != 0:
        raise EngineUnavailable("starting dockerd needs root")
    state = Path(tempfile.mkdtemp(prefix="mango-dockerd-"))
    daemon = _start_dockerd(state)
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while (client := _client()) is None and daemon.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        if client is None:
            tail = (state / "dockerd.log").read_bytes()[-500:].decode(errors="replace")
            raise EngineUnavailable(f"dockerd did not answer within {START_TIMEOUT:.0f}s: {tail}")
        with contextlib.closing(client):
            yield client
    finally:
        _stop(daemon)
        shutil.rmtree(state, ignore_errors=True)
