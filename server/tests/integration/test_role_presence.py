"""Role presence on a real PostgreSQL: a live role keeps backup and restore out, a running backup
keeps roles out, and a role takes its presence again after PostgreSQL restarts under it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from mango_server.devstack import DevStack
from mango_server.store import presence

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(240)]


@pytest.fixture
def own_stack(mango_state_dir: Path) -> Iterator[DevStack]:
    """A DevStack of its own: this test restarts its PostgreSQL."""
    with DevStack(mango_state_dir, ports="free", durable=False) as stack:
        yield stack


async def _refused(url: str) -> bool:
    try:
        async with presence.quiet(url, "backup"):
            return False
    except presence.RolesLiveError:
        return True


async def _scenario(stack: DevStack) -> None:
    url = stack.database_url
    async with presence.RolePresence(url, "api", check_seconds=0.3):
        with pytest.raises(presence.RolesLiveError, match="mango-api"):
            async with presence.quiet(url, "backup"):
                pass
        await asyncio.to_thread(stack.restart_postgres, 1.0)
        # The lock went with the dropped connection; the role must hold it again, soon.
        deadline = time.monotonic() + 20
        while not await _refused(url):
            assert time.monotonic() < deadline, "the role never took its presence again"
            await asyncio.sleep(0.2)
    assert not await _refused(url)  # a stopped role is not live
    async with presence.quiet(url, "restore"):
        with pytest.raises(presence.HeldQuietError):
            async with presence.RolePresence(url, "orchestrator"):
                pass


def test_presence_keeps_roles_and_backups_apart_across_a_postgres_restart(own_stack: DevStack) -> None:
    asyncio.run(_scenario(own_stack))
