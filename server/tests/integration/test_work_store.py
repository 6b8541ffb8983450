"""Work queue rules at the PostgreSQL level: SKIP LOCKED claims, one live item per Session,
token rotation on reclaim, lease liveness and re-queueing on Stop."""

from __future__ import annotations

import asyncio
import base64
import json
from collections.abc import AsyncIterator

import asyncpg
import pytest
from mango_server.app import work as work_app
from mango_server.devstack import Platform
from mango_server.domain.work import NO_HEARTBEAT
from mango_server.store import actions, credentials, environments, sessions, work, workspaces
from mango_server.store.actions import NewAction
from mango_server.store.db import create_pool
from mango_server.store.environments import EnvironmentFields
from mango_server.store.sessions import NewSession, SessionRow
from mango_server.store.work import ClaimedWork

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(120)]


@pytest.fixture
async def pool(mango_platform: Platform) -> AsyncIterator[asyncpg.Pool]:
    pool = await create_pool(mango_platform.database_url, min_size=1, max_size=8)
    try:
        yield pool
    finally:
        await pool.close()


async def _scope(pool: asyncpg.Pool) -> tuple[str, str, SessionRow]:
    async with pool.acquire() as conn:
        ws = (await workspaces.create(conn, "work-store")).id
        env = (await environments.create(conn, ws, EnvironmentFields("queue", None, {"type": "self_hosted"}, {}))).id
        session = await sessions.create(
            conn,
            ws,
            NewSession(
                title=None,
                agent_id="agent_x",
                agent_version=1,
                agent_snapshot={"type": "agent", "id": "agent_x", "version": 1},
                environment_id=env,
                metadata={},
                resources=[],
            ),
        )
    return ws, env, session


async def _claim(pool: asyncpg.Pool, ws: str, env: str, reclaim_ms: int = 5000) -> ClaimedWork | None:
    async with pool.acquire() as conn, conn.transaction():
        return await work.claim(conn, ws, env, reclaim_after_ms=reclaim_ms, worker_id="w", api_base_url="http://x")


def _token(item: ClaimedWork) -> str:
    return str(json.loads(base64.urlsafe_b64decode(item.secret))["sessions_token"])


async def test_concurrent_polls_claim_distinct_items(pool: asyncpg.Pool) -> None:
    ws, env, _ = await _scope(pool)
    async with pool.acquire() as conn:
        for _ in range(3):
            await work.enqueue_healthcheck(conn, ws, env, {})
    claimed = await asyncio.gather(*(_claim(pool, ws, env) for _ in range(4)))
    ids = [c.work.id for c in claimed if c is not None]
    assert len(ids) == 3
    assert len(set(ids)) == 3
    assert await _claim(pool, ws, env) is None


async def test_one_live_work_per_session(pool: asyncpg.Pool) -> None:
    ws, env, session = await _scope(pool)
    async with pool.acquire() as conn:
        first = await work.ensure_session_work(conn, ws, env, session.id)
        assert first is not None
        assert await work.ensure_session_work(conn, ws, env, session.id) is None
        await work.stop(conn, await work.lock(conn, ws, env, first), force=True)
        assert await work.ensure_session_work(conn, ws, env, session.id) not in (None, first)


async def test_reclaim_rotates_the_token_and_leases_expire(pool: asyncpg.Pool) -> None:
    ws, env, session = await _scope(pool)
    async with pool.acquire() as conn:
        work_id = await work.ensure_session_work(conn, ws, env, session.id)
        assert work_id is not None
        first = await _claim(pool, ws, env)
        assert first is not None
        old = _token(first)
        found = await credentials.find_session_token(conn, old)
        assert found is not None
        assert found.live is False  # not acknowledged yet
        await work.acknowledge(conn, await work.lock(conn, ws, env, work_id))
        found = await credentials.find_session_token(conn, old)
        assert found is not None
        assert found.live is True
        await work.heartbeat(conn, await work.lock(conn, ws, env, work_id), NO_HEARTBEAT, 1)
        await asyncio.sleep(1.2)
        found = await credentials.find_session_token(conn, old)
        assert found is not None
        assert found.live is False
        second = await _claim(pool, ws, env)
        assert second is not None
        assert second.work.id == work_id
        assert await credentials.find_session_token(conn, old) is None
        assert await conn.fetchval("SELECT token_digest FROM work WHERE id = $1", work_id) == credentials.digest(
            _token(second)
        )


async def test_stop_requeues_unexecuted_builtin_calls(pool: asyncpg.Pool) -> None:
    ws, env, session = await _scope(pool)
    sid = session.id
    async with pool.acquire() as conn:
        await actions.insert(
            conn, ws, sid, "sevt_trigger", 0, NewAction("sevt_call", "builtin", "t1", "bash", "pending")
        )
        first = await work.ensure_if_runnable(conn, session)
        assert first is not None
        async with conn.transaction():
            stopped = await work_app.stop_in(conn, ws, env, first, force=True)
        assert stopped.state == "stopped"
        live = await conn.fetch("SELECT id FROM work WHERE session_id = $1 AND state <> 'stopped'", sid)
        assert [r["id"] for r in live] not in ([], [first])
        await actions.resolve(conn, sid, "sevt_call", "resolved", None)
        async with conn.transaction():
            await work_app.stop_in(conn, ws, env, live[0]["id"], force=True)
        assert await conn.fetchval("SELECT count(*) FROM work WHERE session_id = $1 AND state <> 'stopped'", sid) == 0
