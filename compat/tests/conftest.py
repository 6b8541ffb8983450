"""Fixtures of the official-client compatibility suite: one Mango platform for the whole run, a
Workspace on it, and the official ``anthropic`` client pointed at it with ``base_url`` and the
Workspace API key (the client sends ``api_key`` as ``Authorization: Bearer``, as Mango reads it).

The platform admits 127.0.0.1 as a webhook target (``MANGO_EGRESS_ALLOW``) and retries webhook
deliveries quickly, so the webhook test can receive and verify a signed notification. Each test
module enables the devstack plugin itself (``pytest_plugins``), as the server's integration tests do.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator

import anthropic
import asyncpg
import pytest
from mango_server.devstack import DevStack, Platform, Tenant
from mango_server.store.credentials import create_environment_key

PLATFORM_ENV = {
    "MANGO_EGRESS_ALLOW": "127.0.0.1/32",
    "MANGO_WEBHOOK_RETRY_MIN_SECONDS": "1.1",
    "MANGO_WEBHOOK_RETRY_MAX_SECONDS": "2.5",
    "MANGO_WEBHOOK_TIMEOUT_SECONDS": "2",
}


@pytest.fixture(autouse=True)
def _no_ambient_anthropic_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """The client reads ``ANTHROPIC_*`` variables when an argument is absent: none may leak in."""
    for name in list(os.environ):
        if name.startswith("ANTHROPIC_"):
            monkeypatch.delenv(name)


@pytest.fixture(scope="session")
def compat_platform(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    """A running Mango for the suite (the offline model; 127.0.0.1 admitted as a webhook target)."""
    platform = Platform(mango_services, tmp_path_factory.mktemp("compat"), extra_env=PLATFORM_ENV)
    try:
        yield platform.start()
    finally:
        platform.stop()  # also when it never became ready: no role outlives the run
    leaks = platform.leaks()
    if leaks:
        pytest.fail(f"credentials reached the logs of this run: {leaks}")


@pytest.fixture(scope="session")
def compat_tenant(compat_platform: Platform) -> Tenant:
    """A Workspace and API key on ``compat_platform``."""
    return compat_platform.create_tenant("official-client")


@pytest.fixture
def official(compat_platform: Platform, compat_tenant: Tenant) -> Iterator[anthropic.Anthropic]:
    """The official client as an application points it at Mango: ``base_url`` and the Workspace API key."""
    with anthropic.Anthropic(
        base_url=compat_platform.base_url, api_key=compat_tenant.api_key, max_retries=0, timeout=30
    ) as client:
        yield client


def issue_environment_key(platform: Platform, tenant: Tenant, environment_id: str) -> str:
    """An Environment key, as the operator CLI (``mango environment-key create``) issues one."""

    async def issue() -> str:
        conn = await asyncpg.connect(platform.database_url)
        try:
            key = await create_environment_key(conn, tenant.workspace_id, environment_id)
        finally:
            await conn.close()
        platform.issued.append(key.secret)
        return key.secret

    return asyncio.run(issue())
