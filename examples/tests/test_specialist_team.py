"""examples/specialist-team/run.py against a real Mango on the offline model: three child Threads,
child custom tools answered through the primary stream, reports, the decision and a follow-up in
the same Thread."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from mango_server.devstack import Platform, Tenant

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(300)]

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "specialist-team" / "run.py"


def test_the_team_reports_decides_and_follows_up(mango_platform: Platform, mango_tenant: Tenant) -> None:
    env = {**os.environ, "MANGO_BASE_URL": mango_platform.base_url, "MANGO_API_KEY": mango_tenant.api_key}
    done = subprocess.run(
        [sys.executable, str(EXAMPLE)], env=env, capture_output=True, text=True, timeout=240, check=False
    )
    output = done.stdout
    assert done.returncode == 0, f"exit {done.returncode}\nstdout:\n{output}\nstderr:\n{done.stderr}"
    for name in ("qa-specialist", "ops-specialist", "advisor"):
        assert f"thread created: {name} (sthr_" in output, output
    assert "child tool call: qa-specialist read_facts quality" in output, output
    assert "child tool call: ops-specialist read_facts operations" in output, output
    reports = [line for line in output.splitlines() if line.startswith("report from ")]
    assert len(reports) == 4, output
    assert any("1204 tests passed" in line for line in reports if line.startswith("report from qa-specialist")), output
    assert any("canary healthy" in line for line in reports if line.startswith("report from ops-specialist")), output
    assert "decision: DECISION: NOT READY" in output, output
    assert reports[-1] == "report from qa-specialist: The platform team owns it; the rehearsal is booked for Thursday."
    assert any(
        line.startswith("follow-up reused thread sthr_") and line.endswith(": True") for line in output.splitlines()
    )
    threads = [line for line in output.splitlines() if line.startswith("thread ") and "output tokens" in line]
    assert len(threads) == 4, output
    assert all("): idle, " in line for line in threads), output
