"""examples/mcp-tools/run.py against a real Mango whose egress allowlist admits loopback: `auto`
allows the read tool, asks for the refund, and the application's approval (or denial) decides."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from mango_server.devstack import DevStack, Platform

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(300)]

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "mcp-tools" / "run.py"


@pytest.fixture(scope="module")
def example_env(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    platform = Platform(
        mango_services, tmp_path_factory.mktemp("mcp-example"), extra_env={"MANGO_EGRESS_ALLOW": "127.0.0.1/32"}
    )
    platform.start()
    try:
        tenant = platform.create_tenant("mcp-example")
        yield {**os.environ, "MANGO_BASE_URL": platform.base_url, "MANGO_API_KEY": tenant.api_key}
    finally:
        platform.stop()


def _run(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), *args], env=env, capture_output=True, text=True, timeout=180, check=False
    )
    assert done.returncode == 0, f"exit {done.returncode}\nstdout:\n{done.stdout}\nstderr:\n{done.stderr}"
    return done.stdout


def test_auto_allows_the_read_and_the_approved_refund_runs(example_env: dict[str, str]) -> None:
    output = _run(example_env)
    assert "mcp call: lookup_order -> allow" in output, output
    assert "mcp call: refund_order -> ask" in output, output
    assert "mcp result: order A-100: teapot, delivered, 39.00 EUR" in output, output
    assert "approval: allow refund_order" in output, output
    assert "mcp result: refunded A-100 (arrived broken); refunds so far: 1" in output, output
    final = [line for line in output.splitlines() if line.startswith("final reply: ")]
    assert len(final) == 1, output
    assert "refunded A-100" in final[0], output


def test_a_denied_refund_never_runs(example_env: dict[str, str]) -> None:
    output = _run(example_env, "--deny")
    assert "approval: deny refund_order" in output, output
    assert "refunded" not in output, output
    assert "mcp result: order A-100" in output, output
