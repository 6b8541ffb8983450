"""Context admission for every provider request, compaction snapshots and overflow recovery.

Runs inside the prepare transaction of a round (``plan``, then ``record``): the transcript is projected through the
Session's newest compaction, the request is built and measured (provider usage anchor for the
already-observed prefix, the conservative estimator for the rest) against the model's budget, and,
when it would not fit, a new extractive compaction is recorded with its
``agent.thread_context_compacted`` event; the request's recipe is then recorded under the id of its
``span.model_request_start`` event. Compaction ids derive from the round, so a re-run after a
crash records one compaction. ``recover_overflow`` is the one-shot, more aggressive compaction
after a provider ``request_too_large`` refusal. ``complete`` stores the provider's usage and the
anchor the next admission measures with.

Not responsible for: the policy itself (``domain.context_policy``, ``domain.compaction``,
``domain.tokens``), building the round's ``CapabilitySnapshot`` (``app.turn.prepare``), SQL
(``store.context``) or calling the model (``app.turn.engine``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import partial

from mango_server.app import ledger
from mango_server.app.ledger import Tx
from mango_server.app.turn.request import build_request, merge_messages
from mango_server.app.turn.summarizer import Summary
from mango_server.domain import compaction as policy
from mango_server.domain._generated.events import AgentThreadContextCompactedEvent
from mango_server.domain.capabilities import CapabilitySnapshot
from mango_server.domain.compaction import Entry, Projection
from mango_server.domain.context_policy import Budget, budget_for
from mango_server.domain.model_windows import CATALOGUE_VERSION, ModelWindow, resolve_window
from mango_server.domain.prices import Price
from mango_server.domain.tokens import Prefix, PrefixCache, UsageAnchor, estimate_request, measure
from mango_server.ids import derived_id
from mango_server.model import (
    AdapterProfile,
    EndpointProfile,
    ModelCapabilities,
    ModelClient,
    ModelRequest,
    ModelResponse,
    ToolSpec,
    tool_declaration,
)
from mango_server.store import context as store
from mango_server.store import transcript
from mango_server.store.context import (
    CompactionRow,
    PreviousRecipe,
    RecordedTool,
    RequestRecipe,
    RequestUsage,
    StoredProjection,
    UsageAnchorRecord,
)
from mango_server.store.db import Connection
from mango_server.store.events import NewEvent
from mango_server.store.transcript import TranscriptCache

__all__ = [
    "ContextConfig",
    "Plan",
    "RoundKey",
    "SummaryNeeded",
    "completion",
    "plan",
    "rebuild_request",
    "record",
    "recover_overflow",
]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ContextConfig:
    """What preparing a round needs beyond the Session: what it reads of the model client (its recipe
    profile, capabilities and list prices), the endpoint of each model id, the requested output and the
    operator's windows."""

    adapter: AdapterProfile
    capabilities: ModelCapabilities  # ``native_web_fetch``: does the endpoint fetch web pages itself?
    price: Callable[[str], Price | None]  # the client's list price of a model id
    max_tokens: int = 4096  # the output a request asks for when its Agent names no ``max_tokens``
    windows: Mapping[str, ModelWindow] = field(default_factory=dict)
    #: The endpoint of a model id (its catalogue entry, ``model.ModelRouter.endpoint``); None, or an id it
    #: does not know: the client's own capabilities and profile, the window of ``windows``.
    endpoints: Callable[[str], EndpointProfile | None] | None = None
    #: The request prefixes this process digested lately (``domain.tokens.PrefixCache``): a round measures
    #: and anchors what its request appended to the last one, not its whole transcript again.
    prefixes: PrefixCache = field(default_factory=PrefixCache, compare=False, repr=False)
    #: The transcripts of the Sessions this process ran rounds of lately (``store.transcript.TranscriptCache``):
    #: a round reads the rows its Session's last round did not.
    transcripts: TranscriptCache = field(default_factory=TranscriptCache, compare=False, repr=False)

    @classmethod
    def of(
        cls,
        model: ModelClient,
        max_tokens: int,
        windows: Mapping[str, ModelWindow],
        endpoints: Callable[[str], EndpointProfile | None] | None = None,
    ) -> ContextConfig:
        """The configuration of rounds asked of ``model``."""
        return cls(model.profile, model.capabilities, model.price, max_tokens, windows, endpoints)

    def endpoint(self, model_id: str) -> EndpointProfile:
        """What a request on ``model_id`` goes to: its capabilities, window and adapter profile."""
        found = self.endpoints(model_id) if self.endpoints is not None else None
        return found or EndpointProfile(
            model_id, self.adapter, self.capabilities, resolve_window(model_id, self.windows)
        )


@dataclass(frozen=True)
class Plan:
    """An admitted request and what admission decided about it."""

    request: ModelRequest
    entry_keys: list[str]
    estimate: int
    compaction_id: str | None
    recipe: RequestRecipe
    #: The Session's newest recorded recipe, the one this recipe is stored against (``store.context.stored_recipe``).
    previous: PreviousRecipe | None = None


@dataclass(frozen=True)
class SummaryNeeded:
    """Admission must compact and the Agent asks for a model-written summary of what is omitted.

    The caller commits the prepare transaction, asks the summarizer (outside any transaction) and
    prepares again with the answer under ``compaction_id`` (``None`` text: fall back to extractive).
    """

    compaction_id: str
    model_id: str
    entries: list[Entry]
    max_tokens: int


@dataclass(frozen=True)
class RoundKey:
    """Where a request belongs: the round of a turn and the id of its start event (the request id)."""

    workspace_id: str
    session_id: str
    trigger_id: str
    round: int
    start_id: str
    attempt: int


def projection_of(row: CompactionRow | None) -> Projection | None:
    """The stored projection of a compaction row."""
    if row is None:
        return None
    p = row.projection
    return Projection(
        p["kept"], p.get("replaced") or {}, p.get("summary"), int(p.get("summary_index") or 0), p["horizon"]
    )


def _request(snapshot: CapabilitySnapshot, entries: list[Entry], attempt: int, max_tokens: int) -> ModelRequest:
    return build_request(snapshot, entries, attempt=attempt, max_tokens=max_tokens)


def _declarations(request: ModelRequest) -> list[dict[str, object]]:
    return [tool_declaration(t) for t in request.tools]


def _size(request: ModelRequest) -> int:
    return estimate_request(request.system, request.messages, _declarations(request))


async def plan(
    tx: Tx,
    where: RoundKey,
    snapshot: CapabilitySnapshot,
    config: ContextConfig,
    summaries: Mapping[str, Summary] | None = None,
) -> Plan | SummaryNeeded:
    """Admit the round's request, compacting first when it would not fit.

    ``summaries`` holds model-written summaries obtained after an earlier ``SummaryNeeded`` answer.
    """
    conn = tx.conn
    transcripts = config.transcripts
    start = await transcript.round_start(conn, where.session_id, where.trigger_id, transcripts.get(where.session_id))
    if start.cacheable is not None:
        tx.on_commit.append(partial(transcripts.put, where.session_id, start.cacheable))
    elif start.compaction is not None:  # its projection decides which rows a round reads
        transcripts.pop(where.session_id)
    # The Session's first request pinned its endpoint: a catalogue change never alters a running Session.
    endpoint = config.endpoint(snapshot.model_id).pinned(start.endpoint)
    snapshot = replace(snapshot, endpoint=endpoint.capabilities)
    budget = _budget(snapshot, config, endpoint.window)
    latest, raw_anchor = start.compaction, start.anchor
    projection = projection_of(latest)
    entries = start.rows if start.rows is not None else await _rows(conn, where, projection)
    projected = policy.apply_projection(projection, entries, _summary_key(latest))
    request = _request(snapshot, projected, where.attempt, budget.max_tokens)
    anchor = _anchor(raw_anchor)
    measured = measure(request.system, request.messages, _declarations(request), anchor, config.prefixes)
    compaction_id = latest.id if latest else None
    if not budget.fits(measured.tokens):
        if projection is not None:
            entries = await transcript.for_context(conn, where.session_id, where.trigger_id)
        new = await _compact(
            tx, where, snapshot, entries, budget, measured.tokens, latest, aggressive=False, summaries=summaries
        )
        if isinstance(new, SummaryNeeded):
            return new
        projected = policy.apply_projection(projection_of(new), entries, _summary_key(new))
        request = _request(snapshot, projected, where.attempt, budget.max_tokens)
        measured = measure(request.system, request.messages, _declarations(request), None)
        compaction_id = new.id
    if measured.prefix is not None:  # its answer's anchor extends it (``completion``)
        config.prefixes.put(_awaiting(where.start_id), measured.prefix)
    keys = [e.key for e in projected]
    recipe = _recipe(
        snapshot, request, keys, budget, endpoint, compaction_id, measured.tokens, measured.anchor_request_id
    )
    return Plan(request, keys, measured.tokens, compaction_id, recipe, start.previous)


async def record(conn: Connection, where: RoundKey, admitted: Plan) -> bool:
    """Record the admitted request's recipe before its provider call; False when a re-run finds it recorded."""
    return await store.insert_request(
        conn, where.workspace_id, where.session_id, where.start_id, where.trigger_id, where.round,
        admitted.compaction_id, admitted.recipe, admitted.estimate, admitted.previous,
    )  # fmt: skip


async def _rows(conn: Connection, where: RoundKey, projection: Projection | None) -> list[Entry]:
    """The transcript rows the request can use: all of them, or only what the newest projection sends."""
    if projection is None or projection.horizon is None:
        return await transcript.for_context(conn, where.session_id, where.trigger_id)
    keys = [_split(k) for k in projection.kept]
    return await transcript.for_projection(conn, where.session_id, where.trigger_id, keys, _split(projection.horizon))


def _split(key: str) -> tuple[str, int]:
    trigger, _, position = key.rpartition(":")
    return trigger, int(position)


def _budget(snapshot: CapabilitySnapshot, config: ContextConfig, window: ModelWindow) -> Budget:
    """The request's budget: the Agent's ``max_tokens`` (else the deployment's), within the window's output limit."""
    wanted = snapshot.model_options.get("max_tokens")
    return budget_for(window, wanted if isinstance(wanted, int) and wanted > 0 else config.max_tokens)


def _summary_key(row: CompactionRow | None) -> str:
    return f"summary:{row.id}" if row else "summary"


def _anchor(raw: UsageAnchorRecord | None) -> UsageAnchor | None:
    if not raw:
        return None
    return UsageAnchor(
        str(raw["fingerprint"]), int(raw["messages"]), int(raw["tokens"]), str(raw.get("request_id") or "")
    )


async def _compact(
    tx: Tx,
    where: RoundKey,
    snapshot: CapabilitySnapshot,
    entries: list[Entry],
    budget: Budget,
    pre_tokens: int,
    parent: CompactionRow | None,
    *,
    aggressive: bool,
    ceiling: int | None = None,
    summaries: Mapping[str, Summary] | None = None,
) -> CompactionRow | SummaryNeeded:
    """Record (once) the compaction of this round and announce it; returns the recorded row.

    In the Agent's ``summary`` mode an admission compaction that omits messages first answers
    ``SummaryNeeded``; with the summarizer's answer in ``summaries`` it records the model-written
    summary, or the extractive one (with the failure's reason) when the summary call failed.
    The aggressive overflow compaction is always extractive: it must not depend on another call.
    """
    conn = tx.conn
    empty = _request(snapshot, [], where.attempt, budget.max_tokens)
    target = budget.target(aggressive=aggressive)
    if ceiling is not None:
        target = min(target, ceiling)
    projection = policy.compact(entries, target, _size(empty))
    # One admission compaction per attempt of the round, one overflow compaction per round.
    kind = "overflow" if aggressive else f"admission-{where.attempt}"
    row_id = derived_id("ctx", where.session_id, where.trigger_id, where.round, kind)
    mode = "extractive_aggressive" if aggressive else "extractive"
    summary_error: str | None = None
    wanted = snapshot.compaction
    if not aggressive and wanted.mode == "summary" and projection.summary is not None:
        existing = await store.get_compaction(conn, where.session_id, row_id)
        if existing is not None:
            return existing  # recorded by an earlier run of this round
        room = min(wanted.max_summary_tokens, policy.summary_budget(target, _size(empty)))
        written = (summaries or {}).get(row_id)
        if written is None:
            return SummaryNeeded(row_id, snapshot.model_id, policy.dropped_entries(projection, entries), room)
        if written.text:
            projection = policy.with_summary(projection, written.text, room)
            mode = "summary"
        else:
            summary_error = written.error or "the summary call failed"
    post = _size(_request(snapshot, policy.apply_projection(projection, entries, f"summary:{row_id}"), 1, 1))
    row = CompactionRow(
        row_id,
        parent.id if parent else None,
        where.trigger_id,
        mode,
        policy.POLICY_VERSION,
        _stored(projection, summary_error),
        pre_tokens,
        post,
    )
    if await store.insert_compaction(conn, where.workspace_id, where.session_id, row):
        payload = AgentThreadContextCompactedEvent(
            pre_tokens=pre_tokens, post_tokens=post, mode=row.mode, summary_fallback=summary_error
        )
        event = NewEvent.of(derived_id("sevt", row_id, "compacted"), payload)
        await ledger.append(tx, where.workspace_id, where.session_id, [event])
        log.info(
            "context compacted session_id=%s compaction_id=%s pre_tokens=%s post_tokens=%s kept=%s",
            where.session_id, row_id, pre_tokens, post, len(projection.kept),
            extra={"action": "context.compacted"},
        )  # fmt: skip
    stored = await store.get_compaction(conn, where.session_id, row_id)
    assert stored is not None
    return stored


def _stored(projection: Projection, summary_error: str | None) -> StoredProjection:
    """The stored form of a projection (with the reason its summary fell back, if it did)."""
    stored: StoredProjection = {
        "kept": projection.kept,
        "replaced": projection.replaced,
        "summary": projection.summary,
        "summary_index": projection.summary_index,
        "horizon": projection.horizon,
    }
    if summary_error is not None:
        stored["summary_error"] = summary_error
    return stored


def _recorded(tool: ToolSpec) -> RecordedTool:
    """A tool declaration as the recipe records it (``rebuild_request`` makes the ``ToolSpec`` again)."""
    return {
        "name": tool.name,
        "description": tool.description,
        "input_schema": dict(tool.input_schema),
        "kind": tool.kind,
        "provider_type": tool.provider_type,
        "options": dict(tool.options),
    }


def _recipe(
    snapshot: CapabilitySnapshot,
    request: ModelRequest,
    keys: list[str],
    budget: Budget,
    endpoint: EndpointProfile,
    compaction_id: str | None,
    estimate: int,
    anchor_request_id: str | None,
) -> RequestRecipe:
    """What this provider call sees, enough to rebuild its exact body (``rebuild_request``)."""
    return {
        "entries": keys,
        "system": request.system,
        "tools": [_recorded(t) for t in request.tools],
        "model": request.model,
        "max_tokens": request.max_tokens,
        "attempt": request.attempt,
        "extra": dict(request.extra),
        "agent": {"id": snapshot.agent_id, "version": snapshot.agent_version},
        "tool_config": list(snapshot.tools),
        "adapter": endpoint.adapter.recorded(),
        "endpoint": endpoint.recorded(),
        "policy_version": policy.POLICY_VERSION,
        "catalogue_version": CATALOGUE_VERSION,
        "window": {"context_window": budget.window, "limit": budget.limit},
        "compaction_id": compaction_id,
        "estimate": estimate,
        "anchor_request_id": anchor_request_id,
    }


async def recover_overflow(
    tx: Tx, where: RoundKey, snapshot: CapabilitySnapshot, config: ContextConfig, refused_estimate: int
) -> bool:
    """Record the one aggressive compaction of this round after a refusal; False when it was already used."""
    conn = tx.conn
    row_id = derived_id("ctx", where.session_id, where.trigger_id, where.round, "overflow")
    if await store.get_compaction(conn, where.session_id, row_id) is not None:
        return False
    rows = await transcript.for_context(conn, where.session_id, where.trigger_id)
    latest = await store.latest_compaction(conn, where.session_id)
    budget = _budget(snapshot, config, config.endpoint(snapshot.model_id).window)
    await _compact(
        tx,
        where,
        snapshot,
        rows,
        budget,
        refused_estimate,
        latest,
        aggressive=True,
        ceiling=max(refused_estimate // 2, 1),
    )  # fmt: skip  (aggressive: never a SummaryNeeded)
    return True


def _awaiting(request_id: str) -> str:
    """The ``PrefixCache`` key of an admitted request's prefix, until its answer."""
    return f"request:{request_id}"


def completion(
    request_id: str, request: ModelRequest, response: ModelResponse, prefixes: PrefixCache | None = None
) -> store.RequestCompletion:
    """What the request's row records of the provider's answer: usage, its request id and the anchor for the
    next admission (written with the answer's message, ``store.transcript.append_answer``).

    ``prefixes``: where admission left the request's digested prefix, and where the anchor's is kept for
    the next admission."""
    usage = response.usage
    wire: RequestUsage = {
        "input_tokens": usage.input_tokens,
        "output_tokens": usage.output_tokens,
        "cache_creation_input_tokens": usage.cache_creation_input_tokens,
        "cache_read_input_tokens": usage.cache_read_input_tokens,
        "server_tool_use": dict(usage.server_tool_use) if usage.server_tool_use else None,
    }
    observed = usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens
    anchor: UsageAnchorRecord | None = None
    admitted = prefixes.pop(_awaiting(request_id)) if prefixes is not None else None
    if observed > 0:
        declared = _declarations(request)
        if admitted is None or not admitted.same(request.system, declared, request.messages):
            admitted = Prefix.start(request.system, declared).extended(request.messages)
        prefix = admitted.extended([{"role": "assistant", "content": response.content}])
        if prefixes is not None:
            prefixes.put(prefix.fingerprint(), prefix)
        anchor = {
            "fingerprint": prefix.fingerprint(),
            "messages": len(prefix.messages),
            "tokens": observed + usage.output_tokens,
            "request_id": request_id,
        }
    return store.RequestCompletion(request_id, wire, response.request_id, anchor)


async def rebuild_request(conn: Connection, session_id: str, request_id: str) -> ModelRequest | None:
    """The exact request a recorded model call sent (under the name its endpoint knows the model by),
    rebuilt from its recipe and the transcript."""
    row = await store.get_request(conn, session_id, request_id)
    if row is None:
        return None
    recipe = row.recipe
    rows = await transcript.for_context(conn, session_id, row.trigger_id)
    compaction = await store.get_compaction(conn, session_id, row.compaction_id) if row.compaction_id else None
    entries = policy.apply_projection(projection_of(compaction), rows, _summary_key(compaction))
    by_key = {e.key: e for e in entries}
    chosen = [by_key[k] for k in recipe["entries"]]
    messages = merge_messages(chosen)
    # The router sent it under the endpoint's own name for the model, which the recipe's endpoint records.
    endpoint = recipe.get("endpoint") or {}
    return ModelRequest(
        model=str(endpoint.get("provider_model") or recipe["model"]),
        messages=messages,
        max_tokens=int(recipe["max_tokens"]),
        system=recipe["system"],
        tools=[ToolSpec(**t) for t in recipe["tools"]],
        extra=recipe.get("extra") or {},
        attempt=recipe.get("attempt"),
    )
