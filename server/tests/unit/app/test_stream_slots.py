"""The shared stream cap against a stand-in for PostgreSQL's session advisory locks.

The stand-in keeps PostgreSQL's rules that matter here: a lock belongs to a session, the same
session may take its own lock again (hence the held-slot exclusion), and a session's locks go
with it. The real database is exercised by ``integration/test_sse_load.py``.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from mango_server.app.streams import SharedStreamSlots
from mango_server.domain.errors import OverloadedError, RateLimitedError
from mango_server.store import streams


class _Server:
    def __init__(self) -> None:
        self.locks: dict[tuple[str, int], _Session] = {}
        self.down = False
        self.gate: asyncio.Event | None = None  # when set, statements wait for it


class _Session:
    def __init__(self, server: _Server) -> None:
        self.server = server
        self.closed = False

    async def fetchval(self, query: str, *args: Any) -> Any:
        if self.server.down:
            self.terminate()
            raise ConnectionResetError("server closed the connection")
        if self.server.gate is not None:
            await self.server.gate.wait()
        locks = self.server.locks
        if query == streams.Q.take_stream_slot:
            key_id, limit, excluded = args
            for slot in range(limit):
                owner = locks.get((key_id, slot))
                if slot not in excluded and (owner is None or owner is self):  # re-entrant, like PostgreSQL
                    locks[(key_id, slot)] = self
                    return slot
            return None
        assert query == streams.Q.give_back_stream_slot
        key_id, slot = args
        if locks.get((key_id, slot)) is self:
            del locks[(key_id, slot)]
            return True
        return False

    def is_closed(self) -> bool:
        return self.closed

    def terminate(self) -> None:
        self.closed = True
        self.server.locks = {k: v for k, v in self.server.locks.items() if v is not self}

    async def close(self) -> None:
        self.terminate()


def _process(server: _Server, limit: int = 2) -> SharedStreamSlots:
    async def connect() -> Any:
        if server.down:
            raise ConnectionRefusedError("connection refused")
        return _Session(server)

    return SharedStreamSlots(limit, connect)


async def test_the_cap_holds_across_processes_and_a_slot_given_back_is_free_everywhere() -> None:
    server = _Server()
    first, second = _process(server), _process(server)
    taken = [await first.take("key_a"), await first.take("key_a")]
    assert sorted(taken) == [0, 1]  # the same session never gets its own slot twice
    for process in (first, second):
        with pytest.raises(RateLimitedError, match="2 open event streams"):
            await process.take("key_a")
    assert await second.take("key_b") == 0  # another credential is not affected
    await first.give_back("key_a", taken[0])
    assert await second.take("key_a") == taken[0]
    assert first.open("key_a") == 1
    assert second.open("key_a") == 1


async def test_a_lost_connection_answers_503_and_frees_that_process_s_slots() -> None:
    server = _Server()
    first, second = _process(server), _process(server)
    await first.take("key")
    await first.take("key")
    server.down = True
    with pytest.raises(OverloadedError):
        await first.take("key")
    server.down = False
    assert first.open("key") == 0  # forgotten with the connection, which took its locks along
    assert await second.take("key") in (0, 1)
    assert await first.take("key") in (0, 1)
    await first.give_back("key", 5)  # a slot it does not hold: nothing happens


async def test_a_request_cancelled_while_taking_gives_its_slot_back() -> None:
    server = _Server()
    process = _process(server, limit=1)
    server.gate = asyncio.Event()
    pending = asyncio.ensure_future(process.take("key"))
    await asyncio.sleep(0)
    pending.cancel()
    server.gate.set()
    with pytest.raises(asyncio.CancelledError):
        await pending
    for _ in range(10):
        await asyncio.sleep(0)
    server.gate = None
    assert server.locks == {}
    assert await process.take("key") == 0
