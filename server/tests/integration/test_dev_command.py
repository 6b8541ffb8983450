"""``mango dev``: the whole platform on embedded defaults; Ctrl+C stops it; a second run reuses the state."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from mango_server.devstack._ports import free_port

pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(300)]


def _read_env(path: Path) -> dict[str, str]:
    values = {}
    for line in path.read_text().splitlines():
        name, _, value = line.removeprefix("export ").partition("=")
        values[name] = value
    return values


def _start(state: Path, port: int) -> tuple[subprocess.Popen[str], dict[str, str]]:
    env_file = state / "dev.env"
    started = time.time()
    proc = subprocess.Popen(
        [sys.executable, "-m", "mango_server", "dev", "--state-dir", str(state)],
        env={**os.environ, "MANGO_API_PORT": str(port)},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    deadline = time.monotonic() + 120

    def written() -> bool:  # dev.env is (re)written once the platform is ready
        return env_file.exists() and env_file.stat().st_mtime >= started

    while not written() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.2)
    assert written(), proc.communicate(timeout=30)[0] if proc.poll() is not None else "dev.env never written"
    return proc, _read_env(env_file)


def _stop(proc: subprocess.Popen[str]) -> str:
    proc.send_signal(signal.SIGINT)
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)  # an impatient second Ctrl+C must not leave services behind
    output, _ = proc.communicate(timeout=90)
    return output


def _children_of(state: Path) -> list[str]:
    ps = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True, check=True).stdout
    return [line for line in ps.splitlines() if str(state) in line]


def test_dev_starts_everything_stops_on_ctrl_c_and_reuses_state(tmp_path: Path) -> None:
    state = tmp_path / ".mango"
    port = free_port()
    proc, env = _start(state, port)
    try:
        assert env["MANGO_BASE_URL"] == f"http://127.0.0.1:{port}"
        headers = {"authorization": f"Bearer {env['MANGO_API_KEY']}"}
        with httpx.Client(base_url=env["MANGO_BASE_URL"], headers=headers, timeout=30) as http:
            agent = http.post("/v1/agents", json={"name": "dev", "model": "mango-offline-1"}).json()
    finally:
        output = _stop(proc)
    assert "source " in output
    assert env["MANGO_API_KEY"] in output
    assert proc.returncode == 0
    assert _children_of(state) == [], "mango dev left processes running"

    proc, again = _start(state, port)
    try:
        assert again["MANGO_API_KEY"] == env["MANGO_API_KEY"]
        with httpx.Client(base_url=again["MANGO_BASE_URL"], headers=headers, timeout=30) as http:
            assert http.get(f"/v1/agents/{agent['id']}").json()["name"] == "dev"
    finally:
        _stop(proc)
    assert _children_of(state) == []
