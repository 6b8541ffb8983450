"""The operator's answer to "what did this model call see?" (``mango session inspect``).

Lists a Session's recorded model requests (one per ``span.model_request_start``, each with the
attempts of its provider call from the operation journal, ``store.provider_calls``), or rebuilds the
exact body one of them sent from its recipe: the transcript entries it named (through the
compaction it used), its system prompt, tools and parameters, encoded by the adapter's own
encoder with the options it recorded (a body retention dropped is reported as dropped).
Not responsible for parsing arguments or printing (``cli``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TypedDict

from mango_server.app.turn import context_admission
from mango_server.domain.errors import NotFoundError
from mango_server.model import recorded_body
from mango_server.store import context, provider_calls, sessions
from mango_server.store.db import create_pool, transaction


class AttemptSummary(TypedDict):
    """One attempt to send a request: ``prepared``, ``started``, ``completed``, ``failed`` or ``abandoned``."""

    attempt: int
    state: str
    provider_request_id: str | None
    usage: dict[str, object] | None  # what the provider reported for this attempt, when it answered
    error_type: str | None
    prepared_at: str
    started_at: str | None
    ended_at: str | None


@dataclass(frozen=True)
class RequestSummary:
    """One recorded model request, as the listing shows it."""

    id: str
    trigger_id: str
    round: int
    estimate: int
    entries: int
    compaction_id: str | None
    usage: context.RequestUsage | None
    provider_request_id: str | None
    attempts: list[AttemptSummary] = field(default_factory=list)
    body_dropped: bool = False  # retention dropped the recipe body (``app.retention``): no exact body to print


class BodyDroppedError(Exception):
    """The request's body was dropped by retention; only its usage and metadata remain."""


async def list_requests(database_url: str, session_id: str) -> list[RequestSummary]:
    """Every recorded request of the Session, oldest first.

    Raises:
        NotFoundError: no such Session.
    """
    pool = await create_pool(database_url, min_size=1, max_size=1)
    try:
        async with transaction(pool) as conn:
            if not await sessions.exists_any(conn, session_id):
                raise NotFoundError(f"no Session {session_id}")
            rows = await context.list_requests(conn, session_id)
            journal = await provider_calls.for_session(conn, session_id)
    finally:
        await pool.close()
    attempts: dict[str, list[AttemptSummary]] = {}
    for a in journal:
        attempts.setdefault(a.request_id, []).append(_attempt(a))
    return [
        RequestSummary(
            r.id, r.trigger_id, r.round, r.estimate, r.entries_count, r.compaction_id, r.usage,
            r.provider_request_id, attempts.get(r.id, []), "dropped" in r.recipe,
        )
        for r in rows
    ]  # fmt: skip


def _attempt(row: provider_calls.AttemptRow) -> AttemptSummary:
    return {
        "attempt": row.attempt,
        "state": row.state,
        "provider_request_id": row.provider_request_id,
        "usage": row.usage,
        "error_type": row.error_type,
        "prepared_at": row.prepared_at.isoformat(),
        "started_at": _iso(row.started_at),
        "ended_at": _iso(row.ended_at),
    }


def _iso(at: datetime | None) -> str | None:
    return at.isoformat() if at is not None else None


async def request_body(database_url: str, session_id: str, request_id: str) -> bytes:
    """The exact body the recorded request ``request_id`` (its span id) sent to the model.

    Raises:
        NotFoundError: no such Session or request.
    """
    pool = await create_pool(database_url, min_size=1, max_size=1)
    try:
        async with transaction(pool) as conn:
            row = await context.get_request(conn, session_id, request_id)
            if row is not None and "dropped" in row.recipe:
                raise BodyDroppedError(
                    f"the body of model request {request_id} was dropped by retention"
                    " (the Workspace's request_bodies_days); its usage and metadata are kept"
                )
            request = await context_admission.rebuild_request(conn, session_id, request_id)
    finally:
        await pool.close()
    if row is None or request is None:
        raise NotFoundError(f"no model request {request_id} in Session {session_id}")
    # Each adapter's own encoder with the options its recipe recorded: the bytes that adapter sent.
    return recorded_body(request, row.recipe.get("adapter") or {})
