"""examples/mcp-with-oauth/run.py against a real Mango (with a keyring, and an egress allowlist that
admits loopback): the credential in a vault reaches the OAuth-protected MCP server, and the Session
carries on across the access token's expiry with exactly one refresh."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from mango_server import keyring
from mango_server.devstack import DevStack, Platform

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(300)]

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "mcp-with-oauth" / "run.py"


@pytest.fixture(scope="module")
def example_env(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    ring = tmp_path_factory.mktemp("oauth-example-keyring") / "keyring.json"
    keyring.save(ring, keyring.Keyring.generate())
    extra = {"MANGO_EGRESS_ALLOW": "127.0.0.1/32", "MANGO_KEYRING_FILE": str(ring)}
    platform = Platform(mango_services, tmp_path_factory.mktemp("oauth-example"), extra_env=extra)
    platform.start()
    try:
        tenant = platform.create_tenant("oauth-example")
        yield {**os.environ, "MANGO_BASE_URL": platform.base_url, "MANGO_API_KEY": tenant.api_key}
    finally:
        platform.stop()


def test_the_session_carries_on_across_the_token_expiry_with_one_refresh(example_env: dict[str, str]) -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLE)], env=example_env, capture_output=True, text=True, timeout=180, check=False
    )
    output = done.stdout
    assert done.returncode == 0, f"exit {done.returncode}\nstdout:\n{output}\nstderr:\n{done.stderr}"
    assert "turn 1: mcp result: notes: ship the OAuth example" in output, output
    assert "turn 2: mcp result: notes: ship the OAuth example" in output, output
    assert "turn 2: idle (end_turn)" in output, output
    assert "token endpoint refreshes: 1" in output, output
    assert "session error" not in output, output
    assert re.search(r"\b(at|rt)-[A-Za-z0-9_-]{20,}", output) is None, output  # no token is printed
