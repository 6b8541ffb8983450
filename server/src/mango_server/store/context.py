"""Context snapshots: compactions (``context_compactions``) and model request recipes (``model_requests``).

A compaction row is an immutable projection of a Session's transcript; the newest one is where
later requests start from. A request row is written before its provider call (the recipe of what
the call sees) and completed once with the provider's usage, request id and the usage anchor it
yields (:class:`RequestCompletion`, written with the answer's transcript message by
``store.transcript.append_answer``). Not responsible for computing projections or recipes
(``domain.compaction``, ``app.turn.context_admission``); the transcript rows are never touched here.

A recipe is stored compactly (:func:`stored_recipe`) so its bytes per request stay flat as a Session
grows: its system prompt, tool declarations and tool configuration are content-addressed parts stored
once per Workspace (``recipe_parts``), and its entries name the previous request's entries plus the appended ones when
they extend them. Reads answer the full form (the ``mango_request_recipe`` SQL function).
"""

from __future__ import annotations

import hashlib
import json
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


class PreviousRecipe(TypedDict):
    """What the stored form of a Session's newest recipe tells the next one: its id, how many entries it
    sends and their digest, and the digests of its parts (None where it has none)."""

    id: str
    count: int | None
    digest: str | None
    system: str | None
    tools: str | None
    tool_config: str | None


class RecipePart(TypedDict):
    """A content-addressed part of a recipe: the sha256 of its JSON text, and the value."""

    digest: str
    body: object


def _digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value).encode()).hexdigest()


def stored_recipe(
    recipe: RequestRecipe, request_id: str, previous: PreviousRecipe | None
) -> tuple[dict[str, object], list[RecipePart]]:
    """The stored form of ``recipe`` and the parts to store with it.

    The system prompt, tools and tool configuration become ``{"part": digest}`` (a part the previous
    request already named is not sent again); the entries become ``{"base": previous id, "tail": [...]}``
    when they extend the previous request's entries, else stay the full list. ``entries_count`` and
    ``entries_digest`` let the next request do the same without reading this one's entries.
    """
    if previous is not None and previous["id"] == request_id:
        previous = None  # a re-run of a recorded request: its insert is a no-op
    stored: dict[str, object] = dict(recipe)
    parts: list[RecipePart] = []
    for key in ("system", "tools", "tool_config"):
        value = recipe[key]
        if not value:
            continue
        digest = _digest(value)
        stored[key] = {"part": digest}
        if previous is None or previous[key] != digest:
            parts.append({"digest": digest, "body": value})
    keys = recipe["entries"]
    count = previous["count"] if previous is not None else None
    if (
        previous is not None
        and count is not None
        and count <= len(keys)
        and previous["digest"] == _digest(keys[:count])
    ):
        stored["entries"] = {"base": previous["id"], "tail": keys[count:]}
    stored["entries_count"] = len(keys)
    stored["entries_digest"] = _digest(keys)
    return stored, parts


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
    entries_count: int


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
    previous: PreviousRecipe | None = None,
) -> bool:
    """Record a request's recipe (in its stored form, with its new parts) before its provider call;
    ``previous`` is the Session's newest recipe before it. A re-run with the same id is a no-op (False)."""
    stored, parts = stored_recipe(recipe, request_id, previous)
    inserted = await conn.fetchval(
        Q.insert_request,
        workspace_id, session_id, request_id, trigger_id, round_, compaction_id, stored, estimate, parts,
    )  # fmt: skip
    return inserted is not None


async def get_request(conn: Connection, session_id: str, request_id: str) -> RequestRow | None:
    """One recorded request of the Session."""
    record = await conn.fetchrow(Q.get_request, session_id, request_id)
    return from_record(RequestRow, record) if record is not None else None


async def list_requests(conn: Connection, session_id: str) -> list[RequestRow]:
    """Every recorded request of the Session, oldest first, its recipe in the stored form (``entries_count``
    says how many entries it sends)."""
    return [from_record(RequestRow, r) for r in await conn.fetch(Q.list_requests, session_id)]
