"""Property-based fuzzing of every operation of ``openapi/mango.yaml`` with schemathesis against a real stack.

Every phase runs: the spec's examples, coverage (boundary and invalid values), fuzzing and
stateful sequences that follow the spec's ``links`` from each create operation to the operations
on the created resource. The api runs with ``MANGO_VALIDATE_RESPONSES=true`` (the devstack
platform sets it), so a response that drifts from the contract is a 500 as well as a schema
violation. The run is bounded (fixed seed, a number of examples per operation, a time budget)
and asserts the two properties the hardening work promises: no server error and no response
that violates the response schema.

Not covered here: the SSE streams (``sessions.events.stream`` and ``sessions.threads.stream`` never
end on a live Session, so a generic client cannot read them whole); ``test_session_flow.py``,
``test_threads.py`` and the conformance suite cover them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from mango_server.devstack import Platform, Tenant

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(900)]

SPEC = Path(__file__).resolve().parents[3] / "openapi" / "mango.yaml"
SEED = int(os.environ.get("MANGO_FUZZ_SEED", "20240611"))
EXAMPLES = int(os.environ.get("MANGO_FUZZ_EXAMPLES", "12"))
BUDGET_SECONDS = int(os.environ.get("MANGO_FUZZ_SECONDS", "180"))


def _schemathesis() -> list[str]:
    found = shutil.which("schemathesis", path=str(Path(sys.executable).parent))
    if found is None:
        pytest.skip("schemathesis is not installed (requirements-dev.txt lists it)")
    return [found]


def test_no_server_error_and_no_schema_violation(
    mango_platform: Platform, mango_tenant: Tenant, tmp_path: Path
) -> None:
    command = [
        *_schemathesis(),
        "run",
        str(SPEC),
        "--url",
        mango_platform.base_url,
        "--header",
        f"Authorization: Bearer {mango_tenant.api_key}",
        "--checks",
        "not_a_server_error,response_schema_conformance",
        "--exclude-operation-id",
        "sessions.events.stream",
        "--exclude-operation-id",
        "sessions.threads.stream",
        "--phases",
        "examples,coverage,fuzzing,stateful",
        "--seed",
        str(SEED),
        "--max-examples",
        str(EXAMPLES),
        "--max-time",
        str(BUDGET_SECONDS),
        "--workers",
        "1",
        "--request-timeout",
        "20",
        "--no-shrink",
        "--continue-on-failure",
        "--suppress-health-check",
        "all",
        "--report",
        "ndjson",
        "--report-dir",
        str(tmp_path),
        "--output-sanitize",
        "true",
    ]
    env = {**os.environ, "NO_COLOR": "1", "SCHEMATHESIS_TELEMETRY": "false"}
    result = subprocess.run(
        command, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=BUDGET_SECONDS + 600
    )
    output = result.stdout + result.stderr
    (tmp_path / "schemathesis.log").write_text(output)
    assert result.returncode == 0, output[-20000:]
