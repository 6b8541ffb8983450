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
        # Started as a shell's background job starts it, with SIGINT ignored (``exec`` keeps that):
        # Ctrl+C must stop it all the same.
        ["sh", "-c", 'trap "" INT; exec "$0" -m mango_server dev --state-dir "$1"', sys.executable, str(state)],
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
    # A first start prints one progress line, then the banner (the migrations go to logs/dev.log).
    before_banner = output.split("Mango is running.")[0].strip().splitlines()
    assert before_banner == ["==> starting Mango (PostgreSQL, Temporal, NATS, SeaweedFS, api, orchestrator)..."], output
    assert "applied migration" in (state / "logs" / "dev.log").read_text()
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


def _role_pid(parent: int, role: str) -> int | None:
    ps = subprocess.run(["ps", "-o", "pid=,args=", "--ppid", str(parent)], capture_output=True, text=True).stdout
    pids = [int(line.split()[0]) for line in ps.splitlines() if f"mango_server {role}" in line]
    return pids[0] if pids else None


class _Impostor:
    """Someone else's server on a port: it answers 200 to everything, readiness included."""

    def __init__(self) -> None:
        import http.server
        import threading

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self.send_response(200)
                self.end_headers()
                self.wfile.write(b'{"status": "ready"}')

            def log_message(self, *args: object) -> None:
                return None

        self.server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        self.port = int(self.server.server_address[1])
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def test_dev_refuses_an_explicit_port_another_process_holds(tmp_path: Path) -> None:
    impostor = _Impostor()
    try:
        result = subprocess.run(
            [sys.executable, "-m", "mango_server", "dev", "--state-dir", str(tmp_path / ".mango")],
            env={**os.environ, "MANGO_API_PORT": str(impostor.port)},
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        impostor.close()
    assert result.returncode == 2, result.stdout + result.stderr
    assert f"port {impostor.port} (MANGO_API_PORT) is already in use" in result.stderr
    assert "Mango is running" not in result.stdout
    assert _children_of(tmp_path / ".mango") == []


def test_dev_moves_off_a_taken_port_restarts_a_crashed_role_and_stops_cleanly(tmp_path: Path) -> None:
    state = tmp_path / ".mango"
    state.mkdir()
    impostor = _Impostor()
    (state / "dev.env").write_text(f"export MANGO_API_PORT={impostor.port}\n")  # the last run's port, now taken
    env = {k: v for k, v in os.environ.items() if k != "MANGO_API_PORT"}
    started = time.time()
    proc = subprocess.Popen(
        # Started as a shell's background job starts it, with SIGINT ignored (``exec`` keeps that):
        # Ctrl+C must stop it all the same.
        ["sh", "-c", 'trap "" INT; exec "$0" -m mango_server dev --state-dir "$1"', sys.executable, str(state)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if (state / "dev.env").stat().st_mtime >= started and "MANGO_API_KEY" in (state / "dev.env").read_text():
                break
            time.sleep(0.2)
        values = _read_env(state / "dev.env")
        assert values["MANGO_API_PORT"] != str(impostor.port)
        headers = {"authorization": f"Bearer {values['MANGO_API_KEY']}"}
        with httpx.Client(base_url=values["MANGO_BASE_URL"], headers=headers, timeout=30) as http:
            assert http.get("/v1/agents").status_code == 200  # our api, not the impostor
            pid = _role_pid(proc.pid, "orchestrator")
            assert pid is not None
            os.kill(pid, signal.SIGKILL)
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                again = _role_pid(proc.pid, "orchestrator")
                if again is not None and again != pid:
                    break
                time.sleep(0.2)
            else:
                raise AssertionError("the crashed orchestrator was not restarted")
            assert proc.poll() is None, "mango dev stopped instead of restarting the role"
    finally:
        impostor.close()
        stopping = time.monotonic()
        proc.send_signal(signal.SIGINT)
        output, _ = proc.communicate(timeout=60)
    assert time.monotonic() - stopping < 20, "Ctrl+C took too long"
    assert proc.returncode == 0, output
    assert "restarting in" in output
    assert output.count("==>") <= 4, output  # one progress line, the port move, the restart, the stop
    assert _children_of(state) == []
