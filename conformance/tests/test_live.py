"""The whole conformance suite against a real Mango (PostgreSQL, Temporal, NATS, SeaweedFS)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from mango_conformance import Config, Report, Spec, run
from mango_conformance._cli import main
from mango_server.devstack import Platform, Tenant

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]

# Server deviations the suite finds today that need more than a handler fix. Strict: an entry that no
# longer matches any failure fails the test, so a fix removes its entry here.
KNOWN_SERVER_ISSUES: set[tuple[str, str]] = set()


def unexpected_failures(report: Report) -> tuple[list[str], set[tuple[str, str]]]:
    """Failures not in KNOWN_SERVER_ISSUES, and the known issues that did not occur."""
    unexpected, seen = [], set()
    for op in report.operations.values():
        for reason in op.reasons():
            known = {k for k in KNOWN_SERVER_ISSUES if k[0] == op.operation_id and k[1] in reason}
            seen |= known
            if not known:
                unexpected.append(f"{op.operation_id}: {reason}")
    return unexpected, KNOWN_SERVER_ISSUES - seen


def test_every_operation_conforms_or_is_not_implemented(
    mango_platform: Platform, mango_tenant: Tenant, mango_other_tenant: Tenant
) -> None:
    spec = Spec.load()
    started = time.monotonic()
    report = run(Config(mango_platform.base_url, mango_tenant.api_key, mango_other_tenant.api_key), spec)
    elapsed = time.monotonic() - started
    print(report.render())
    assert list(report.operations) == list(spec.operations)
    assert len(report.operations) >= 60
    unexpected, gone = unexpected_failures(report)
    assert not unexpected, "\n".join(unexpected)
    assert not gone, f"fixed on the server, remove from KNOWN_SERVER_ISSUES: {sorted(gone)}"
    assert not report.errors, report.errors
    counts = report.counts()
    assert counts["conforms"] >= 23, counts
    guarded = [op for op in report.operations.values() if spec.operations[op.operation_id].security]
    assert all(op.checks >= 4 for op in guarded), [(op.operation_id, op.checks) for op in guarded if op.checks < 4]
    assert elapsed < 90, f"the suite took {elapsed:.1f} s"


def test_cli_writes_a_json_report(
    mango_platform: Platform, mango_tenant: Tenant, mango_other_tenant: Tenant, tmp_path: Path
) -> None:
    out = tmp_path / "report.json"
    argv = ["--base-url", mango_platform.base_url, "--api-key", mango_tenant.api_key]
    status = main([*argv, "--other-api-key", mango_other_tenant.api_key, "--json", str(out)])
    report = json.loads(out.read_text())
    failed = {op["operation_id"] for op in report["operations"] if op["status"] == "failed"}
    assert status == (1 if failed else 0)
    assert failed <= {operation for operation, _ in KNOWN_SERVER_ISSUES}
    assert {op["operation_id"] for op in report["operations"]} == set(Spec.load().operations)
    assert report["ok"] is not failed


def test_a_wrong_key_fails_the_run(mango_platform: Platform, mango_other_tenant: Tenant) -> None:
    status = main(
        [
            "--base-url",
            mango_platform.base_url,
            "--api-key",
            "mango_wrong",
            "--other-api-key",
            mango_other_tenant.api_key,
        ]
    )
    assert status == 1
