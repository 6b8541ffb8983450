"""Context snapshots: compactions (``context_compactions``) and model request recipes (``model_requests``).

A compaction row is an immutable projection of a Session's transcript; the newest one is where
later requests start from. A request row is written before its provider call (the recipe of what
the call sees) and completed once with the provider's usage, request id and the usage anchor it
yields (:class:`RequestCompletion`, written with the answer's transcript message by
``store.transcript.append_answer``). Not responsible for computing projections or recipes
(``domain.compaction``, ``app.turn.context_admission``); the transcript rows are never touched here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NotRequired, TypedDict

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


class RequestUsage(TypedDict):
    """The provider's usage of one request, as its row records it."""

    input_tokens: int
    output_tokens: int
    cache_creation_input_tokens: int
    cache_read_input_tokens: int
    server_tool_use: dict[str, object] | None


class UsageAnchorRecord(TypedDict):
    """The usage anchor an answered request yields: the measured prefix (its fingerprint and message
    count) and the tokens the provider counted for it."""

    fingerprint: str
    messages: int
    tokens: int
    request_id: str


class StoredProjection(TypedDict):
    """A compaction's projection as stored: ``domain.compaction.Projection``'s fields, and the reason a
    model-written summary fell back to the extractive one (``summary_error``)."""

    kept: list[str]
    replaced: dict[str, list[JsonObject]]
    summary: str | None
    summary_index: int
    horizon: str | None
    summary_error: NotRequired[str]


class RecordedTool(TypedDict):
    """A tool declaration as a recipe records it (the fields of ``model.ToolSpec``)."""

    name: str
    description: str
    input_schema: dict[str, object]
    kind: Literal["custom", "builtin", "provider_native"]
    provider_type: str | None
    options: dict[str, object]


class RequestRecipe(TypedDict):
    """What one provider call sees, enough to rebuild its exact body: the transcript entries it sends,
    its system prompt, tools and parameters, and how admission measured it."""

    entries: list[str]
    system: str | None
    tools: list[RecordedTool]
    model: str
    max_tokens: int
    attempt: int | None
    extra: dict[str, object]
    agent: dict[str, object]
    tool_config: list[dict[str, object]]
    adapter: dict[str, str | int | bool]
    #: The model endpoint the request went to (``model.EndpointProfile.recorded``); the Session's first
    #: recipe's is the endpoint the Session pinned.
    endpoint: NotRequired[dict[str, object]]
    policy_version: str
    catalogue_version: str
    window: dict[str, int]
    compaction_id: str | None
    estimate: int
    anchor_request_id: str | None


@dataclass(frozen=True, slots=True)
class RequestCompletion:
    """The provider's answer to a request as its row records it: usage, its request id and the anchor it yields."""

    request_id: str
    usage: RequestUsage
    provider_request_id: str | None
    anchor: UsageAnchorRecord | None


@dataclass(frozen=True, slots=True)
class CompactionRow:
    """One compaction snapshot."""

    id: str
    parent_id: str | None
    trigger_id: str
    mode: str
    policy_version: str
    projection: StoredProjection
    pre_tokens: int
    post_tokens: int


@dataclass(frozen=True, slots=True)
class RequestRow:
    """One recorded model request."""

    id: str
    trigger_id: str
    round: int
    compaction_id: str | None
    recipe: RequestRecipe
    estimate: int
    usage: RequestUsage | None
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
    recipe: RequestRecipe,
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
