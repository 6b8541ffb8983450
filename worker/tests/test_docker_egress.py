"""Real platform + real Docker: ``--tool-network proxy`` and an ``environment_variable`` credential.

A loopback HTTPS service (its own test CA, given to the proxy with ``--egress-upstream-ca`` and
allowed with ``--egress-allow 127.0.0.1:PORT``) stands in for an API the secret belongs to. The
agent's Bash, in a container without a network, sees only a placeholder in its variable; ``curl``
through the proxy reaches the service, which receives the real secret; any other host and every
control-plane port (PostgreSQL, NATS, Temporal, S3, the API) is refused with a 403. The secret is
in no tool result, Session event, workspace file or supervisor log.
"""

from __future__ import annotations

import http.server
import secrets
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from mango_server.devstack import DevStack, Platform
from mango_worker.egress_ca import EgressCA

from .sessions import Setup, bash_lines, events, results, running_worker, say, text_of, wait_for, wait_idle

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.docker, pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(600)]

SECRET = "sk-live-" + secrets.token_hex(20)


class _Service(http.server.ThreadingHTTPServer):
    seen: list[str]


class _Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        assert isinstance(self.server, _Service)
        authorization = self.headers.get("authorization", "")
        self.server.seen.append(authorization)
        # Never echo the header: the answer goes into the Session's transcript.
        body = b"auth=match\n" if authorization == f"Bearer {SECRET}" else b"auth=mismatch\n"
        self.send_response(200)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def service(tmp_path: Path) -> Iterator[tuple[_Service, Path]]:
    """An HTTPS service on 127.0.0.1 with a CA of its own; yields it and the CA file."""
    test_ca = EgressCA("loopback service test CA")
    ca_file = tmp_path / "service-ca.pem"
    ca_file.write_text(test_ca.pem)
    server = _Service(("127.0.0.1", 0), _Handler)
    server.seen = []
    server.socket = test_ca.server_context("127.0.0.1").wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server, ca_file
    finally:
        server.shutdown()
        server.server_close()


def session_with_secret(setup: Setup) -> str:
    http = setup.http
    vault = http.post("/v1/vaults", json={"display_name": "egress"})
    assert vault.status_code == 200, vault.text
    vault_id = vault.json()["id"]
    auth = {
        "type": "environment_variable",
        "secret_name": "SEARCH_API_KEY",
        "secret_value": SECRET,
        "networking": {"type": "limited", "allowed_hosts": ["127.0.0.1"]},
    }
    credential = http.post(f"/v1/vaults/{vault_id}/credentials", json={"auth": auth})
    assert credential.status_code == 200, credential.text
    agent = http.post(
        "/v1/agents", json={"name": "egress", "model": "mango-offline-1", "tools": [{"type": "agent_toolset_20260401"}]}
    )
    assert agent.status_code == 200, agent.text
    body = {"agent": agent.json()["id"], "environment_id": setup.environment_id, "vault_ids": [vault_id]}
    session = http.post("/v1/sessions", json=body)
    assert session.status_code == 200, session.text
    return str(session.json()["id"])


def test_curl_uses_the_secret_through_the_proxy_and_reaches_nothing_else(
    mango_services: DevStack,
    mango_platform: Platform,
    setup: Setup,
    runtime_image: str,
    tmp_path: Path,
    service: tuple[_Service, Path],
) -> None:
    server, ca_file = service
    port = server.server_address[1]
    control_plane = {
        "postgres": mango_services.postgres.port,
        "nats": mango_services.nats.port,
        "temporal": mango_services.temporal.port,
        "s3": mango_services.s3.port,
        "api": mango_platform.api_port,
    }
    session_id = session_with_secret(setup)
    # %{http_connect} is the proxy's answer to CONNECT (https); %{http_code} its answer to a plain request.
    codes = "-s -o /dev/null -w '%{http_connect} %{http_code}'"
    refused = "; ".join(
        f"echo {name}=$(curl {codes} https://127.0.0.1:{p}/)/$(curl {codes} http://127.0.0.1:{p}/)"
        for name, p in {**control_plane, "elsewhere": 443}.items()
    )
    commands = [
        'echo "variable=$SEARCH_API_KEY"',
        f'curl -sS --max-time 20 -H "Authorization: Bearer $SEARCH_API_KEY" https://127.0.0.1:{port}/check',
        f"curl -sS --max-time 20 https://www.example.com/ 2>&1; echo exit=$?; {refused}",
        f"timeout 3 bash -c 'exec 3<>/dev/tcp/127.0.0.1/{port}' 2>/dev/null && echo direct=open || echo direct=closed",
    ]
    log_path = tmp_path / "worker.log"
    options = ["--tool-network", "proxy", "--egress-allow", f"127.0.0.1:{port}", "--egress-upstream-ca", str(ca_file)]
    with running_worker(mango_platform, setup, runtime_image, tmp_path / "ws", log_path, *options) as worker:
        say(setup.http, session_id, bash_lines(*commands))
        wait_idle(setup.http, session_id, "end_turn", timeout=240)
        wait_for(lambda: worker.actions("item.completed"), "the item to complete")
        assert worker.terminate() == 0
    answered = [text_of(r) for r in results(setup.http, session_id).values()]
    assert len(answered) == len(commands), answered
    variable, authorised, refusals, direct = answered
    assert "variable=mango-secret-" in variable
    assert "auth=match" in authorised, authorised
    assert server.seen == [f"Bearer {SECRET}"]
    assert "403" in refusals.split("exit=")[0], refusals  # curl: CONNECT tunnel failed, response 403
    lines = dict(line.split("=", 1) for line in refusals.split("\n") if "=" in line and not line.startswith("exit"))
    for name in (*control_plane, "elsewhere"):
        assert lines[name] == "403 000/000 403", (name, refusals)
    assert direct.strip() == "direct=closed"
    assert worker.actions("egress.started")
    assert worker.actions("egress.refused")
    # The secret is nowhere but in the service's request.
    assert SECRET not in log_path.read_text(errors="replace")
    assert SECRET not in str(events(setup.http, session_id))
    for path in (tmp_path / "ws").rglob("*"):
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes(), path
