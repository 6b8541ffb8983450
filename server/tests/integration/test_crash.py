"""Crash recovery on the real components: ``kill -9`` a role mid-turn, restart it, and check that
the turn completes, no accepted event is lost or duplicated, and SSE resume is gap-free."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import asyncpg
import httpx
import pytest
from mango_server.devstack import DevStack, Platform, Tenant

from ._client import client, history, new_session, read_stream, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(240)]


@pytest.fixture
def platform(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    """A platform of its own: these tests kill its processes."""
    running = Platform(mango_services, tmp_path_factory.mktemp("crash")).start()
    try:
        yield running
    finally:
        running.stop()


def _wait_for_event(http: httpx.Client, session_id: str, event_type: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if any(e["type"] == event_type for e in history(http, session_id)):
            return
        time.sleep(0.05)
    raise AssertionError(f"no {event_type} within {timeout}s")


def _assert_clean_history(events: list[dict[str, object]], *, turns: int) -> None:
    ids = [e["id"] for e in events]
    assert len(ids) == len(set(ids)), "an event was duplicated"
    types = [e["type"] for e in events]
    assert types.count("user.message") == turns
    assert types.count("agent.message") == turns
    assert types[-1] == "session.status_idle"
    assert all(e["processed_at"] for e in events if e["type"] == "user.message")


def test_orchestrator_killed_mid_turn(platform: Platform) -> None:
    tenant: Tenant = platform.create_tenant("crash-orchestrator")
    with client(platform, tenant) as http:
        sid = new_session(http, "crash-orch")
        say(http, sid, "/sleep 1500\n/text survived")
        _wait_for_event(http, sid, "span.model_request_start")
        platform.kill_role("orchestrator")
        platform.start_role("orchestrator")
        wait_status(http, sid, "end_turn", timeout=90)
        events = history(http, sid)
        _assert_clean_history(events, turns=1)
        assert next(e for e in events if e["type"] == "agent.message")["content"] == [
            {"type": "text", "text": "survived"}
        ]
        assert [e["type"] for e in events].count("span.model_request_end") == 1


def test_input_accepted_while_orchestrator_is_down_runs_after_restart(platform: Platform) -> None:
    tenant = platform.create_tenant("crash-outbox")
    with client(platform, tenant) as http:
        sid = new_session(http, "crash-outbox")
        platform.kill_role("orchestrator")
        say(http, sid, "queued while down")
        assert http.get(f"/v1/sessions/{sid}").json()["status"] == "running"
        platform.start_role("orchestrator")
        wait_status(http, sid, "end_turn", timeout=60)
        _assert_clean_history(history(http, sid), turns=1)


def test_input_accepted_while_its_holder_is_killed_runs_after_restart(
    mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The orchestrator holding an idle Session (``orchestration.holds``) dies: input appended while its hold
    lasts arms no wakeup, and still runs once Temporal gives the unrecorded step to the new orchestrator."""
    hold = {"MANGO_STEP_HOLD_SECONDS": "5"}  # long enough to kill the holder and append inside its hold
    platform = Platform(mango_services, tmp_path_factory.mktemp("crash-hold"), extra_env=hold).start()
    try:
        tenant = platform.create_tenant("crash-hold")
        with client(platform, tenant) as http:
            sid = new_session(http, "crash-hold")
            say(http, sid, "first")
            wait_status(http, sid, "end_turn")
            platform.kill_role("orchestrator")
            since = asyncio.run(_database(platform, "SELECT clock_timestamp()"))
            say(http, sid, "while the holder is dead")
            armed = "SELECT count(*) FROM session_outbox WHERE session_id = $1 AND created_at >= $2"
            assert asyncio.run(_database(platform, armed, sid, since)) == 0, "the input was not held"
            platform.start_role("orchestrator")
            wait_status(http, sid, "end_turn", timeout=90)
            _assert_clean_history(history(http, sid), turns=2)
    finally:
        platform.stop()


async def _database(platform: Platform, query: str, *args: object) -> object:
    conn = await asyncpg.connect(platform.database_url)
    try:
        return await conn.fetchval(query, *args)
    finally:
        await conn.close()


def test_api_killed_after_accepting_input_and_stream_resumes_gap_free(platform: Platform) -> None:
    tenant = platform.create_tenant("crash-api")
    with client(platform, tenant) as http:
        sid = new_session(http, "crash-api")
        say(http, sid, "warm up")
        wait_status(http, sid, "end_turn")
        before = history(http, sid)
        accepted = say(http, sid, "/sleep 500\n/text after the crash")
        platform.kill_role("api")
        platform.start_role("api")
        platform.wait_ready()
        resumed = read_stream(http, sid, until="session.status_idle", last_event_id=before[-1]["id"])
        wait_status(http, sid, "end_turn", timeout=60)
        events = history(http, sid)
        _assert_clean_history(events, turns=2)
        streamed = [event_id for event_id, kind, _ in resumed if kind != "ping" and event_id]
        assert streamed == [e["id"] for e in events[len(before) :]]
        assert streamed[0] == accepted["id"]
