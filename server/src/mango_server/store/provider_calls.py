"""The operation journal of provider calls (``provider_calls``): one row per attempt of a model request.

A recorded request (``store.context``, keyed by its ``span.model_request_start`` id) is sent by
attempts: :func:`open_attempt` records the next one ``prepared`` (abandoning any an earlier run left
open), :func:`start` marks it ``started`` just before its HTTP call, and :func:`finish` ends it
``completed`` (its response committed), ``failed`` or ``abandoned``. At most one attempt of a
request is ever completed (a partial unique index backs the check), which is what makes its usage
count once. Not responsible for deciding when an attempt moves (``app.turn``) or for the request's
own usage and recipe (``store.context``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from mango_server.store.db import Connection, from_record
from mango_server.store.sql_loader import NamedQueries

Ended = Literal["completed", "failed", "abandoned"]


class Q(NamedQueries, file="provider_calls"):
    open_attempt: str
    start_attempt: str
    finish_attempt: str
    for_session: str


@dataclass(frozen=True, slots=True)
class AttemptRow:
    """One attempt to send a recorded request."""

    request_id: str
    attempt: int
    state: str
    provider_request_id: str | None
    usage: dict[str, object] | None
    error_type: str | None
    prepared_at: datetime
    started_at: datetime | None
    ended_at: datetime | None


async def open_attempt(conn: Connection, workspace_id: str, session_id: str, request_id: str) -> int:
    """Record the request's next attempt ``prepared``; returns its number (1 for the first)."""
    attempt = await conn.fetchval(Q.open_attempt, workspace_id, session_id, request_id)
    return int(attempt)


async def start(conn: Connection, request_id: str, attempt: int) -> bool:
    """Mark the attempt ``started``; False when it is no longer ``prepared`` (a later run abandoned it)."""
    return await conn.fetchval(Q.start_attempt, request_id, attempt) is not None


async def finish(
    conn: Connection,
    request_id: str,
    attempt: int,
    state: Ended,
    *,
    provider_request_id: str | None = None,
    usage: Mapping[str, object] | None = None,
    error_type: str | None = None,
) -> bool:
    """End the attempt; False when it was not open, or when ``completed`` and another attempt already is."""
    row = await conn.fetchval(
        Q.finish_attempt, request_id, attempt, state, provider_request_id,
        dict(usage) if usage is not None else None, error_type,
    )  # fmt: skip
    return row is not None


async def for_session(conn: Connection, session_id: str) -> list[AttemptRow]:
    """Every attempt of the Session's requests, by request then attempt."""
    return [from_record(AttemptRow, r) for r in await conn.fetch(Q.for_session, session_id)]
