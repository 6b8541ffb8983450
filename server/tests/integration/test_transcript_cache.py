"""A round's transcript read with a process's cache of earlier rounds reads what a read without it reads.

``store.transcript.round_start`` given a Session's cached rows reads only the rows after them and checks
the Session's row count in the same statement. These tests run real turns, then compare every cached
read with ``for_context`` (the whole transcript, read plainly) on PostgreSQL: after more turns, with the
current turn's rows (read, never cached), with a row of another queued trigger (left out, and nothing
cached), and with rows the cache cannot know of (a row appended to an old turn, a cache that lists a row
the database lacks), where the check must send the read back to the whole transcript.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import pytest
from mango_server.devstack import Platform, Tenant
from mango_server.domain.compaction import Entry
from mango_server.store import transcript
from mango_server.store.db import Connection, create_pool
from mango_server.store.transcript import CachedRows

from ._client import client, new_session, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]

_NO_TURN = "sevt_no_current_turn"  # no turn is running: only processed triggers' rows are read


def _turns(platform: Platform, tenant: Tenant, session_id: str | None, count: int) -> str:
    with client(platform, tenant) as http:
        sid = session_id or new_session(http, "transcript-cache")
        for turn in range(count):
            say(http, sid, f"turn {turn}")
            wait_status(http, sid, "end_turn")
        return sid


@pytest.fixture
async def conn(mango_platform: Platform) -> AsyncIterator[Connection]:
    pool = await create_pool(mango_platform.database_url, min_size=1, max_size=1)  # with the JSON codecs
    try:
        async with pool.acquire() as connection:
            yield connection
    finally:
        await pool.close()


async def _cached_session(platform: Platform, tenant: Tenant, conn: Connection, turns: int) -> tuple[str, CachedRows]:
    """A new Session after ``turns`` turns, and what a first read leaves a cache of it."""
    sid = _turns(platform, tenant, None, turns)
    cached = (await transcript.round_start(conn, sid, _NO_TURN)).cacheable
    assert cached is not None
    return sid, cached


def _trigger(row: Entry) -> str:
    """The trigger of a row, from its ``<trigger_id>:<position>`` key."""
    return row.key.rpartition(":")[0]


@contextlib.asynccontextmanager
async def _rolled_back(conn: Connection) -> AsyncIterator[None]:
    """A transaction whose writes the test sees and then undoes."""
    tx = conn.transaction()
    await tx.start()
    try:
        yield
    finally:
        await tx.rollback()


async def _queued_trigger(conn: Connection, workspace_id: str, session_id: str, event_id: str) -> None:
    """A queued ``user.message`` after the Session's last event, with a transcript row of its own."""
    await conn.execute(
        "INSERT INTO session_events (workspace_id, session_id, seq, id, type, payload, created_at, session_thread_id)"
        " SELECT workspace_id, session_id, max(seq) + 1, $2, 'user.message', '{}', now(), session_thread_id"
        " FROM session_events WHERE session_id = $1 GROUP BY workspace_id, session_id, session_thread_id",
        session_id,
        event_id,
    )
    await transcript.append(conn, workspace_id, session_id, event_id, "user", [{"type": "text", "text": event_id}])


async def test_cached_reads_match_the_whole_transcript_as_turns_are_added(
    mango_platform: Platform, mango_tenant: Tenant, conn: Connection
) -> None:
    sid = _turns(mango_platform, mango_tenant, None, 3)
    first = await transcript.round_start(conn, sid, _NO_TURN)
    whole = await transcript.for_context(conn, sid, _NO_TURN)
    assert first.rows == whole
    assert len(whole) == 6  # each turn: the user's message and the answer
    assert first.cacheable is not None
    assert first.cacheable.rows == tuple(whole)

    again = await transcript.round_start(conn, sid, _NO_TURN, first.cacheable)
    assert again.rows is not None
    assert again.rows == whole
    assert again.cacheable is None  # nothing new to cache
    assert all(a is b for a, b in zip(again.rows, first.cacheable.rows, strict=True))  # the cached rows, not re-read

    _turns(mango_platform, mango_tenant, sid, 2)
    later = await transcript.round_start(conn, sid, _NO_TURN, first.cacheable)
    assert later.rows is not None
    assert later.rows == await transcript.for_context(conn, sid, _NO_TURN)
    assert len(later.rows) == 10
    assert later.rows[0] is first.cacheable.rows[0]
    assert later.cacheable is not None
    assert later.cacheable.rows == tuple(later.rows)
    assert later.cacheable.seq > first.cacheable.seq
    assert later.cacheable.size > first.cacheable.size


async def test_the_current_turn_is_read_but_not_cached_and_another_queued_one_is_left_out(
    mango_platform: Platform, mango_tenant: Tenant, conn: Connection
) -> None:
    sid, cached = await _cached_session(mango_platform, mango_tenant, conn, 2)
    async with _rolled_back(conn):
        await _queued_trigger(conn, mango_tenant.workspace_id, sid, "sevt_cache_current")
        await _queued_trigger(conn, mango_tenant.workspace_id, sid, "sevt_cache_queued")
        for base in (cached, None):
            start = await transcript.round_start(conn, sid, "sevt_cache_current", base)
            assert start.rows is not None
            assert start.rows == await transcript.for_context(conn, sid, "sevt_cache_current")
            assert start.rows[-1].key.startswith("sevt_cache_current:")
            assert not [row for row in start.rows if row.key.startswith("sevt_cache_queued:")]
            assert start.cacheable is None  # the tail starts with the current turn, or a row was left out


async def test_rows_the_cache_cannot_know_of_send_the_read_back_to_the_whole_transcript(
    mango_platform: Platform, mango_tenant: Tenant, conn: Connection
) -> None:
    sid, cached = await _cached_session(mango_platform, mango_tenant, conn, 3)

    # A cache that lists a row the database does not have (the count is one short).
    first_trigger = _trigger(cached.rows[0])
    invented = Entry(f"{first_trigger}:99", "user", [{"type": "text", "text": "invented"}])
    stale = CachedRows(cached.seq, (*cached.rows, invented), cached.size)
    start = await transcript.round_start(conn, sid, _NO_TURN, stale)
    assert start.rows is not None
    assert invented not in start.rows
    assert start.rows == await transcript.for_context(conn, sid, _NO_TURN)

    # A row appended to an early, processed turn: at or below the cache's seq, so only the count shows it.
    async with _rolled_back(conn):
        late = [{"type": "text", "text": "late"}]
        await transcript.append(conn, mango_tenant.workspace_id, sid, _trigger(cached.rows[0]), "user", late)
        start = await transcript.round_start(conn, sid, _NO_TURN, cached)
        whole = await transcript.for_context(conn, sid, _NO_TURN)
        assert start.rows == whole
        assert len(whole) == len(cached.rows) + 1
        assert any(row.blocks == late for row in whole)
