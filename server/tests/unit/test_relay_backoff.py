"""The outbox relay schedules a failed delivery with the shared jittered backoff."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any, cast

import pytest
from mango_server.domain import backoff
from mango_server.orchestration.relay import OutboxRelay
from mango_server.store import outbox
from mango_server.store.outbox import OutboxRow


class _Conn:
    def __init__(self) -> None:
        self.executed: list[tuple[str, tuple[Any, ...]]] = []

    async def execute(self, sql: str, *args: Any) -> str:
        self.executed.append((sql, args))
        return "UPDATE 1"


class _Pool:
    def __init__(self) -> None:
        self.conn = _Conn()

    @asynccontextmanager
    async def acquire(self) -> AsyncIterator[_Conn]:
        yield self.conn


class _FailingClient:
    async def start_workflow(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("temporal is down")


@pytest.mark.parametrize("attempts", [0, 3, 9])
async def test_failed_delivery_is_retried_after_the_jittered_backoff(attempts: int) -> None:
    pool = _Pool()
    relay = OutboxRelay(cast(Any, pool), cast(Any, _FailingClient()), "queue", rand=lambda: 0.25)
    row = OutboxRow("sesn_1", "wksp_1", "wake", datetime.now(UTC), attempts)
    await relay._deliver(row)
    [(sql, args)] = pool.conn.executed
    assert sql == outbox.Q.retry_outbox
    assert args == ("sesn_1", row.created_at, backoff.delay(attempts, rand=lambda: 0.25))
    assert args[2] <= 30.0
