"""The turn engine waits the provider's ``retry_after`` or else the shared jittered backoff."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from types import SimpleNamespace
from typing import Any, cast

import pytest
from mango_server.app.turn import engine as turn_engine
from mango_server.app.turn.rounds import Round, StepOutcome
from mango_server.domain import backoff
from mango_server.domain.capabilities import CapabilitySnapshot
from mango_server.live import NullNotifier
from mango_server.model import ModelError, ModelRequest, OfflineModel


class _Conn:
    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        yield


class _Pool:
    @asynccontextmanager
    async def acquire(self) -> AsyncIterator[_Conn]:
        yield _Conn()


def _round(errors: int) -> Round:
    request = ModelRequest("mango-offline-1", [], 64)
    snapshot = CapabilitySnapshot.of({"model": {"id": "mango-offline-1"}})
    return Round("wksp_1", "sesn_1", "sevt_t", 0, errors, "sevt_s", snapshot, request, None)


@pytest.mark.parametrize(
    ("errors", "retry_after", "expected"),
    [
        (0, None, backoff.delay(0, rand=lambda: 0.5)),
        (2, None, backoff.delay(2, rand=lambda: 0.5)),
        (1, 7.0, 7.0),
    ],
)
async def test_retry_delay(
    monkeypatch: pytest.MonkeyPatch, errors: int, retry_after: float | None, expected: float
) -> None:
    seen: dict[str, Any] = {}

    async def lock_if_current(conn: Any, prepared: Round) -> object:
        return SimpleNamespace(primary_session_id=None)  # a Session's own row

    async def record_error(conn: Any, session: Any, prepared: Round, exc: ModelError, **kwargs: Any) -> StepOutcome:
        seen.update(kwargs)
        return StepOutcome("retry", kwargs["retry_delay"])

    async def end_attempt(conn: Any, prepared: Round, state: str, *args: Any, **kwargs: Any) -> bool:
        seen["attempt"] = state
        return True

    monkeypatch.setattr(turn_engine, "lock_if_current", lock_if_current)
    monkeypatch.setattr(turn_engine, "record_error", record_error)
    monkeypatch.setattr(turn_engine, "_end_attempt", end_attempt)
    engine = turn_engine.TurnEngine(cast(Any, _Pool()), OfflineModel(), NullNotifier(), max_errors=9, rand=lambda: 0.5)
    exc = ModelError("overloaded", retryable=True, retry_after=retry_after)
    outcome = await engine._record_error(_round(errors), exc)
    assert outcome == StepOutcome("retry", expected)
    assert seen == {"attempt": "failed", "exhausted": False, "retry_delay": expected}
