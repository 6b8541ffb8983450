"""Step holds on the real components: a Session's next input runs in-process while its step holds it.

After a step leaves a Session idle, the orchestrator holds it (``orchestration.holds``): an append
that would arm the outbox wakeup leaves it unarmed and pokes the holder. These tests check that such
input runs without a Temporal signal, that a hold is always released, that a holder that misses
its poke still ends, released, with the input left for the step that follows, and that a hold
nothing came during asks for no step. The holder killed
during a hold is in ``test_crash``.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import pytest
from mango_server.devstack import Platform, Tenant
from mango_server.live.notifier import NatsNotifier, committed_subject
from mango_server.orchestration.holds import Held, StepHolds
from mango_server.orchestration.types import workflow_id
from mango_server.store.db import Connection, Pool, create_pool
from temporalio.client import Client

from ._client import client, history, new_session, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]


@pytest.fixture
async def pool(mango_platform: Platform) -> AsyncIterator[Pool]:
    opened = await create_pool(mango_platform.database_url, min_size=1, max_size=2)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
async def notifier(mango_platform: Platform) -> AsyncIterator[NatsNotifier]:
    connected = await NatsNotifier.connect(mango_platform.stack.nats_url)
    try:
        yield connected
    finally:
        await connected.close()


async def _hold_once(holds: StepHolds, session_id: str) -> Held | None:
    async with holds.holding(session_id) as holding:
        return await holding.hold()


async def _signals(platform: Platform, session_id: str) -> int:
    """Temporal's signal events in the Session's workflow run (a Session of a few turns never continues)."""
    temporal = await Client.connect(platform.stack.temporal_address)
    handle = temporal.get_workflow_handle(workflow_id(session_id))
    return sum(
        [
            event.HasField("workflow_execution_signaled_event_attributes")
            async for event in handle.fetch_history_events()
        ]
    )


async def _held(conn: Connection, session_id: str) -> bool:
    return bool(await conn.fetchval("SELECT held_until > clock_timestamp() FROM sessions WHERE id = $1", session_id))


async def _wait_held(conn: Connection, session_id: str, held: bool, within: float = 10.0) -> None:
    deadline = time.monotonic() + within
    while await _held(conn, session_id) != held:
        assert time.monotonic() < deadline, f"the Session's hold did not become {held}"
        await asyncio.sleep(0.02)


async def test_input_during_a_hold_runs_without_a_signal(
    mango_platform: Platform, mango_tenant: Tenant, pool: Pool
) -> None:
    async with pool.acquire() as conn:
        with client(mango_platform, mango_tenant) as http:
            sid = new_session(http, "held")
            say(http, sid, "first")
            wait_status(http, sid, "end_turn")
            await _wait_held(conn, sid, True)
            before = await _signals(mango_platform, sid)
            say(http, sid, "second")
            wait_status(http, sid, "end_turn")
            events = history(http, sid)
        assert await _signals(mango_platform, sid) == before, "the held Session's input was signalled"
        assert [e["type"] for e in events].count("agent.message") == 2
        # The hold that follows the second turn ends by itself, released.
        await _wait_held(conn, sid, False, within=15)


async def test_client_tool_results_during_a_hold_run_without_a_signal(
    mango_platform: Platform, mango_tenant: Tenant
) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "held-tools")
        say(http, sid, 'go\n/tool get_weather {"city": "Paris"}\n/tool get_weather {"city": "Rome"}')
        first, second = wait_status(http, sid, "requires_action")["stop_reason"]["event_ids"]
        before = await _signals(mango_platform, sid)
        for tool_id, text in ((first, "sunny"), (second, "rain")):  # the first result only wakes the holder
            result = {
                "type": "user.custom_tool_result",
                "custom_tool_use_id": tool_id,
                "content": [{"type": "text", "text": text}],
            }
            http.post(f"/v1/sessions/{sid}/events", json={"events": [result]}).raise_for_status()
            await asyncio.sleep(0.3)
        wait_status(http, sid, "end_turn")
        assert "rain" in [e for e in history(http, sid) if e["type"] == "agent.message"][-1]["content"][0]["text"]
    assert await _signals(mango_platform, sid) == before, "a result sent while the Session was held was signalled"


async def test_a_hold_that_misses_its_poke_ends_released(
    mango_platform: Platform, mango_tenant: Tenant, pool: Pool, notifier: NatsNotifier
) -> None:
    """The poke is best effort: a holder listening on the wrong subject waits out its hold, releases it and
    asks for a step, and the input appended meanwhile is still queued for that step, unarmed."""

    class _Deaf(NatsNotifier):
        async def subscribe(self, subject: str, callback):  # type: ignore[no-untyped-def,override]
            return await notifier.subscribe("mango.test.nothing", callback)

    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "deaf")  # never spoken to: no workflow holds or runs it
        holding = asyncio.create_task(_hold_once(StepHolds(pool, _Deaf(None), wait=1.0, limit=1), sid))
        async with pool.acquire() as conn:
            await _wait_held(conn, sid, True)
            await asyncio.to_thread(say, http, sid, "while held")
            assert await holding is not None  # held, released: the caller runs a step
            assert not await _held(conn, sid)
            queued = await conn.fetchval(
                "SELECT count(*) FROM session_events WHERE session_id = $1 AND type = 'user.message'"
                " AND processed_at IS NULL",
                sid,
            )
            assert queued == 1
            assert await conn.fetchval("SELECT count(*) FROM session_outbox WHERE session_id = $1", sid) == 0


async def test_a_steps_later_holds_keep_its_subscription_and_wake_on_input_only(
    mango_platform: Platform, mango_tenant: Tenant, pool: Pool, notifier: NatsNotifier
) -> None:
    """A local step's holds after the first subscribe and renew no more (the commit before each took the hold),
    ignore the poke of that commit and wake on the poke of input appended after it."""
    subscribed: list[str] = []

    class _Counting(NatsNotifier):
        async def subscribe(self, subject: str, callback):  # type: ignore[no-untyped-def,override]
            subscribed.append(subject)
            return await notifier.subscribe(subject, callback)

    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "shared")  # never spoken to: no workflow holds or runs it
        async with StepHolds(pool, _Counting(None), wait=5.0, limit=1).holding(sid) as holding:
            first = asyncio.create_task(holding.hold())
            async with pool.acquire() as conn:
                await _wait_held(conn, sid, True)
                await asyncio.to_thread(say, http, sid, "first")
                assert await first is not None
                # What the commit of the step that ran it does when it leaves the Session idle: take the hold.
                head = await conn.fetchval(
                    "UPDATE sessions SET held_until = clock_timestamp() + interval '10 seconds' WHERE id = $1"
                    " RETURNING next_seq - 1",
                    sid,
                )
            second = asyncio.create_task(holding.hold(head))
            await notifier.committed(sid, f'{{"head":{head}}}'.encode())  # that commit's own poke
            await asyncio.sleep(0.5)
            assert not second.done(), "the commit's own poke woke the hold"
            await asyncio.to_thread(say, http, sid, "second")
            assert await asyncio.wait_for(second, 3) is not None  # the poke woke it, well before its 5 s
    assert subscribed == [committed_subject(sid)]
    async with pool.acquire() as conn:
        assert not await _held(conn, sid)


async def test_a_quiet_hold_ends_released_without_a_step(
    mango_platform: Platform, mango_tenant: Tenant, pool: Pool, notifier: NatsNotifier
) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "quiet")  # never spoken to: no workflow holds or runs it
    assert await _hold_once(StepHolds(pool, notifier, wait=0.3, limit=1), sid) is None  # nothing came: no step
    async with pool.acquire() as conn:
        assert not await _held(conn, sid)


async def test_no_hold_is_taken_when_none_is_free_and_none_is_left_behind(
    mango_platform: Platform, mango_tenant: Tenant, pool: Pool, notifier: NatsNotifier
) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "left-behind")
    async with pool.acquire() as conn:  # a dead holder's hold
        await conn.execute(
            "UPDATE sessions SET held_until = clock_timestamp() + interval '1 minute' WHERE id = $1", sid
        )
    assert await _hold_once(StepHolds(pool, notifier, wait=1.0, limit=0), sid) is None
    async with pool.acquire() as conn:
        assert not await _held(conn, sid)  # not left to skip the next wakeup
