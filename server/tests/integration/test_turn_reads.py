"""A statement that locks a Session and reads its turn in one round trip reads the turn after the lock.

The admission's ``turns.lock_session_with_active`` and the step's ``step_probe.lock_and_probe`` lock
the Session's row and read its active turn in the same statement, through the VOLATILE functions of
migration 0019. When such a statement waits for the lock, the turn it reads must be the one the
writer it waited for committed, as a second statement would read it, and not the one of the
snapshot it started with. The control reads the turn with a plain join in the locking statement:
it misses the new turn, which shows the test can tell the two apart.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest
from mango_server.devstack import Platform, Tenant
from mango_server.store import step_probe, turns
from mango_server.store.db import Connection, connect

from ._client import client

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(120)]

_JOINED = """
SELECT s.id, t.trigger_id FROM sessions s
LEFT JOIN session_turns t ON t.session_id = s.id AND t.state <> 'done'
WHERE s.id = $1 FOR UPDATE OF s
"""


def _session(mango_platform: Platform, mango_tenant: Tenant) -> str:
    with client(mango_platform, mango_tenant) as http:
        agent = http.post("/v1/agents", json={"name": "turn-reads", "model": "mango-offline-1"}).json()
        env = http.post("/v1/environments", json={"name": "turn-reads"}).json()
        return str(http.post("/v1/sessions", json={"agent": agent["id"], "environment_id": env["id"]}).json()["id"])


async def _read_while_a_writer_opens_a_turn(
    url: str, workspace_id: str, session_id: str, read: Callable[[Connection], Awaitable[str | None]]
) -> str | None:
    """The trigger id of the active turn ``read`` sees when it waits for a writer that opens one."""
    writer, reader = await connect(url), await connect(url)
    try:
        await writer.execute("BEGIN")
        await writer.execute("SELECT 1 FROM sessions WHERE id = $1 FOR UPDATE", session_id)
        await writer.execute(
            "INSERT INTO session_turns (workspace_id, session_id, trigger_id, state, round, created_at, updated_at) "
            "VALUES ($1, $2, 'sevt_opened_while_waiting', 'running', 0, now(), now())",
            workspace_id,
            session_id,
        )
        async with reader.transaction():
            waiting = asyncio.create_task(read(reader))
            await asyncio.sleep(0.5)
            assert not waiting.done(), "the read did not wait for the writer's lock"
            await writer.execute("COMMIT")
            seen = await waiting
        await writer.execute("DELETE FROM session_turns WHERE session_id = $1", session_id)
        return seen
    finally:
        await writer.close()
        await reader.close()


async def test_a_locking_read_sees_the_turn_the_writer_it_waited_for_opened(
    mango_platform: Platform, mango_tenant: Tenant
) -> None:
    url, ws = mango_platform.database_url, mango_tenant.workspace_id
    sid = _session(mango_platform, mango_tenant)

    async def admission(conn: Connection) -> str | None:
        _, at_lock = await turns.lock_session_with_active(conn, ws, sid)
        return at_lock.turn.trigger_id if at_lock.turn else None

    async def step(conn: Connection) -> str | None:
        turn, _ = (await step_probe.lock_and_probe(conn, sid)).claim
        return turn.trigger_id if turn else None

    async def joined(conn: Connection) -> str | None:
        record = await conn.fetchrow(_JOINED, sid)
        assert record is not None
        return record["trigger_id"]  # type: ignore[no-any-return]

    assert await _read_while_a_writer_opens_a_turn(url, ws, sid, admission) == "sevt_opened_while_waiting"
    assert await _read_while_a_writer_opens_a_turn(url, ws, sid, step) == "sevt_opened_while_waiting"
    assert await _read_while_a_writer_opens_a_turn(url, ws, sid, joined) is None  # the control
