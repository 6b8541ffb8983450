"""Context snapshots: compactions (``context_compactions``) and model request recipes (``model_requests``).

A compaction row is an immutable projection of a Session's transcript; the newest one is where
later requests start from. A request row is written before its provider call (the recipe of what
the call sees) and completed once with the provider's usage, request id and the usage anchor it
yields (:class:`RequestCompletion`, written with the answer's transcript message by
``store.transcript.append_answer``). Not responsible for computing projections or recipes
(``domain.compaction``, ``app.turn.context_admission``); the transcript rows are never touched here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from mango_server.domain.json import JsonObject
from mango_server.store.db import Connection, from_record
from mango_server.store.sql_loader import NamedQueries


class Q(NamedQueries, file="context"):
    insert_compaction: str
    latest_compaction: str
    get_compaction: str
    insert_request: str
    get_request: str
    list_requests: str


@dataclass(frozen=True, slots=True)
class RequestCompletion:
    """The provider's answer to a request as its row records it: usage, its request id and the anchor it yields."""

    request_id: str
    usage: JsonObject
    provider_request_id: str | None
    anchor: JsonObject | None


@dataclass(frozen=True, slots=True)
class CompactionRow:
    """One compaction snapshot."""

    id: str
    parent_id: str | None
    trigger_id: str
    mode: str
    policy_version: str
    projection: JsonObject
    pre_tokens: int
    post_tokens: int


@dataclass(frozen=True, slots=True)
class RequestRow:
    """One recorded model request."""

    id: str
    trigger_id: str
    round: int
    compaction_id: str | None
    recipe: JsonObject
    estimate: int
    usage: JsonObject | None
    provider_request_id: str | None


async def insert_compaction(conn: Connection, workspace_id: str, session_id: str, new: CompactionRow) -> bool:
    """Record ``new``; False when a compaction with its id already exists."""
    inserted = await conn.fetchval(
        Q.insert_compaction,
        workspace_id,
        session_id,
        new.id,
        new.parent_id,
        new.trigger_id,
        new.mode,
        new.policy_version,
        new.projection,
        new.pre_tokens,
        new.post_tokens,
    )
    return inserted is not None


async def latest_compaction(conn: Connection, session_id: str) -> CompactionRow | None:
    """The Session's newest compaction, if any."""
    record = await conn.fetchrow(Q.latest_compaction, session_id)
    return from_record(CompactionRow, record) if record is not None else None


async def get_compaction(conn: Connection, session_id: str, compaction_id: str) -> CompactionRow | None:
    """One compaction of the Session."""
    record = await conn.fetchrow(Q.get_compaction, session_id, compaction_id)
    return from_record(CompactionRow, record) if record is not None else None


async def insert_request(
    conn: Connection,
    workspace_id: str,
    session_id: str,
    request_id: str,
    trigger_id: str,
    round_: int,
    compaction_id: str | None,
    recipe: Mapping[str, object],
    estimate: int,
) -> bool:
    """Record a request's recipe before its provider call; a re-run with the same id is a no-op (False)."""
    inserted = await conn.fetchval(
        Q.insert_request, workspace_id, session_id, request_id, trigger_id, round_, compaction_id, recipe, estimate
    )
    return inserted is not None


async def get_request(conn: Connection, session_id: str, request_id: str) -> RequestRow | None:
    """One recorded request of the Session."""
    record = await conn.fetchrow(Q.get_request, session_id, request_id)
    return from_record(RequestRow, record) if record is not None else None


async def list_requests(conn: Connection, session_id: str) -> list[RequestRow]:
    """Every recorded request of the Session, oldest first."""
    return [from_record(RequestRow, r) for r in await conn.fetch(Q.list_requests, session_id)]
