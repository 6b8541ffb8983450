"""The webhook commands on the real components: ``mango webhook listen --create`` prints verified
deliveries, and ``mango keyring rotate`` / ``re-encrypt`` / ``retire`` move stored secrets to a new
key without breaking delivery."""

from __future__ import annotations

import json
import os
import queue
import signal
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from mango_server import keyring
from mango_server.devstack import DevStack, Platform
from mango_server.devstack._ports import free_port
from standardwebhooks import Webhook

from ._client import client, new_session
from ._webhook_receiver import Receiver

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]


@pytest.fixture
def platform(mango_services: DevStack, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    """A platform with a keyring of its own (these tests rotate and retire its keys)."""
    ring = tmp_path / "keyring.json"
    keyring.save(ring, keyring.Keyring.generate())
    env = {"MANGO_EGRESS_ALLOW": "127.0.0.1/32", "MANGO_KEYRING_FILE": str(ring)}
    running = Platform(mango_services, tmp_path_factory.mktemp("webhook-cli"), extra_env=env).start()
    try:
        yield running
    finally:
        running.stop()
    leaks = running.leaks()
    if leaks:
        pytest.fail(f"secrets reached the logs: {leaks}")


def mango(platform: Platform, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "mango_server", *args],
        env={**os.environ, **platform.env()},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


class _Lines:
    """Lines of a child's stdout, read by a thread (select on a buffered pipe misses buffered lines)."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._pump, args=(proc,), daemon=True).start()

    def _pump(self, proc: subprocess.Popen[str]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def until(self, needle: str, timeout: float) -> list[str]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                continue
            self.seen.append(line)
            if needle in line:
                return list(self.seen)
        raise AssertionError(f"no line with {needle!r} within {timeout}s: {self.seen}")


def test_listen_creates_its_endpoint_and_prints_verified_deliveries(platform: Platform) -> None:
    tenant = platform.create_tenant("wh-listen")
    port = free_port()
    env = {**os.environ, **platform.env(), "MANGO_BASE_URL": platform.base_url, "MANGO_API_KEY": tenant.api_key}
    listen = subprocess.Popen(
        [sys.executable, "-u", "-m", "mango_server", "webhook", "listen", "--create", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    output = _Lines(listen)
    try:
        started = output.until("listening on", 30)
        assert any("created webhook whk_" in line for line in started)
        with client(platform, tenant) as http:
            [hook] = http.get("/v1/webhooks").json()["data"]
            assert hook["url"] == f"http://127.0.0.1:{port}/"
            sid = new_session(http, "wh-listen")
            lines = output.until(f"session.created {sid}", 30)
        assert any(line.startswith("[verified]") and sid in line for line in lines)
        assert not any("INVALID" in line for line in lines)
    finally:
        listen.send_signal(signal.SIGINT)
        listen.wait(timeout=20)
        assert listen.stdout is not None
        listen.stdout.close()
    with client(platform, tenant) as http:
        assert http.get("/v1/webhooks").json()["data"] == [], "the endpoint is removed on exit"


def test_keyring_rotation_reencrypts_stored_secrets_and_delivery_still_verifies(platform: Platform) -> None:
    ring_path = Path(platform.extra_env["MANGO_KEYRING_FILE"])
    first_key = keyring.load(ring_path).active
    receiver = Receiver().start()
    try:
        tenant = platform.create_tenant("wh-keyring")
        with client(platform, tenant) as http:
            created = http.post("/v1/webhooks", json={"url": receiver.url, "event_types": ["session.created"]}).json()
            secret = created["secret"]
            platform.issued.append(secret)
            listed = mango(platform, "keyring", "list")
            assert f"{first_key}\tactive" in listed
            assert "1 secret(s)" in listed
            assert mango(platform, "keyring", "rotate").startswith("added key ")
            assert stat.S_IMODE(ring_path.stat().st_mode) == 0o600
            second_key = keyring.load(ring_path).active
            assert second_key != first_key
            assert "re-encrypted 1 secret(s)" in mango(platform, "keyring", "re-encrypt")
            assert "retired" in mango(platform, "keyring", "retire", first_key)
            listed = mango(platform, "keyring", "list")
            assert first_key not in listed
            assert f"{second_key}\tactive" in listed
            # Key material is never printed.
            material = json.loads(ring_path.read_text())["keys"][0]["key"]
            assert material not in listed
            # The roles read the new file on restart; the re-encrypted secret still signs deliveries.
            for role in ("orchestrator", "api"):
                platform.kill_role(role)
                platform.start_role(role)
            platform.wait_ready()
            new_session(http, "wh-keyring")
            [request] = receiver.wait_for(lambda got: len(got) == 1, timeout=30)
        Webhook(secret).verify(request.body, request.headers)
    finally:
        receiver.stop()


def test_keyring_generate_refuses_to_overwrite(tmp_path: Path) -> None:
    path = tmp_path / "ring.json"
    run = [sys.executable, "-m", "mango_server", "keyring", "generate", "--file", str(path)]
    env = {k: v for k, v in os.environ.items() if not k.startswith("MANGO_")}
    first = subprocess.run(run, env=env, capture_output=True, text=True, timeout=60, check=False)
    assert first.returncode == 0, first.stderr
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    before = path.read_text()
    again = subprocess.run(run, env=env, capture_output=True, text=True, timeout=60, check=False)
    assert again.returncode == 1
    assert "already exists" in again.stderr
    assert path.read_text() == before
