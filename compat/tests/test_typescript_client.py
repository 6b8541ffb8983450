"""The official ``@anthropic-ai/sdk`` TypeScript client against a real Mango: node's test runner runs
``sdk-typescript/compat/official-client.test.mjs`` (create, stream, send, a custom tool), which
resolves the client from ``sdk-typescript/node_modules`` (a dev dependency installed by ``npm ci``)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from mango_server.devstack import Platform, Tenant

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]

SDK_TYPESCRIPT = Path(__file__).resolve().parents[2] / "sdk-typescript"
TEST_FILE = SDK_TYPESCRIPT / "compat" / "official-client.test.mjs"
CLIENT = SDK_TYPESCRIPT / "node_modules" / "@anthropic-ai" / "sdk" / "package.json"


def test_official_typescript_client(compat_platform: Platform, compat_tenant: Tenant) -> None:
    node = shutil.which("node")
    assert node, "node is needed (make install-node)"
    assert CLIENT.exists(), "@anthropic-ai/sdk is not installed: run `make install-node`"
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")},
        "MANGO_BASE_URL": compat_platform.base_url,
        "MANGO_API_KEY": compat_tenant.api_key,
    }
    try:
        done = subprocess.run(
            [node, "--test", "--test-reporter=spec", str(TEST_FILE)],
            cwd=SDK_TYPESCRIPT,
            env=env,
            capture_output=True,
            text=True,
            timeout=150,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"node --test did not finish\n{exc.stdout!r}\n{exc.stderr!r}")
    assert done.returncode == 0, f"node --test exited {done.returncode}\n{done.stdout}\n{done.stderr}"
    assert "pass 1" in done.stdout, done.stdout
