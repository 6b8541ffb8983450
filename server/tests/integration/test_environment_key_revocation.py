"""Revoking an Environment key is ordered against its Polls and Acks by the key's row lock: once the
revocation has returned, no Poll or Ack made with the key succeeds, not even a long poll or an Ack
that authenticated before it, and every one that did succeed had committed before the revocation."""

from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import dataclass, field

import asyncpg
import httpx
import pytest
from mango_server.devstack import Platform, Tenant
from mango_server.store.credentials import IssuedKey, create_environment_key, revoke_environment_key

from ._client import client
from .test_work import bearer, new_environment

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]


def _issue(platform: Platform, tenant: Tenant, env_id: str) -> IssuedKey:
    async def issue() -> IssuedKey:
        conn = await asyncpg.connect(platform.database_url)
        try:
            return await create_environment_key(conn, tenant.workspace_id, env_id)
        finally:
            await conn.close()

    return asyncio.run(issue())


def _revoke(platform: Platform, key_id: str) -> tuple[set[str], set[str]]:
    """Revoke the key; then, at once, the items claimed and acknowledged so far (committed state)."""

    async def revoke() -> tuple[set[str], set[str]]:
        conn = await asyncpg.connect(platform.database_url)
        try:
            assert await revoke_environment_key(conn, key_id) is not None
            rows = await conn.fetch(
                "SELECT w.id, w.claimed_at IS NOT NULL AS claimed, w.acknowledged_at IS NOT NULL AS acked "
                "FROM work w JOIN environment_keys k ON k.environment_id = w.environment_id WHERE k.id = $1",
                key_id,
            )
        finally:
            await conn.close()
        return {r["id"] for r in rows if r["claimed"]}, {r["id"] for r in rows if r["acked"]}

    return asyncio.run(revoke())


def _enqueue(http: httpx.Client, env_id: str, count: int) -> None:
    for _ in range(count):
        created = http.post(f"/v1/environments/{env_id}/work/healthcheck")
        assert created.status_code == 200, created.text


def test_a_long_poll_that_authenticated_before_the_revocation_claims_nothing_after_it(
    mango_platform: Platform, mango_tenant: Tenant
) -> None:
    with client(mango_platform, mango_tenant) as http:
        env_id = new_environment(http, "revoke-long-poll")
        key = _issue(mango_platform, mango_tenant, env_id)
        answers: list[httpx.Response] = []

        def long_poll() -> None:
            with bearer(mango_platform, key.secret) as worker:
                answers.append(worker.get(f"/v1/environments/{env_id}/work/poll", params={"block_ms": 999}))

        poller = threading.Thread(target=long_poll)
        poller.start()
        time.sleep(0.3)  # authenticated, and waiting on an empty queue
        _revoke(mango_platform, key.id)
        _enqueue(http, env_id, 1)  # Work arrives while the poll still waits
        poller.join(timeout=30)
        [answer] = answers
        assert answer.status_code == 401, answer.text
        stats = http.get(f"/v1/environments/{env_id}/work/stats").json()
        assert (stats["depth"], stats["pending"]) == (1, 0)  # nothing was claimed


def test_an_ack_racing_a_revocation_waits_for_it_and_fails(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        env_id = new_environment(http, "revoke-ack")
        key = _issue(mango_platform, mango_tenant, env_id)
        _enqueue(http, env_id, 1)
        with bearer(mango_platform, key.secret) as worker:
            polled = worker.get(f"/v1/environments/{env_id}/work/poll")
            assert polled.status_code == 200, polled.text
            status = asyncio.run(_ack_across_revocation(mango_platform, key, env_id, polled.json()["id"]))
        assert status == 401
        item = http.get(f"/v1/environments/{env_id}/work/{polled.json()['id']}").json()
        assert item["state"] == "queued"  # claimed, never acknowledged


async def _ack_across_revocation(platform: Platform, key: IssuedKey, env_id: str, work_id: str) -> int:
    """Revoke the key in a transaction that holds its row while the Ack (already authenticated) queues
    for it, then commit; returns the Ack's HTTP status."""
    conn = await asyncpg.connect(platform.database_url)
    answer: list[int] = []
    try:
        revoking = conn.transaction()
        await revoking.start()
        await conn.execute("UPDATE environment_keys SET revoked_at = now() WHERE id = $1", key.id)

        def ack() -> None:
            with bearer(platform, key.secret) as worker:
                answer.append(worker.post(f"/v1/environments/{env_id}/work/{work_id}/ack").status_code)

        thread = threading.Thread(target=ack)
        thread.start()
        await _until_blocked(conn)
        await revoking.commit()
        await asyncio.to_thread(thread.join, 30)
    finally:
        await conn.close()
    return answer[0]


async def _until_blocked(conn: asyncpg.Connection) -> None:
    """Wait until another backend of this database waits on a lock (the Ack, past authentication)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        waiting = await conn.fetchval(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
        )
        if waiting:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the Ack never queued for the key's row")


@dataclass
class _Calls:
    """What the racing workers saw: (sent at, kind, work id, status)."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    seen: list[tuple[float, str, str | None, int]] = field(default_factory=list)

    def add(self, sent: float, kind: str, work_id: str | None, status: int) -> None:
        with self.lock:
            self.seen.append((sent, kind, work_id, status))


def test_no_poll_or_ack_succeeds_after_the_revocation_returned(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        env_id = new_environment(http, "revoke-race")
        key = _issue(mango_platform, mango_tenant, env_id)
        _enqueue(http, env_id, 40)
        calls = _Calls()
        stop = threading.Event()

        def work_loop() -> None:
            with bearer(mango_platform, key.secret) as worker:
                while not stop.is_set():
                    sent = time.monotonic()
                    polled = worker.get(f"/v1/environments/{env_id}/work/poll", params={"worker_id": "racer"})
                    work_id = polled.json()["id"] if polled.status_code == 200 else None
                    calls.add(sent, "poll", work_id, polled.status_code)
                    if work_id is not None:
                        sent = time.monotonic()
                        acked = worker.post(f"/v1/environments/{env_id}/work/{work_id}/ack")
                        calls.add(sent, "ack", work_id, acked.status_code)
                    time.sleep(0.02)

        workers = [threading.Thread(target=work_loop) for _ in range(3)]
        for worker in workers:
            worker.start()
        try:
            time.sleep(0.4)
            claimed_before, acked_before = _revoke(mango_platform, key.id)
            revoked = time.monotonic()
            time.sleep(0.6)
        finally:
            stop.set()
            for worker in workers:
                worker.join(timeout=30)
        succeeded = [(sent, kind, work_id) for sent, kind, work_id, status in calls.seen if status == 200]
        assert any(sent < revoked for sent, _, _ in succeeded), "no Poll or Ack succeeded before the revocation"
        # Every success had committed when the revocation returned ...
        for _, kind, work_id in succeeded:
            assert work_id in (claimed_before if kind == "poll" else acked_before), (kind, work_id)
        # ... and every request sent after it was refused as unauthenticated.
        after = [(kind, status) for sent, kind, _, status in calls.seen if sent > revoked]
        assert after, "no request was sent after the revocation"
        assert all(status == 401 for _, status in after), after
