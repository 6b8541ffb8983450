"""The whole conformance suite against a real Mango (PostgreSQL, Temporal, NATS, SeaweedFS)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from mango_conformance import Config, Spec, run
from mango_conformance._cli import main
from mango_server.devstack import Platform, Tenant

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]


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
    assert not report.failed, report.render()
    assert report.ok, report.errors
    counts = report.counts()
    assert counts["conforms"] >= 23, counts
    assert all(op.checks > 1 for op in report.operations.values())
    assert elapsed < 90, f"the suite took {elapsed:.1f} s"


def test_cli_writes_a_json_report(
    mango_platform: Platform, mango_tenant: Tenant, mango_other_tenant: Tenant, tmp_path: Path
) -> None:
    out = tmp_path / "report.json"
    argv = ["--base-url", mango_platform.base_url, "--api-key", mango_tenant.api_key]
    status = main([*argv, "--other-api-key", mango_other_tenant.api_key, "--json", str(out)])
    report = json.loads(out.read_text())
    assert status == 0, [op for op in report["operations"] if op["status"] == "failed"]
    assert {op["operation_id"] for op in report["operations"]} == set(Spec.load().operations)
    assert report["ok"] is True


def test_a_wrong_key_fails_the_run(mango_platform: Platform, mango_other_tenant: Tenant) -> None:
    status = main(
        ["--base-url", mango_platform.base_url, "--api-key", "mango_wrong", "--other-api-key", mango_other_tenant.api_key]
    )
    assert status == 1
