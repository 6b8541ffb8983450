"""Event streams under load on the real components: idle streams cost PostgreSQL nothing per
stream, a credential's streams are capped with a clear 429 across every api process (and a
killed process's streams stop counting), a saturated pool or a stuck
statement answers 503 in bounded time, and ``mango api`` shuts down promptly with streams open."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack

import asyncpg
import httpx
import pytest
from httpx_sse import connect_sse
from mango_server.devstack import DevStack, Platform, Tenant
from mango_server.devstack._ports import free_port

from ._client import client, new_session, read_stream, say

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]

STREAMS = 30


@pytest.fixture
def tight(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    """A platform of its own with small bounds: 3 streams per key, 1 s acquire, 2 s statements."""
    env = {
        "MANGO_SSE_MAX_STREAMS_PER_KEY": "3",
        "MANGO_DB_ACQUIRE_TIMEOUT_SECONDS": "1",
        "MANGO_DB_STATEMENT_TIMEOUT_MS": "2000",
        "MANGO_API_SHUTDOWN_SECONDS": "2",
    }
    running = Platform(mango_services, tmp_path_factory.mktemp("sse-tight"), extra_env=env).start()
    try:
        yield running
    finally:
        running.stop()


async def _transactions(database_url: str) -> int:
    conn = await asyncpg.connect(database_url)
    try:
        with contextlib.suppress(asyncpg.UndefinedFunctionError):  # PostgreSQL < 15 flushes by itself
            await conn.execute("SELECT pg_stat_force_next_flush()")
        return int(await conn.fetchval("SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"))
    finally:
        await conn.close()


def _hold_streams(http: httpx.Client, session_ids: list[str], stack: ExitStack) -> list[Iterator[bytes]]:
    """Open one stream per Session and keep it open: the caller must keep the returned iterators
    (a dropped iterator is closed by the garbage collector, and its connection with it)."""
    held: list[Iterator[bytes]] = []
    for sid in session_ids:
        response = stack.enter_context(http.stream("GET", f"/v1/sessions/{sid}/events/stream"))
        assert response.status_code == 200
        chunks = response.iter_bytes()
        assert next(chunks).startswith(b": connected")
        held.append(chunks)
    return held


def test_idle_streams_do_not_poll_postgres(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        sids = [new_session(http, f"idle-{i}") for i in range(STREAMS)]
        with ExitStack() as stack, httpx.Client(base_url=mango_platform.base_url, timeout=30) as raw:
            raw.headers["authorization"] = f"Bearer {mango_tenant.api_key}"
            held = _hold_streams(raw, sids, stack)
            time.sleep(2.0)  # let every stream settle
            before = asyncio.run(_transactions(mango_platform.database_url))
            time.sleep(5.0)
            after = asyncio.run(_transactions(mango_platform.database_url))
            assert len(held) == STREAMS
        # Polling streams commit about 2 * STREAMS transactions a second; the fan-out reads once a
        # second for all of them (plus the relay's scan and this probe).
        per_second = (after - before) / 5.0
        assert per_second < STREAMS / 3, f"{per_second:.1f} transactions/s with {STREAMS} idle streams"
        # A followed Session with news is still read at once.
        say(http, sids[0], "hello")
        frames = read_stream(http, sids[0], until="agent.message", last_event_id=None)
        assert frames[-1][1] == "agent.message"


def test_streams_per_key_are_capped_with_a_clear_429(tight: Platform) -> None:
    tenant, other = tight.create_tenant("cap"), tight.create_tenant("cap-other")
    with client(tight, tenant) as http, client(tight, other) as other_http, ExitStack() as stack:
        sids = [new_session(http, f"cap-{i}") for i in range(4)]
        held = _hold_streams(http, sids[:3], stack)
        refused = http.get(f"/v1/sessions/{sids[3]}/events/stream")
        assert refused.status_code == 429
        assert refused.json()["error"]["type"] == "rate_limit_error"
        assert "open event streams" in refused.json()["error"]["message"]
        other_sid = new_session(other_http, "cap-other")
        with other_http.stream("GET", f"/v1/sessions/{other_sid}/events/stream") as fine:
            assert fine.status_code == 200  # another key is not affected
        stack.close()
        del held
        deadline = time.monotonic() + 10
        while http.get(f"/v1/sessions/{sids[3]}", timeout=5).status_code == 200 and time.monotonic() < deadline:
            with http.stream("GET", f"/v1/sessions/{sids[3]}/events/stream") as again:
                if again.status_code == 200:
                    return  # closing streams gives their slots back
            time.sleep(0.2)
        raise AssertionError("slots were not given back after the streams closed")


@contextlib.contextmanager
def _second_api(platform: Platform) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """Another ``mango api`` process on the same database (as behind a load balancer)."""
    port = free_port()
    with (platform.log_dir / "api-2.log").open("ab") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "mango_server", "api"],
            env={**platform.env(), "MANGO_API_PORT": str(port)},
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{url}/v1/readiness", timeout=2).status_code == 200:
                    break
            assert proc.poll() is None, "the second api exited"
            assert time.monotonic() < deadline, "the second api did not become ready"
            time.sleep(0.2)
        yield proc, url
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def test_the_stream_cap_is_shared_by_every_api_process(tight: Platform) -> None:
    tenant = tight.create_tenant("shared-cap")
    with _second_api(tight) as (second, second_url), client(tight, tenant) as first_http, ExitStack() as stack:
        second_http = stack.enter_context(
            httpx.Client(base_url=second_url, headers={"authorization": f"Bearer {tenant.api_key}"}, timeout=30)
        )
        sids = [new_session(first_http, f"shared-{i}") for i in range(5)]
        on_first = ExitStack()
        held = [*_hold_streams(first_http, sids[:2], on_first), *_hold_streams(second_http, sids[2:3], stack)]
        for http in (first_http, second_http):
            refused = http.get(f"/v1/sessions/{sids[3]}/events/stream")
            assert refused.status_code == 429, refused.text
            assert "3 open event streams" in refused.json()["error"]["message"]
        # A slot given back on one process is free on the other.
        on_first.close()
        deadline = time.monotonic() + 10
        while True:
            with second_http.stream("GET", f"/v1/sessions/{sids[3]}/events/stream") as again:
                if again.status_code == 200:
                    break
            assert time.monotonic() < deadline, "a slot given back on one api was not free on the other"
            time.sleep(0.2)
        held += _hold_streams(second_http, sids[3:4], stack)
        # kill -9 of the second api (holding two streams): its slots die with its connection.
        second.send_signal(signal.SIGKILL)
        second.wait(timeout=10)
        opened = _hold_streams(first_http, sids[:3], stack)
        assert len(opened) == 3
        refused = first_http.get(f"/v1/sessions/{sids[4]}/events/stream")
        assert refused.status_code == 429, refused.text
        del held


def test_saturated_pool_answers_503_in_bounded_time(tight: Platform) -> None:
    tenant = tight.create_tenant("pool")
    with client(tight, tenant) as http:
        sid = new_session(http, "pool")
        statuses: list[int] = []
        release = threading.Event()

        async def hold_session_row() -> None:
            conn = await asyncpg.connect(tight.database_url)
            try:
                async with conn.transaction():
                    await conn.execute("SELECT 1 FROM sessions WHERE id = $1 FOR UPDATE", sid)
                    await asyncio.to_thread(release.wait, 20)
            finally:
                await conn.close()

        holder = threading.Thread(target=asyncio.run, args=(hold_session_row(),))
        holder.start()
        time.sleep(0.5)
        body = {"events": [{"type": "user.message", "content": [{"type": "text", "text": "x"}]}]}

        async def flood() -> None:
            async with httpx.AsyncClient(base_url=tight.base_url, timeout=30) as flood_client:
                flood_client.headers["authorization"] = f"Bearer {tenant.api_key}"
                responses = await asyncio.gather(
                    *(flood_client.post(f"/v1/sessions/{sid}/events", json=body) for _ in range(30))
                )
                statuses.extend(r.status_code for r in responses)

        started = time.monotonic()
        asyncio.run(flood())
        elapsed = time.monotonic() - started
        release.set()
        holder.join()
        # Waiting on the row lock, each statement is cancelled at 2 s; requests that found no free
        # connection gave up after 1 s. None of them waits for the lock holder.
        assert set(statuses) == {503}, statuses
        assert elapsed < 8.0, f"{elapsed:.1f}s"


def test_api_shuts_down_in_bounded_time_with_streams_open(tight: Platform) -> None:
    tenant = tight.create_tenant("shutdown")
    with client(tight, tenant) as http:
        sids = [new_session(http, f"down-{i}") for i in range(3)]
        ended: list[str] = []

        def follow(sid: str) -> None:
            with httpx.Client(base_url=tight.base_url, timeout=30) as own:
                own.headers["authorization"] = f"Bearer {tenant.api_key}"
                with connect_sse(own, "GET", f"/v1/sessions/{sid}/events/stream") as source:
                    for _ in source.iter_sse():
                        pass
                ended.append(sid)

        threads = [threading.Thread(target=follow, args=(sid,)) for sid in sids]
        for thread in threads:
            thread.start()
        time.sleep(1.0)
        api = tight.processes["api"]
        started = time.monotonic()
        api.send_signal(signal.SIGINT)
        code = api.wait(timeout=20)
        elapsed = time.monotonic() - started
        for thread in threads:
            thread.join(timeout=10)
        assert elapsed < 4.0, f"the api took {elapsed:.1f}s to stop"
        assert code == 0
        assert sorted(ended) == sorted(sids), "every stream ended cleanly"
        tight.processes.pop("api")
