"""The Compose stack ``deploy/compose``: up, conformance, an orchestrator restart mid-turn, down.

Everything runs on the host network bound to 127.0.0.1 (no bridge network exists on this engine):
the evaluation state services from the ``mango-services`` image, the one-shot ``migrate``, the
``api`` and the ``orchestrator`` from the control-plane image. Ports are free ones chosen here and
written, with the secrets, into the env file. ``docker-compose`` (Debian's 1.29) is installed with
apt when missing, like the engine; without an engine or Compose the test is skipped with the reason.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from mango_server import keyring
from mango_server.devstack._ports import free_port
from mango_worker.image import build_image

pytestmark = [pytest.mark.integration, pytest.mark.docker, pytest.mark.slow, pytest.mark.timeout(1500)]

ROOT = Path(__file__).resolve().parents[2]
COMPOSE_FILE = ROOT / "deploy" / "compose" / "docker-compose.yml"


def _compose_binary() -> str:
    found = shutil.which("docker-compose")
    if found:
        return found
    if os.geteuid() != 0:
        pytest.skip("docker-compose is missing and installing it needs root")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    installed = subprocess.run(
        ["apt-get", "install", "-y", "-qq", "docker-compose"], env=env, capture_output=True, text=True, timeout=600
    )
    if installed.returncode != 0 or not shutil.which("docker-compose"):
        pytest.skip(f"docker-compose could not be installed: {installed.stderr[-500:]}")
    return str(shutil.which("docker-compose"))


def _free_block(size: int) -> int:
    """A port p with p..p+size-1 all free on 127.0.0.1 (SeaweedFS takes consecutive ports)."""
    for _ in range(200):
        start = free_port()
        # SeaweedFS derives some gRPC ports as port + 10000: keep the whole block below 55535.
        if start + size >= 55535:
            continue
        try:
            sockets = []
            for port in range(start, start + size):
                sock = socket.socket()
                sockets.append(sock)
                sock.bind(("127.0.0.1", port))
            return start
        except OSError:
            continue
        finally:
            for sock in sockets:
                sock.close()
    raise RuntimeError("no block of free ports")


class Stack:
    """One Compose project: its env file, ports and ``docker-compose`` invocations."""

    def __init__(self, workdir: Path, images: dict[str, str]) -> None:
        self.binary = _compose_binary()
        self.project = "mango" + secrets.token_hex(3)
        self.ports = {name: free_port() for name in ("pg", "temporal", "t_http", "t_metrics", "nats", "api")}
        self.ports |= {"api_metrics": free_port(), "orch_metrics": free_port(), "s3": _free_block(10)}
        password, s3_secret, nats_token = secrets.token_hex(12), secrets.token_hex(12), secrets.token_hex(12)
        self.secrets = [password, s3_secret, nats_token]
        p = self.ports
        values = {
            "MANGO_DATABASE_URL": f"postgresql://mango:{password}@127.0.0.1:{p['pg']}/postgres",
            "MANGO_TEMPORAL_ADDRESS": f"127.0.0.1:{p['temporal']}",
            "MANGO_NATS_URL": f"nats://{nats_token}@127.0.0.1:{p['nats']}",
            "MANGO_S3_ENDPOINT_URL": f"http://127.0.0.1:{p['s3']}",
            "MANGO_S3_BUCKET": "mango",
            "MANGO_S3_ACCESS_KEY_ID": "mango",
            "MANGO_S3_SECRET_ACCESS_KEY": s3_secret,
            "MANGO_API_PORT": str(p["api"]),
            "MANGO_API_METRICS_PORT": str(p["api_metrics"]),
            "MANGO_ORCHESTRATOR_METRICS_PORT": str(p["orch_metrics"]),
            "MANGO_VALIDATE_RESPONSES": "true",
            "POSTGRES_PORT": str(p["pg"]),
            "POSTGRES_PASSWORD": password,
            "TEMPORAL_PORT": str(p["temporal"]),
            "TEMPORAL_HTTP_PORT": str(p["t_http"]),
            "TEMPORAL_METRICS_PORT": str(p["t_metrics"]),
            "NATS_PORT": str(p["nats"]),
            "NATS_TOKEN": nats_token,
            "SEAWEEDFS_S3_PORT": str(p["s3"]),
        }
        values["MANGO_KEYRING_FILE"] = "/etc/mango/keyring/keyring.json"
        self.keyring_dir = workdir / "keyring"
        keyring.save(self.keyring_dir / keyring.FILE_NAME, keyring.Keyring.generate())
        for path in (self.keyring_dir, self.keyring_dir / keyring.FILE_NAME):
            os.chown(path, 65532, 65532)
        self.env_file = workdir / "mango.env"
        self.env_file.write_text("".join(f"{k}={v}\n" for k, v in values.items()))
        self.data = workdir / "data"
        for name in ("postgres", "temporal", "seaweedfs"):
            (self.data / name).mkdir(parents=True)
            os.chown(self.data / name, 65532, 65532)
        self.env = {
            **os.environ,
            "MANGO_ENV_FILE": str(self.env_file),
            "MANGO_DATA_DIR": str(self.data),
            "MANGO_KEYRING_DIR": str(self.keyring_dir),
            "MANGO_IMAGE": images["control-plane"],
            "MANGO_SERVICES_IMAGE": images["services"],
        }
        self.base_url = f"http://127.0.0.1:{p['api']}"

    def run(self, *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
        argv = [self.binary, "-p", self.project, "-f", str(COMPOSE_FILE), *args]
        return subprocess.run(argv, env=self.env, capture_output=True, text=True, timeout=timeout)

    def mango(self, *args: str) -> dict[str, Any]:
        done = self.run("run", "--rm", "-T", "--no-deps", "migrate", *args)
        assert done.returncode == 0, done.stderr
        return dict(json.loads(done.stdout.strip().splitlines()[-1]))

    def wait_ready(self, timeout: float = 180) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                ready = httpx.get(f"{self.base_url}/v1/readiness", timeout=2).status_code == 200
                httpx.get(f"http://127.0.0.1:{self.ports['s3']}/", timeout=2)  # any answer: S3 listens
                if ready:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(1)
        raise AssertionError("api never became ready:\n" + self.run("logs", "--tail", "50").stdout[-6000:])


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    from mango_worker.engine import EngineUnavailable, running_engine

    try:
        with running_engine():
            images = {role: build_image(f"mango-{role}", role=role) for role in ("control-plane", "services")}
            compose = Stack(tmp_path_factory.mktemp("compose"), images)
            try:
                up = compose.run("up", "-d")
                assert up.returncode == 0, up.stderr
                compose.wait_ready()
                yield compose
            finally:
                logs = compose.run("logs", "--no-color")
                (tmp_path_factory.getbasetemp() / "compose.log").write_text(logs.stdout)
                down = compose.run("down", "--volumes", "--timeout", "10")
                assert down.returncode == 0, down.stderr
                left = subprocess.run(
                    ["docker", "ps", "-aq", "--filter", f"label=com.docker.compose.project={compose.project}"],
                    capture_output=True,
                    text=True,
                )
                assert left.stdout.strip() == "", "containers left after down"
    except EngineUnavailable as exc:
        pytest.skip(f"no Docker engine: {exc}")


@pytest.fixture(scope="module")
def keys(stack: Stack) -> tuple[str, str]:
    first = stack.mango("workspace", "create", "--name", "compose")
    second = stack.mango("workspace", "create", "--name", "compose-other")
    key = stack.mango("api-key", "create", "--workspace", first["id"])["key"]
    other = stack.mango("api-key", "create", "--workspace", second["id"])["key"]
    return str(key), str(other)


def test_no_bridge_network_and_loopback_only(stack: Stack) -> None:
    listed = stack.run("ps", "-q")
    for container in listed.stdout.split():
        mode = subprocess.run(
            ["docker", "inspect", "--format", "{{.HostConfig.NetworkMode}}", container], capture_output=True, text=True
        )
        assert mode.stdout.strip() == "host"
    networks = subprocess.run(["docker", "network", "ls", "--format", "{{.Name}}"], capture_output=True, text=True)
    assert f"{stack.project}_default" not in networks.stdout


def _tls_without_certificate(port: int) -> str:
    """How a TLS client presenting no certificate fares on ``port``: the error, or "accepted"."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    context.set_alpn_protocols(["h2", "http/1.1"])
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock, context.wrap_socket(sock) as tls:
            # TLS 1.3 finishes the handshake before the server checks the (missing) client certificate.
            tls.sendall(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
            tls.recv(100)
    except (ssl.SSLError, OSError) as exc:
        return str(exc)
    return "accepted"


def _refused_without_credentials(stack: Stack) -> list[str]:
    """Ports of the state services (but PostgreSQL, checked by its logins) that serve a client without credentials."""
    problems = []
    s3 = stack.ports["s3"]
    # SeaweedFS listeners s3 + 1 .. s3 + 9: the gRPC ports and the master, volume, filer and admin HTTP ports.
    for port in range(s3 + 1, s3 + 10):
        outcome = _tls_without_certificate(port)
        if "CERTIFICATE_REQUIRED" not in outcome:
            problems.append(f"seaweedfs port {port} without a client certificate: {outcome}")
        with contextlib.suppress(httpx.HTTPError):  # a gRPC port drops a plain HTTP/1 request
            reply = httpx.get(f"http://127.0.0.1:{port}/", timeout=3)
            if reply.status_code != 400:  # 400: "Client sent an HTTP request to an HTTPS server."
                problems.append(f"seaweedfs port {port} answered plain HTTP with {reply.status_code}")
    with socket.create_connection(("127.0.0.1", stack.ports["nats"]), timeout=5) as sock:
        sock.recv(4096)
        sock.sendall(b'CONNECT {"verbose":false}\r\nPING\r\n')
        if b"Authorization Violation" not in sock.recv(4096):
            problems.append("nats accepted a client without the token")
    return problems


def test_state_services_refuse_clients_without_credentials(stack: Stack) -> None:
    assert _refused_without_credentials(stack) == []


def test_conformance_passes_against_the_stack(stack: Stack, keys: tuple[str, str]) -> None:
    key, other = keys
    env = {**os.environ, "MANGO_BASE_URL": stack.base_url, "MANGO_API_KEY": key}
    env["MANGO_CONFORMANCE_OTHER_API_KEY"] = other
    run = subprocess.run(
        [sys.executable, "-m", "mango_conformance"], env=env, capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]


def test_orchestrator_restart_mid_turn_completes_the_turn(stack: Stack, keys: tuple[str, str]) -> None:
    headers = {"authorization": f"Bearer {keys[0]}"}
    with httpx.Client(base_url=stack.base_url, headers=headers, timeout=30) as http:
        agent = http.post("/v1/agents", json={"name": "restart", "model": "mango-offline-1"}).json()
        env = http.post("/v1/environments", json={"name": f"restart-{time.monotonic_ns()}"}).json()
        sid = http.post("/v1/sessions", json={"agent": agent["id"], "environment_id": env["id"]}).json()["id"]
        message = {"type": "user.message", "content": [{"type": "text", "text": "/sleep 4000\nslow reply"}]}
        assert http.post(f"/v1/sessions/{sid}/events", json={"events": [message]}).status_code == 200
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:  # the round has started: its span is committed
            types = [e["type"] for e in http.get(f"/v1/sessions/{sid}/events").json()["data"]]
            if "span.model_request_start" in types:
                break
            time.sleep(0.2)
        restarted = stack.run("restart", "--timeout", "2", "orchestrator")
        assert restarted.returncode == 0, restarted.stderr
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            session = http.get(f"/v1/sessions/{sid}").json()
            if session["status"] == "idle" and (session["stop_reason"] or {}).get("type") == "end_turn":
                break
            time.sleep(0.5)
        else:
            raise AssertionError(f"the turn never finished after the restart: {session}")
        events = http.get(f"/v1/sessions/{sid}/events", params={"limit": 1000}).json()["data"]
        replies = [e for e in events if e["type"] == "agent.message"]
        assert len(replies) == 1, "the restarted round answered twice"


def test_logs_are_json_and_hold_no_secrets(stack: Stack, keys: tuple[str, str]) -> None:
    roles = stack.run("logs", "--no-color", "api", "orchestrator").stdout
    lines = [line.split("|", 1)[1].strip() for line in roles.splitlines() if "|" in line]
    assert lines
    for line in lines:
        json.loads(line)  # one JSON object per line
    everything = stack.run("logs", "--no-color").stdout
    for secret in [*keys, *stack.secrets]:
        assert secret not in everything
