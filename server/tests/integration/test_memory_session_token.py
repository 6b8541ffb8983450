"""Memory Stores seen through a per-Work session token: attachment scope, read-only attachments,
session actors on versions, and the in-transaction Work lease fence."""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Any

import asyncpg
import httpx
import pytest
from mango_server.devstack import Platform, Tenant
from mango_server.ids import new_id
from mango_server.store import credentials
from mango_server.store import work as work_store

from ._client import client

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]


def _store(http: httpx.Client, name: str) -> str:
    response = http.post("/v1/memory_stores", json={"name": name})
    assert response.status_code == 200, response.text
    return str(response.json()["id"])


def _session(http: httpx.Client, resources: list[dict[str, Any]]) -> dict[str, Any]:
    agent = http.post("/v1/agents", json={"name": "tok", "model": "mango-offline-1"}).json()
    env = http.post("/v1/environments", json={"name": f"tok-{time.monotonic_ns()}"}).json()
    session = http.post(
        "/v1/sessions", json={"agent": agent["id"], "environment_id": env["id"], "resources": resources}
    )
    assert session.status_code == 200, session.text
    return dict(session.json())


async def _leased_token(database_url: str, session: dict[str, Any], workspace_id: str) -> tuple[str, str]:
    """A Work item of the Session holding a live lease, and its session token (as Poll + Ack would leave it)."""
    token = credentials.SESSION_TOKEN_PREFIX + secrets.token_urlsafe(32)
    work_id = new_id("work")
    conn = await asyncpg.connect(database_url)
    try:
        await conn.execute(
            "INSERT INTO work (workspace_id, id, environment_id, kind, session_id, state, token_digest, claimed_at,"
            " acknowledged_at, latest_heartbeat_at, lease_ttl_seconds, created_at)"
            " VALUES ($1, $2, $3, 'session', $4, 'active', $5, now(), now(), now(), 300, now())",
            workspace_id,
            work_id,
            session["environment_id"],
            session["id"],
            credentials.digest(token),
        )
    finally:
        await conn.close()
    return token, work_id


def test_session_token_reaches_only_attached_stores(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        writable, readonly, unattached = _store(http, "rw"), _store(http, "ro"), _store(http, "other")
        seeded = http.post(f"/v1/memory_stores/{readonly}/memories", json={"path": "seed.md", "content": "s"}).json()
        session = _session(
            http,
            [
                {"type": "memory_store", "memory_store_id": writable, "access": "read_write"},
                {"type": "memory_store", "memory_store_id": readonly, "access": "read_only"},
            ],
        )
        token, work_id = asyncio.run(_leased_token(mango_platform.database_url, session, mango_tenant.workspace_id))
        with httpx.Client(
            base_url=mango_platform.base_url, headers={"authorization": f"Bearer {token}"}, timeout=30
        ) as worker:
            assert worker.get(f"/v1/memory_stores/{writable}").status_code == 200
            assert worker.get(f"/v1/memory_stores/{unattached}").status_code == 404
            assert worker.get(f"/v1/memory_stores/{unattached}/memories").status_code == 404
            assert worker.get(f"/v1/memory_stores/{readonly}/memories/{seeded['id']}").json()["content"] == "s"

            created = worker.post(f"/v1/memory_stores/{writable}/memories", json={"path": "w.md", "content": "w"})
            assert created.status_code == 200, created.text
            refused = worker.post(f"/v1/memory_stores/{readonly}/memories", json={"path": "x.md", "content": "x"})
            assert refused.status_code == 403
            assert refused.json()["error"]["type"] == "permission_error"
            assert worker.delete(f"/v1/memory_stores/{readonly}/memories/{seeded['id']}").status_code == 403
            foreign = worker.post(f"/v1/memory_stores/{unattached}/memories", json={"path": "x.md", "content": "x"})
            assert foreign.status_code == 404
            assert worker.post(f"/v1/memory_stores/{writable}/archive").status_code == 403

            versions = worker.get(
                f"/v1/memory_stores/{writable}/memory_versions", params={"session_id": session["id"]}
            ).json()["data"]
            assert [v["created_by"] for v in versions] == [{"type": "session_actor", "session_id": session["id"]}]

        asyncio.run(_check_lease_fence(mango_platform.database_url, mango_tenant.workspace_id, work_id, session, token))


async def _check_lease_fence(
    database_url: str, workspace_id: str, work_id: str, session: dict[str, Any], token: str
) -> None:
    """The in-transaction fence holds for the current token only, and only while the lease is live."""
    conn = await asyncpg.connect(database_url)
    try:
        async with conn.transaction():
            live = await work_store.lease_is_live(conn, workspace_id, work_id, session["id"], credentials.digest(token))
            assert live
        await conn.execute("UPDATE work SET token_digest = $2 WHERE id = $1", work_id, credentials.digest("rotated"))
        async with conn.transaction():
            stale = await work_store.lease_is_live(
                conn, workspace_id, work_id, session["id"], credentials.digest(token)
            )
            assert not stale
        await conn.execute(
            "UPDATE work SET token_digest = $2, latest_heartbeat_at = now() - interval '1 hour' WHERE id = $1",
            work_id,
            credentials.digest(token),
        )
        async with conn.transaction():
            expired = await work_store.lease_is_live(
                conn, workspace_id, work_id, session["id"], credentials.digest(token)
            )
            assert not expired
    finally:
        await conn.close()
