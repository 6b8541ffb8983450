"""The Vaults view and a Thread's MCP server health in a real browser, from a real Mango.

A vault holds one credential of each kind; the view lists the vault, then its credentials with
kind, server URL or allowed hosts, expiry and refresh settings and which secrets are set, and no
secret value appears anywhere on the page (the API never returns one). A Session whose Agent
names a reachable MCP server (the server suite's test server) and an unreachable one shows, on
its Threads panel, the first's last discovery and the second's last error.

The platform has a keyring (credentials need one) and admits loopback egress.
"""

from __future__ import annotations

import importlib.util
import socket
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from mango_server import keyring
from mango_server.devstack import DevStack, Platform, Tenant
from playwright.sync_api import BrowserContext, expect

from .conftest import ROOT, console_errors, in_thread, shot

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(300)]

SECRETS = {
    "token": "bearer-" + "b" * 32,
    "access": "access-" + "a" * 32,
    "refresh": "refresh-" + "r" * 32,
    "client": "client-" + "c" * 32,
    "value": "value-" + "v" * 32,
}


@pytest.fixture(scope="module")
def mcp_url() -> Iterator[str]:
    # The server suite's MCP test server, loaded by path (both suites have a `tests` package).
    spec = importlib.util.spec_from_file_location(
        "mango_console_vaults_mcp", ROOT / "server/tests/support/mcp_server.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with module.McpTestServer() as server:
        yield str(server.url)


@pytest.fixture(scope="module")
def vaults_platform(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    ring = tmp_path_factory.mktemp("console-vaults-keyring") / "keyring.json"
    keyring.save(ring, keyring.Keyring.generate())
    env = {"MANGO_KEYRING_FILE": str(ring), "MANGO_EGRESS_ALLOW": "127.0.0.1/32"}
    running = Platform(mango_services, tmp_path_factory.mktemp("console-vaults"), extra_env=env)
    in_thread(running.start)
    try:
        yield running
    finally:
        in_thread(running.stop)


@pytest.fixture(scope="module")
def vaults_tenant(vaults_platform: Platform) -> Tenant:
    return in_thread(lambda: vaults_platform.create_tenant("console-vaults"))


def _ok(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    return dict(response.json())


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_vaults_view_and_thread_mcp_health(
    vaults_platform: Platform, vaults_tenant: Tenant, mcp_url: str, context: BrowserContext
) -> None:
    gone = f"http://127.0.0.1:{_closed_port()}/mcp"
    headers = {"authorization": f"Bearer {vaults_tenant.api_key}"}
    with httpx.Client(base_url=vaults_platform.base_url, headers=headers, timeout=30) as http:
        vault = _ok(http.post("/v1/vaults", json={"display_name": "Team secrets"}))
        vid = vault["id"]
        credentials = [
            {"type": "static_bearer", "mcp_server_url": mcp_url, "token": SECRETS["token"]},
            {
                "type": "mcp_oauth",
                "mcp_server_url": "https://mcp.example.com/mcp",
                "access_token": SECRETS["access"],
                "expires_at": "2031-01-02T03:04:05Z",
                "refresh": {
                    "client_id": "console-client",
                    "refresh_token": SECRETS["refresh"],
                    "token_endpoint": "https://auth.example.com/token",
                    "token_endpoint_auth": {"type": "client_secret_post", "client_secret": SECRETS["client"]},
                    "scope": "tools:read",
                },
            },
            {
                "type": "environment_variable",
                "secret_name": "SEARCH_API_KEY",
                "secret_value": SECRETS["value"],
                "networking": {"type": "limited", "allowed_hosts": ["api.search.example", "*.search.example"]},
            },
        ]
        for auth in credentials:
            _ok(http.post(f"/v1/vaults/{vid}/credentials", json={"auth": auth}))

        toolsets = [
            {
                "type": "mcp_toolset",
                "mcp_server_name": name,
                "default_config": {"permission_policy": {"type": "always_allow"}},
            }
            for name in ("tests", "gone")
        ]
        agent = _ok(
            http.post(
                "/v1/agents",
                json={
                    "name": "console-vaults",
                    "model": "mango-offline-1",
                    "mcp_servers": [
                        {"type": "url", "name": "tests", "url": mcp_url},
                        {"type": "url", "name": "gone", "url": gone},
                    ],
                    "tools": toolsets,
                },
            )
        )
        env = _ok(http.post("/v1/environments", json={"name": f"console-vaults-{time.monotonic_ns()}"}))
        body = {"agent": agent["id"], "environment_id": env["id"], "title": "Health", "vault_ids": [vid]}
        sid = _ok(http.post("/v1/sessions", json=body))["id"]
        _ok(
            http.post(
                f"/v1/sessions/{sid}/events",
                json={"events": [{"type": "user.message", "content": [{"type": "text", "text": "hello"}]}]},
            )
        )
        deadline = time.monotonic() + 90
        while _ok(http.get(f"/v1/sessions/{sid}"))["status"] != "idle":
            assert time.monotonic() < deadline, "the turn never ended"
            time.sleep(0.3)

    page = context.new_page()
    errors = console_errors(page)
    page.goto(f"{vaults_platform.base_url}/console/")
    page.get_by_label("API key").fill(vaults_tenant.api_key)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Sessions")).to_be_visible()

    page.get_by_role("link", name="Vaults").click()
    expect(page.get_by_role("heading", name="Vaults")).to_be_visible()
    page.get_by_role("link", name="Team secrets").click()
    expect(page.get_by_role("heading", name="Vault")).to_be_visible()
    rows = page.locator("table:has(caption:text('Credentials')) tbody tr")
    expect(rows).to_have_count(3)
    by_kind = {kind: rows.filter(has_text=kind) for kind in ("static_bearer", "mcp_oauth", "environment_variable")}
    expect(by_kind["static_bearer"]).to_contain_text(mcp_url)
    expect(by_kind["static_bearer"]).to_contain_text("token")
    oauth = by_kind["mcp_oauth"]
    expect(oauth).to_contain_text("https://mcp.example.com/mcp")
    expect(oauth).to_contain_text("https://auth.example.com/token")
    expect(oauth).to_contain_text("console-client (client_secret_post)")
    expect(oauth).to_contain_text("tools:read")
    expect(oauth).to_contain_text("2031")
    expect(oauth).to_contain_text("access_token, refresh_token")
    expect(by_kind["environment_variable"]).to_contain_text("SEARCH_API_KEY to api.search.example, *.search.example")
    shot(page, "vault")
    for details in page.locator("details").all():
        details.locator("summary").click()  # the raw JSON too holds no secret
    text = page.content()
    assert [name for name, value in SECRETS.items() if value in text] == []

    page.goto(f"{vaults_platform.base_url}/console/#/sessions/{sid}")
    expect(page.locator("#connection")).to_have_text("live")
    health = page.locator("#threads-list li.thread-item .mcp-health")
    reachable = health.locator('li[data-mcp-server="tests"]')
    expect(reachable.locator('[data-role="discovered"]')).not_to_have_text("never")
    expect(reachable.locator('[data-role="last-error"]')).to_have_count(0)
    unreachable = health.locator('li[data-mcp-server="gone"]')
    expect(unreachable.locator('[data-role="discovered"]')).to_have_text("never")
    expect(unreachable.locator('[data-role="last-error"]')).to_contain_text("last error")
    shot(page, "thread-mcp-health")
    assert errors == []
