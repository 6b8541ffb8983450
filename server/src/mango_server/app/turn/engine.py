"""The turn engine: one provider round per call, committed atomically, fenced against interrupts.

A turn answers one trigger (the oldest queued ``user.message``); it never sees input queued
after it started. ``TurnEngine.step`` is called by the Session workflow's activity. Each call:

1. (transaction, ``app.turn.prepare``) claims or resumes the active turn, appends
   ``span.model_request_start`` with a deterministic id, and reads the lossless transcript;
2. marks the round's provider call attempt ``started`` (the operation journal of provider calls,
   ``store.provider_calls``: the prepare transaction recorded it ``prepared``) and calls the model
   outside any transaction, streaming previews to NATS;
3. (transaction, ``app.turn.commit``) re-checks that the turn is still the active one at the
   same round (an interrupt may have ended it), then commits the response blocks to the
   transcript, the public events, usage, pending tool actions and the status projection together,
   with the attempt ``completed`` (an answer that comes too late ends its attempt ``abandoned``, a
   model error ``failed``): one attempt of a request is ever committed, so its usage counts once.

Every model is asked the same way, from the same place: the engine never knows which one it is;
what rounds read of it (capabilities, the recipe's adapter profile, list prices) is what the
``ModelClient`` protocol declares.

Retries: a crash before step 3 re-runs the round (deterministic ids make step 1 idempotent; the re-run
opens the next attempt and abandons the one the stopped run left open);
a model error is recorded as ``session.error`` and the workflow waits (``domain.backoff``, or the
provider's ``retry_after``) before the next step. A context-overflow refusal compacts once more
aggressively and retries the round at once; a second refusal of the same round ends the turn.
When admission must compact and the Agent asks for a model-written summary, step 1 answers
``SummaryNeeded``: the summary call runs between two prepare transactions (never inside one).
When a step leaves the Session idle, an active outcome's finished iteration is graded
(``app.turn.outcomes``), which may queue the grader's feedback as the next turn.
Not responsible for: waiting, timers or signals (the workflow), HTTP admission, or SQL (the repositories in ``store``).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Mapping
from dataclasses import replace

from mango_server.app.blobs import BlobWrites
from mango_server.app.ledger import Tx
from mango_server.app.mcp_tokens import McpTokens
from mango_server.app.threads import delegation
from mango_server.app.turn import context_admission, managed_calls, mcp_calls, metering
from mango_server.app.turn.commit import PlatformResults, commit_response, record_error, record_overflow_retry
from mango_server.app.turn.context_admission import ContextConfig, RoundKey, SummaryNeeded
from mango_server.app.turn.evaluator import CallToEvaluate, Evaluation, Evaluator
from mango_server.app.turn.mcp_discovery import Offer, discover
from mango_server.app.turn.outcomes import OutcomeLoop
from mango_server.app.turn.prepare import prepare, prepare_locked
from mango_server.app.turn.rounds import (
    OPEN_ACTION_STATES,
    Round,
    StepOutcome,
    finish_turn,
    lock_if_current,
    response_counts,
)
from mango_server.app.turn.skill_loader import load_instructions
from mango_server.app.turn.summarizer import ModelSummarizer, Summarizer, Summary
from mango_server.blob import BlobStore
from mango_server.domain import backoff, prices, tools
from mango_server.domain._generated import wire
from mango_server.domain.model_windows import ModelWindow
from mango_server.domain.roster import COORDINATOR_TOOLS
from mango_server.ids import derived_id
from mango_server.live import Notifier
from mango_server.model import (
    EndpointProfile,
    ModelClient,
    ModelContextOverflowError,
    ModelError,
    ModelResponse,
    TextDeltaCallback,
    tool_uses,
)
from mango_server.store import provider_calls, step_probe
from mango_server.store.db import Connection, Pool
from mango_server.store.sessions import lock_any, with_added_usage, write_usage
from mango_server.store.step_probe import StepProbe
from mango_server.tools.egress import EgressPolicy
from mango_server.tools.mcp_connector import McpConnector

__all__ = ["OPEN_ACTION_STATES", "StepOutcome", "TurnEngine", "finish_turn"]

log = logging.getLogger(__name__)


class TurnEngine:
    """Runs Session turns against PostgreSQL and a model client."""

    def __init__(
        self,
        pool: Pool,
        model: ModelClient,
        notifier: Notifier,
        *,
        max_errors: int = 4,
        max_tokens: int = 4096,
        blobs: BlobStore | None = None,
        rand: Callable[[], float] = random.random,
        windows: Mapping[str, ModelWindow] | None = None,
        mcp: McpConnector | None = None,
        mcp_tokens: McpTokens | None = None,
        evaluator: Evaluator | None = None,
        writes: BlobWrites | None = None,
        summarizer: Summarizer | None = None,
        egress: EgressPolicy | None = None,
        endpoints: Callable[[str], EndpointProfile | None] | None = None,
        grader_model: str | None = None,
        summary_model: str | None = None,
    ) -> None:
        self._pool = pool
        self._model = model
        self._notifier = notifier
        self._max_errors = max_errors
        # What rounds read of the model: per model id, its endpoint (``endpoints``: the catalogue router's).
        self._context = ContextConfig.of(model, max_tokens, dict(windows or {}), endpoints)
        self._blobs = blobs
        self._rand = rand  # jitter source of the retry delay
        self._mcp = mcp
        self._mcp_tokens = mcp_tokens  # the Sessions' MCP credentials (None: no keyring, none are sent)
        self._evaluator = evaluator
        self._writes = writes  # large MCP results become Files (``app.turn.mcp_results``)
        self._summarizer = summarizer or ModelSummarizer(model)  # the Agent's ``summary`` compaction mode
        self._summary_model = summary_model  # None: the Session's model
        self._egress = egress  # the platform-managed web_fetch connects through it (``app.turn.managed_calls``)
        # Grades an active outcome when a turn ends.
        self._outcomes = OutcomeLoop(pool, model, grader_model=grader_model)

    async def step(self, session_id: str, *, hold: float | None = None) -> StepOutcome:
        """Advance the Session by at most one provider round: probe -> prepare -> ask the model -> commit.

        ``hold``: a round that leaves the Session idle takes its step hold for so many seconds in its
        commit (``orchestration.holds``); the outcome then names the head it committed.
        """
        prepared, probe = await self._prepare(session_id)
        outcome = prepared if isinstance(prepared, StepOutcome) else await self._run_round(prepared, hold)
        return await self._after_turn(session_id, outcome, probe.active_outcome)

    async def _prepare(self, session_id: str) -> tuple[Round | StepOutcome, StepProbe]:
        """Probe the step's phases, run those that have work, and prepare the round.

        The prepare transaction opens by locking the Session with the probe of the phases that come
        before the round. Most steps have none: they prepare at once, in that transaction. Otherwise
        it ends there (the phases do network I/O, never inside a transaction) and the round is
        prepared in a transaction of its own after them.
        """
        offer = Offer()
        prepared: Round | StepOutcome | SummaryNeeded | None = None
        async with self._pool.acquire() as conn, conn.transaction():
            tx = Tx.poking(conn)
            locked = await step_probe.lock_and_probe(conn, session_id)
            if not locked.probe.before_round:
                prepared = await prepare_locked(tx, locked.session, self._context, offer, claim=locked.claim)
        tx.committed()
        # Live readers get the rows with the poke when that one transaction prepared the round (none
        # when it appended nothing: a step that found nothing to do); after more transactions, a bare
        # poke sends them to read.
        news = tx.news(session_id)
        poke = news is not None
        if prepared is None:
            news, poke = None, True
            offer = await self._run_phases(session_id, locked.probe)
            prepared = await self._prepare_apart(session_id, offer)
        if isinstance(prepared, SummaryNeeded):
            news, poke = None, True
            prepared = await self._summarize_and_prepare(session_id, offer, prepared)
        if poke:
            await self._notifier.committed(session_id, news)
        return prepared, locked.probe

    async def _summarize_and_prepare(self, session_id: str, offer: Offer, needed: SummaryNeeded) -> Round | StepOutcome:
        """The Agent compacts with a model-written summary: one bounded call outside any transaction,
        then the round is prepared again with it (any failure falls back to extractive)."""
        async with self._pool.acquire() as conn, conn.transaction():
            session = await lock_any(conn, session_id)
            meter = await metering.open_meter(conn, session, self._model.price) if session is not None else None
        model_id = self._summary_model or needed.model_id
        summary = await self._summarizer.summarize(model_id, needed.entries, needed.max_tokens, meter)
        if meter is not None and meter.added:  # the call's usage counts before the round is admitted
            async with self._pool.acquire() as conn, conn.transaction():
                session = await lock_any(conn, session_id)
                if session is not None:
                    session = with_added_usage(session, meter.added)
                    await write_usage(conn, session)
                    await metering.report_usage(Tx(conn), session, derived_id("sevt", needed.compaction_id, "usage"))
        prepared = await self._prepare_apart(session_id, offer, {needed.compaction_id: summary})
        if isinstance(prepared, SummaryNeeded):  # the round moved on meanwhile: compact extractively
            fallback = {prepared.compaction_id: Summary(None, "the round changed while summarising")}
            prepared = await self._prepare_apart(session_id, offer, fallback)
        assert not isinstance(prepared, SummaryNeeded)  # a given summary is never asked for again
        return prepared

    async def _prepare_apart(
        self, session_id: str, offer: Offer, summaries: Mapping[str, Summary] | None = None
    ) -> Round | StepOutcome | SummaryNeeded:
        """Prepare the round in a transaction of its own (after the phases or a summary call)."""
        async with self._pool.acquire() as conn, conn.transaction():
            tx = Tx(conn)
            prepared = await prepare(tx, session_id, self._context, offer, summaries)
        tx.committed()
        return prepared

    async def _run_round(self, prepared: Round, hold: float | None) -> StepOutcome:
        """Ask the model outside any transaction, then commit its answer or record its error."""
        message_id = derived_id("sevt", prepared.start_id, "message")
        previews = self._previewer(prepared.session_id, message_id)
        news: bytes | None = None
        # Journalled before the request can reach the provider; an attempt a later run has abandoned
        # (this run was presumed dead) is never sent.
        async with self._pool.acquire() as conn:
            if not await provider_calls.start(conn, prepared.start_id, prepared.call_attempt):
                return StepOutcome("continue")
        try:
            response = await self._model.create(prepared.request, on_text_delta=previews)
        except ModelError as exc:
            outcome = await self._record_error(prepared, exc)
        else:
            outcome, news = await self._commit(prepared, response, message_id, hold)
        await self._notifier.committed(prepared.session_id, news)
        return outcome

    async def _run_phases(self, session_id: str, todo: StepProbe) -> Offer:
        """Run the pre-round phases the probe found work for; returns the MCP tools discovered."""
        settled = mcp_calls.Settled()
        if todo.mcp_calls:
            settled = await mcp_calls.run_pending(self._pool, self._mcp, session_id, self._writes, self._mcp_tokens)
            if settled.count:
                await self._notifier.committed(session_id)
        if todo.managed_calls and await managed_calls.run_pending(self._pool, self._egress, session_id):
            await self._notifier.committed(session_id)
        # MCP discovery is network I/O, so it runs before the prepare transaction; its tools join the
        # snapshot that admission measures, so their schemas count in the admitted estimate.
        offer = await discover(self._pool, self._mcp, session_id, self._mcp_tokens) if todo.mcp_toolsets else Offer()
        # A call's failed credential stops the round like a discovery's (``app.turn.prepare``).
        return replace(offer, failures=settled.failures + offer.failures)

    async def _after_turn(self, session_id: str, outcome: StepOutcome, active_outcome: bool) -> StepOutcome:
        """An idle Session with an active outcome has its finished iteration graded (``app.turn.outcomes``).

        ``active_outcome`` is the step probe's: an outcome admitted after it came with its own
        wakeup, and that step grades it.
        """
        if outcome.kind != "idle" or not active_outcome:
            return outcome
        graded = await self._outcomes.after_idle(session_id)
        if graded is None:
            return outcome
        await self._notifier.committed(session_id)
        return graded

    def _previewer(self, session_id: str, message_id: str) -> TextDeltaCallback:
        """The text delta callback: ``event_start`` once, then one ``event_delta`` per chunk."""
        started = False

        async def on_delta(index: int, text: str) -> None:
            nonlocal started
            if not started:
                started = True
                start: wire.EventStartEvent = {
                    "type": "event_start",
                    "event": {"type": "agent.message", "id": message_id},
                }
                await self._notifier.delta(session_id, start)
            delta: wire.ContentDelta = {
                "type": "content_delta",
                "index": index,
                "content": {"type": "text", "text": text},
            }
            preview: wire.EventDeltaEvent = {"type": "event_delta", "event_id": message_id, "delta": delta}
            await self._notifier.delta(session_id, preview)

        return on_delta

    async def _record_error(self, prepared: Round, exc: ModelError) -> StepOutcome:
        if isinstance(exc, ModelContextOverflowError):
            return await self._recover_overflow(prepared, exc)
        errors = prepared.errors + 1
        exhausted = not exc.retryable or errors >= self._max_errors
        log.warning(
            "model call failed session_id=%s error_type=%s attempt=%s exhausted=%s",
            prepared.session_id,
            exc.error_type,
            errors,
            exhausted,
            extra={"action": "turn.model_error"},
        )
        delay = exc.retry_after if exc.retry_after is not None else backoff.delay(errors - 1, rand=self._rand)
        async with self._pool.acquire() as conn, conn.transaction():
            await _end_attempt(conn, prepared, "failed", exc.request_id, error_type=exc.error_type)
            session = await lock_if_current(conn, prepared)
            if session is None:
                return StepOutcome("continue")
            tx = Tx(conn)
            outcome = await record_error(tx, session, prepared, exc, exhausted=exhausted, retry_delay=delay)
            if session.primary_session_id is not None and outcome.kind == "idle":  # a child's failed turn reports
                await delegation.after_child_round(
                    tx, prepared.session_id, prepared.trigger_id, prepared.start_id, None
                )
            elif session.primary_session_id is not None:  # a child's retry: session.thread_status_rescheduled
                await delegation.after_child_retry(tx, session, prepared.start_id)
            return outcome

    async def _recover_overflow(self, prepared: Round, exc: ModelError) -> StepOutcome:
        """One more aggressive compaction and a retry of the round; a second refusal ends the turn."""
        key = RoundKey(
            prepared.workspace_id, prepared.session_id, prepared.trigger_id, prepared.round, prepared.start_id, 0
        )
        async with self._pool.acquire() as conn, conn.transaction():
            await _end_attempt(conn, prepared, "failed", exc.request_id, error_type=exc.error_type)
            session = await lock_if_current(conn, prepared)
            if session is None:
                return StepOutcome("continue")
            tx = Tx(conn)
            recovered = await context_admission.recover_overflow(
                tx, key, prepared.snapshot, self._context, prepared.estimate
            )
            log.warning(
                "model refused an oversized request session_id=%s estimate=%s recovered=%s",
                prepared.session_id,
                prepared.estimate,
                recovered,
                extra={"action": "turn.context_overflow"},
            )
            if recovered:
                return await record_overflow_retry(tx, prepared)
            final = ModelContextOverflowError(
                "the request is larger than the model's context window even after compacting the Session's "
                "context, so the turn has ended; the next turn starts from the compacted context",
                status_code=exc.status_code,
                request_id=exc.request_id,
                provider_error_type=exc.provider_error_type,
            )
            stop: wire.ContextOverflowStopReason = {"type": "context_overflow", "input_tokens": prepared.estimate}
            outcome = await record_error(tx, session, prepared, final, exhausted=True, retry_delay=0.0, stop=stop)
            # A child's ended turn reports (without it, its coordinator would wait forever).
            if session.primary_session_id is not None:
                await delegation.after_child_round(
                    tx, prepared.session_id, prepared.trigger_id, prepared.start_id, None
                )
            return outcome

    async def _commit(
        self, prepared: Round, response: ModelResponse, message_id: str, hold: float | None
    ) -> tuple[StepOutcome, bytes | None]:
        """Commit the response; returns the outcome and the Session's poke news (``live.pokes``)."""
        platform = await self._run_platform_tools(prepared, response)
        delegations = await delegation.plan(self._pool, prepared, response)  # a coordinator's delegate / send_to_agent
        platform.update(delegations.results)
        evaluations, meter = await self._evaluate_auto_calls(prepared, response)
        async with self._pool.acquire() as conn, conn.transaction():
            tx = Tx.poking(conn)
            session = await lock_if_current(conn, prepared)
            answered = context_admission.completion(
                prepared.start_id, prepared.request, response, self._context.prefixes
            )
            # The journal admits one committed attempt per request, so its usage is added once; an
            # answer that comes too late (the round moved on) is kept on its attempt, uncounted.
            counted = session is not None and await _end_attempt(
                conn, prepared, "completed", answered.provider_request_id, answered.usage
            )
            if session is None or not counted:
                if session is not None:  # the fence held, so no other attempt can have committed
                    log.error("a second committed attempt was refused request_id=%s", prepared.start_id)
                await _end_attempt(conn, prepared, "abandoned", answered.provider_request_id, answered.usage)
                return StepOutcome("continue"), None
            if meter is not None and meter.added:  # the evaluator's calls count with the round's usage
                session = with_added_usage(session, meter.added)
            outcome = await commit_response(
                tx, session, prepared, response, answered, message_id, platform, evaluations, hold
            )
            touched = await delegation.apply(tx, session, prepared.start_id, delegations)
            # A child that ended its turn reports; one that waits on a client cross-posts the calls
            # (a Session's own row is no child: ``primary_session_id`` never changes, so no re-read).
            if session.primary_session_id is not None:
                await delegation.after_child_round(
                    tx, prepared.session_id, prepared.trigger_id, prepared.start_id, response
                )
        for thread_id in touched:
            await self._notifier.committed(thread_id, tx.news(thread_id))
        if outcome.kind == "idle" and hold is not None:
            outcome = replace(outcome, held_head=tx.appended.head(prepared.session_id) if tx.appended else None)
        return outcome, tx.news(prepared.session_id)

    async def _evaluate_auto_calls(
        self, prepared: Round, response: ModelResponse
    ) -> tuple[dict[str, Evaluation], metering.Meter | None]:
        """Verdicts of the ``auto`` evaluator for built-in and MCP calls whose policy is ``auto``, and the
        meter that admitted its calls against the Session's budget (the round's usage included) and
        counted their usage (``None``: no call was evaluated)."""
        catalog = tools.catalog(prepared.snapshot)
        descriptions = {t["name"]: t.get("description") or "" for t in prepared.snapshot.mcp_tools}
        verdicts: dict[str, Evaluation] = {}
        meter: metering.Meter | None = None
        for call in tool_uses(response):
            kind = tools.classify(catalog, call.name)
            if kind not in ("builtin", "mcp", "managed") or tools.policy_type(catalog, call.name) != "auto":
                continue
            if self._evaluator is None:
                verdicts[call.id] = Evaluation("ask", "indeterminate", "no permission evaluator is configured")
                continue
            server = catalog.mcp_tools[call.name][0] if kind == "mcp" else None
            subject = CallToEvaluate(call.name, kind, call.input, descriptions.get(call.name, ""), server)
            meter = meter or await self._open_meter(prepared, response)
            verdicts[call.id] = await self._evaluator.evaluate(subject, meter)
        return verdicts, meter

    async def _open_meter(self, prepared: Round, response: ModelResponse) -> metering.Meter | None:
        """The Session's meter with the round's (not yet committed) usage spent; None when it is gone."""
        usage = response_counts(response)
        pending = prices.request_totals(prepared.price, usage, response.usage.server_tool_use)
        async with self._pool.acquire() as conn, conn.transaction():
            session = await lock_any(conn, prepared.session_id)
            if session is None:
                return None
            return await metering.open_meter(conn, session, self._model.price, pending)

    async def _run_platform_tools(self, prepared: Round, response: ModelResponse) -> PlatformResults:
        """Results of calls the platform answers itself (``load_skill``), computed outside any transaction."""
        catalog = tools.catalog(prepared.snapshot)
        results: PlatformResults = {}
        for call in tool_uses(response):
            if tools.classify(catalog, call.name) == "platform" and call.name not in COORDINATOR_TOOLS:
                results[call.id] = await load_instructions(self._blobs, prepared.snapshot.skill_manifest, call.input)
        return results


async def _end_attempt(
    conn: Connection,
    prepared: Round,
    state: provider_calls.Ended,
    provider_request_id: str | None,
    usage: Mapping[str, object] | None = None,
    *,
    error_type: str | None = None,
) -> bool:
    """End the round's provider call attempt in the caller's transaction (``store.provider_calls``)."""
    return await provider_calls.finish(
        conn, prepared.start_id, prepared.call_attempt, state,
        provider_request_id=provider_request_id, usage=usage, error_type=error_type,
    )  # fmt: skip
