"""Each quickstart in examples/quickstart runs against a real Mango, answers the custom tool call
and prints the final reply of the offline model, which quotes the tool's result."""

from __future__ import annotations

import os

import pytest
from mango_server.devstack import Platform, Tenant

from ._quickstarts import LANGUAGES, assert_turn_completed, run_quickstart

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(420)]


@pytest.fixture
def quickstart_env(mango_platform: Platform, mango_tenant: Tenant) -> dict[str, str]:
    """What `source .mango/dev.env` sets, pointing at the test's Mango."""
    return {**os.environ, "MANGO_BASE_URL": mango_platform.base_url, "MANGO_API_KEY": mango_tenant.api_key}


@pytest.mark.parametrize("language", LANGUAGES)
def test_quickstart(quickstart_env: dict[str, str], language: str) -> None:
    assert_turn_completed(run_quickstart(language, quickstart_env))
