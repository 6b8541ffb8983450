"""Each quickstart in examples/quickstart runs against a real Mango, answers the custom tool call
and prints the final reply of the offline model, which quotes the tool's result."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from mango_server.devstack import Platform, Tenant

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(420)]

REPO = Path(__file__).resolve().parents[2]
QUICKSTART = REPO / "examples" / "quickstart"
TSC = REPO / "sdk-typescript" / "node_modules" / ".bin" / "tsc"
RUN_TIMEOUT = 120  # seconds for one quickstart run (a cold `go run` compiles the client first)
BUILD_TIMEOUT = 240


@pytest.fixture
def quickstart_env(mango_platform: Platform, mango_tenant: Tenant) -> dict[str, str]:
    """What `source .mango/dev.env` sets, pointing at the test's Mango."""
    return {**os.environ, "MANGO_BASE_URL": mango_platform.base_url, "MANGO_API_KEY": mango_tenant.api_key}


def run(command: list[str], cwd: Path, env: dict[str, str], timeout: float = RUN_TIMEOUT) -> str:
    """Run ``command``; fail with its output unless it exits 0; return its stdout."""
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False)
    assert done.returncode == 0, f"{command} exited {done.returncode}\nstdout:\n{done.stdout}\nstderr:\n{done.stderr}"
    return done.stdout


def assert_turn_completed(output: str) -> None:
    assert "tool call: get_weather" in output, output
    assert "tool result: 18°C and sunny in Paris" in output, output
    final = [line for line in output.splitlines() if line.startswith("final reply: ")]
    assert len(final) == 1, output
    assert "Tool results: " in final[0], output
    assert "18°C and sunny in Paris" in final[0], output


def test_python_quickstart(quickstart_env: dict[str, str]) -> None:
    output = run([sys.executable, str(QUICKSTART / "python" / "quickstart.py")], REPO, quickstart_env)
    assert_turn_completed(output)


def test_curl_quickstart(quickstart_env: dict[str, str]) -> None:
    if shutil.which("curl") is None or shutil.which("bash") is None:
        pytest.skip("the curl quickstart needs bash and curl on PATH")
    output = run(["bash", str(QUICKSTART / "curl" / "quickstart.sh")], REPO, quickstart_env)
    assert_turn_completed(output)


def test_typescript_quickstart(quickstart_env: dict[str, str]) -> None:
    if not TSC.exists():
        pytest.skip("sdk-typescript/node_modules is missing: run `make install-node` (make test does)")
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("the TypeScript quickstart needs node and npm on PATH")
    example = QUICKSTART / "typescript"
    # What docs/quickstart.md tells a developer to do: build the SDK, link it, compile, run.
    run([str(TSC), "-p", "tsconfig.build.json"], REPO / "sdk-typescript", quickstart_env, BUILD_TIMEOUT)
    run(["npm", "install", "--no-audit", "--no-fund"], example, quickstart_env, BUILD_TIMEOUT)
    run([str(TSC), "-p", "."], example, quickstart_env, BUILD_TIMEOUT)
    output = run(["node", "dist/quickstart.js"], example, quickstart_env)
    assert_turn_completed(output)


def test_go_quickstart(quickstart_env: dict[str, str]) -> None:
    go = REPO / ".venv" / "bin" / "go"
    go_binary = str(go) if go.exists() else shutil.which("go")
    if go_binary is None:
        pytest.skip("no Go toolchain: neither .venv/bin/go nor go on PATH")
    env = {
        **quickstart_env,
        "GOTOOLCHAIN": "local",
        "GOPROXY": "off",
        "GOFLAGS": "-mod=mod",
        "GOTELEMETRY": "off",
        "GOCACHE": str(REPO / ".cache" / "go-build"),
        "GOPATH": str(REPO / ".cache" / "go"),
    }
    output = run([go_binary, "run", "."], QUICKSTART / "go", env, BUILD_TIMEOUT)
    assert_turn_completed(output)
