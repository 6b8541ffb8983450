"""The outbox relay on the real components: it survives a PostgreSQL restart under a running
orchestrator, and two relays sharing one outbox never deliver the same arming twice."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import asyncpg
import httpx
import pytest
from mango_server.devstack import DevStack, Platform
from mango_server.ids import new_id
from mango_server.orchestration.relay import OutboxRelay
from mango_server.store import outbox
from mango_server.store.db import create_pool
from mango_server.store.migrate import apply_migrations
from temporalio.client import Client

from ._client import client, new_session, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(240)]

ROWS = 200


@pytest.fixture
def own_stack(mango_state_dir: Path) -> Iterator[DevStack]:
    """A DevStack of its own: this test restarts its PostgreSQL."""
    with DevStack(mango_state_dir, ports="free", durable=False) as stack:
        yield stack


def _wait_ready(platform: Platform, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{platform.base_url}/v1/readiness", timeout=2).status_code == 200:
                return
        time.sleep(0.3)
    raise AssertionError("the api never became ready again")


def test_orchestrator_survives_a_postgres_restart(
    own_stack: DevStack, tmp_path_factory: pytest.TempPathFactory
) -> None:
    platform = Platform(own_stack, tmp_path_factory.mktemp("relay-restart")).start()
    try:
        tenant = platform.create_tenant("restart")
        with client(platform, tenant) as http:
            sid = new_session(http, "restart")
            say(http, sid, "before the restart")
            wait_status(http, sid, "end_turn")
            own_stack.restart_postgres(down_seconds=2.0)
            _wait_ready(platform)
            say(http, sid, "after the restart")
            wait_status(http, sid, "end_turn", timeout=60)
            messages = [
                e for e in http.get(f"/v1/sessions/{sid}/events").json()["data"] if e["type"] == "agent.message"
            ]
            assert len(messages) == 2
        assert platform.processes["orchestrator"].poll() is None, "the orchestrator exited"
        assert "outbox relay failed; retrying" in (platform.log_dir / "orchestrator.log").read_text()
    finally:
        platform.stop()


class _Recorder:
    """The real Temporal client, recording which workflow each delivery started."""

    def __init__(self, real: Client) -> None:
        self.real = real
        self.started: list[str] = []

    async def start_workflow(self, *args: Any, **kwargs: Any) -> Any:
        self.started.append(str(kwargs["id"]))
        await asyncio.sleep(0.01)  # a real round trip takes a while: widen the window for a second reader
        return await self.real.start_workflow(*args, **kwargs)

    def get_workflow_handle(self, *args: Any, **kwargs: Any) -> Any:
        return self.real.get_workflow_handle(*args, **kwargs)


def test_two_relays_never_deliver_the_same_row_twice(mango_services: DevStack) -> None:
    database_url = asyncio.run(_new_database(mango_services))
    apply_migrations(database_url)
    started = asyncio.run(_run_two_relays(database_url, mango_services))
    assert len(started) == ROWS, f"{len(started)} deliveries for {ROWS} rows"
    assert len(set(started)) == ROWS


async def _new_database(stack: DevStack) -> str:
    name = "mango_relay_" + secrets.token_hex(4)
    conn = await asyncpg.connect(stack.database_url)
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return stack.postgres.dsn_for(name)


async def _run_two_relays(database_url: str, stack: DevStack) -> list[str]:
    pool = await create_pool(database_url)
    real = await Client.connect(stack.temporal_address, namespace=stack.temporal.namespace)
    recorders = [_Recorder(real), _Recorder(real)]
    # A task queue no worker serves: the workflows are started and never run.
    queue = "relay-test-" + secrets.token_hex(4)
    relays = [OutboxRelay(pool, cast(Any, r), queue) for r in recorders]
    tasks = [asyncio.create_task(relay.run()) for relay in relays]
    try:
        await asyncio.sleep(0.5)  # both relays are listening
        async with pool.acquire() as conn, conn.transaction():
            for _ in range(ROWS):
                await outbox.wake(conn, "wksp_relay", new_id("sesn"))
        async with pool.acquire() as conn:
            for _ in range(600):  # at most 60 s
                if not await conn.fetchval("SELECT count(*) FROM session_outbox"):
                    break
                await asyncio.sleep(0.1)
            assert await conn.fetchval("SELECT count(*) FROM session_outbox") == 0
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.wait(tasks, timeout=15)
        pool.terminate()  # never wait on a connection a cancelled delivery still holds
    assert all(r.started for r in recorders), "one relay did all the work: the test proves nothing"
    return [wid for r in recorders for wid in r.started]


def test_a_claim_commits_without_waiting_for_its_flush(mango_services: DevStack) -> None:
    """The relay's claim and acknowledgement turn ``synchronous_commit`` off for their own
    transaction when they write a row (``outbox.sql`` ``claim_due_outbox``), and only then."""
    database_url = asyncio.run(_new_database(mango_services))
    apply_migrations(database_url)

    async def setting_after_claim(conn: Any, delivered: list[outbox.OutboxRow]) -> tuple[str, list[outbox.OutboxRow]]:
        async with conn.transaction():
            rows = await outbox.claim_due(conn, 10, 30.0, delivered)
            return str(await conn.fetchval("SHOW synchronous_commit")), rows

    async def check() -> None:
        # The test stack runs PostgreSQL with synchronous_commit off: this connection turns it on.
        conn = await asyncpg.connect(database_url, server_settings={"synchronous_commit": "on"})
        try:
            assert (await setting_after_claim(conn, []))[0] == "on"  # nothing due, nothing written
            await outbox.wake(conn, "wksp_relay", new_id("sesn"))
            setting, claimed = await setting_after_claim(conn, [])
            assert (setting, len(claimed)) == ("off", 1)  # a claim
            assert await conn.fetchval("SHOW synchronous_commit") == "on"  # for that transaction only
            setting, _ = await setting_after_claim(conn, claimed)
            assert setting == "off"  # an acknowledgement alone
            assert not await conn.fetchval("SELECT count(*) FROM session_outbox")
        finally:
            await conn.close()

    asyncio.run(check())
