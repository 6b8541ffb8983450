"""Phase 3 of a turn round (one transaction, fenced): commit a model response or a model error.

A response becomes, together: its transcript message, the public events (span end, thinking,
message, tool calls and platform results), the tool actions of the round, usage and the status
projection. Every id derives from the round's start id, so a retried commit writes the same
facts. It all runs in the caller's transaction, an ``app.ledger.Tx`` whose appended rows the engine's
poke carries. A ``pause_turn`` stop continues the turn with another round; a ``max_tokens`` stop ends it
with that stop reason. Callers have already checked the fence (``rounds.lock_if_current``). Not
responsible for the model call, running platform tools or waiting.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field

from mango_server.app import ledger
from mango_server.app.ledger import Tx
from mango_server.app.turn.evaluator import Evaluation
from mango_server.app.turn.rounds import Round, StepOutcome, finish_turn, response_counts, usage_of
from mango_server.domain import prices, tools
from mango_server.domain._generated import wire
from mango_server.domain._generated.events import (
    AgentCustomToolUseEvent,
    AgentMcpToolResultEvent,
    AgentMcpToolUseEvent,
    AgentMessageEvent,
    AgentThinkingEvent,
    AgentToolResultEvent,
    AgentToolUseEvent,
    SessionErrorEvent,
    SessionStatusIdleEvent,
    SessionStatusRescheduledEvent,
    SessionUsageEvent,
    SpanModelRequestEndEvent,
)
from mango_server.ids import derived_id
from mango_server.model import ModelError, ModelResponse, ToolUse, tool_uses
from mango_server.store import actions, mcp, sessions, transcript, turns, work
from mango_server.store.actions import NewAction
from mango_server.store.context import RequestCompletion
from mango_server.store.db import Connection
from mango_server.store.events import NewEvent
from mango_server.store.mcp import NewInvocation
from mango_server.store.sessions import SessionRow
from mango_server.telemetry.metrics import MCP_CALLS

log = logging.getLogger(__name__)

#: Results of platform tool calls computed before the transaction: call id -> (text, is_error).
PlatformResults = dict[str, tuple[str, bool]]


@dataclass
class _Calls:
    """The tool calls of one response as they are recorded."""

    events: list[NewEvent] = field(default_factory=list)
    needs_client: list[str] = field(default_factory=list)
    answered_here: int = 0  # answered in this transaction (platform tools, refused names, denials)
    runs_here: int = 0  # allowed MCP calls the orchestrator runs next (``app.turn.mcp_calls``)


async def commit_response(
    tx: Tx,
    session: SessionRow,
    prepared: Round,
    response: ModelResponse,
    answered: RequestCompletion,
    message_id: str,
    platform: PlatformResults,
    evaluations: Mapping[str, Evaluation] | None = None,
    hold: float | None = None,
) -> StepOutcome:
    """Record a successful round and decide what the workflow does next.

    ``answered``: what the request's row records of the response, written with its transcript message.

    ``hold``: when the round leaves the Session idle, its step hold is taken for so many seconds with the
    idle status (``orchestration.holds``), so no input that follows it is signalled.

    ``evaluations``: the ``auto`` evaluator's verdicts by provider tool-use id, computed before the
    transaction; a verdict replaces the policy's decision and is recorded on the tool-use event.
    """
    conn = tx.conn
    ws, sid, trigger = prepared.workspace_id, prepared.session_id, prepared.trigger_id
    usage = response_counts(response)
    out = _response_events(prepared, response, message_id, usage_of(usage))
    calls = tool_uses(response)
    # An answer without tool calls or a pause ends the turn: its message and the turn's close are one statement.
    ends_turn = not calls and response.stop_reason != "pause_turn"
    queued = await transcript.append_answer(conn, ws, sid, trigger, response.content, answered, ends_turn=ends_turn)
    recorded = await _record_calls(conn, prepared, calls, platform, evaluations or {})
    out += recorded.events
    totals = prices.request_totals(prepared.price, usage, response.usage.server_tool_use)
    # The new total is written with the idle status when the turn ends here, else on its own.
    session = sessions.with_added_usage(session, totals)
    if session.budget:
        report = SessionUsageEvent(usage=prices.public_usage(session.usage), budget=session.budget)
        out.append(NewEvent.of(derived_id("sevt", prepared.start_id, "usage"), report, trigger))
    if calls:
        return await _wait_for_calls(tx, session, prepared, out, recorded, len(calls), hold)
    if response.stop_reason == "pause_turn":
        # The provider paused a long server-tool turn: the next round sends the same transcript (now
        # ending with the paused assistant message) and the model continues where it stopped.
        await sessions.write_usage(conn, session)
        await ledger.append(tx, ws, sid, out)
        await turns.update(conn, sid, trigger, "running", prepared.round + 1, 0)
        return StepOutcome("continue")
    if queued:  # inputs queued meanwhile: the next turn
        await sessions.write_usage(conn, session)
        await ledger.append(tx, ws, sid, out)
        return StepOutcome("continue")
    stop: wire.StopReason = {"type": "max_tokens"} if response.stop_reason == "max_tokens" else {"type": "end_turn"}
    out.append(_idle_event(prepared, stop))
    await ledger.append_with_status(tx, session, out, "idle", stop, with_usage=True, hold=hold)
    return StepOutcome("idle")


def _response_events(
    prepared: Round, response: ModelResponse, message_id: str, usage: wire.ModelUsage
) -> list[NewEvent]:
    end = SpanModelRequestEndEvent(model_request_start_id=prepared.start_id, is_error=False, model_usage=usage)
    out = [NewEvent.of(derived_id("sevt", prepared.start_id, "end"), end, prepared.trigger_id)]
    if any(b.get("type") in ("thinking", "redacted_thinking") for b in response.content):
        # A progress signal only: the thinking text and signature stay in the private transcript.
        thinking_id = derived_id("sevt", prepared.start_id, "thinking")
        out.append(NewEvent.of(thinking_id, AgentThinkingEvent(), prepared.trigger_id))
    texts: list[wire.TextBlock] = [
        {"type": "text", "text": b["text"]} for b in response.content if b.get("type") == "text" and b.get("text")
    ]
    if texts:
        out.append(NewEvent.of(message_id, AgentMessageEvent(content=texts), prepared.trigger_id))
    return out


def _idle_event(prepared: Round, stop: wire.StopReason) -> NewEvent:
    return NewEvent.of(derived_id("sevt", prepared.start_id, "idle"), SessionStatusIdleEvent(stop_reason=stop))


async def _record_calls(
    conn: Connection,
    prepared: Round,
    calls: list[ToolUse],
    platform: PlatformResults,
    evaluations: Mapping[str, Evaluation],
) -> _Calls:
    """One action per call, classified and decided by ``domain.tools``, with the events announcing it."""
    catalog = tools.catalog(prepared.snapshot)
    recorded = _Calls()
    for call in calls:
        event_id = derived_id("sevt", prepared.start_id, "tool", call.id)
        decision = tools.decide(catalog, call.name)
        if decision.kind == "platform" and call.id not in platform:
            decision = tools.ToolDecision("unknown", "deny")
        evaluation = evaluations.get(call.id) if decision.kind in ("builtin", "mcp", "managed") else None
        if evaluation is not None:
            decision = tools.ToolDecision(decision.kind, evaluation.decision)
        state = _announce_call(recorded, prepared, call, event_id, decision, platform, evaluation, catalog)
        new = NewAction(event_id, decision.kind, call.id, call.name, state)
        await actions.insert(conn, prepared.workspace_id, prepared.session_id, prepared.trigger_id, prepared.round, new)
        if decision.kind == "mcp":
            await _journal(conn, prepared, call, event_id, state, evaluation, catalog)
        if state in ("resolved", "denied") and decision.kind != "custom":
            result_id = derived_id("sevt", event_id, "result")
            await actions.resolve(conn, prepared.session_id, event_id, state, result_id)
    return recorded


async def _journal(
    conn: Connection,
    prepared: Round,
    call: ToolUse,
    event_id: str,
    state: str,
    evaluation: Evaluation | None,
    catalog: tools.ToolCatalog,
) -> None:
    """The MCP call enters the invocation journal as ``prepared``, then takes its decided state."""
    server = catalog.mcp_tools[call.name][0]
    digest = next(
        (str(t.get("snapshot_digest", "")) for t in prepared.snapshot.mcp_tools if t["name"] == call.name),
        "",
    )
    ws, sid = prepared.workspace_id, prepared.session_id
    public = evaluation.public() if evaluation else None
    await mcp.insert_invocation(
        conn, ws, sid, NewInvocation(event_id, server, call.name, call.input, digest, "prepared", public)
    )
    await mcp.set_state(conn, sid, event_id, state)


def _announce_call(
    recorded: _Calls,
    prepared: Round,
    call: ToolUse,
    event_id: str,
    decision: tools.ToolDecision,
    platform: PlatformResults,
    evaluation: Evaluation | None = None,
    catalog: tools.ToolCatalog | None = None,
) -> str:
    """Append the events of one call to ``recorded``; returns the action's initial state."""
    trigger = prepared.trigger_id
    if decision.kind == "custom":
        custom = AgentCustomToolUseEvent(name=call.name, input=call.input)
        recorded.events.append(NewEvent.of(event_id, custom, trigger))
        recorded.needs_client.append(event_id)
        return "pending"
    if decision.permission == "deny" and decision.kind not in ("builtin", "mcp", "managed"):
        recorded.answered_here += 1
        return "rejected"
    public = evaluation.public() if evaluation is not None else None
    use: AgentToolUseEvent | AgentMcpToolUseEvent
    if decision.kind == "mcp":
        assert catalog is not None
        server = catalog.mcp_tools[call.name][0]
        use = AgentMcpToolUseEvent(
            mcp_server_name=server,
            name=call.name,
            input=call.input,
            evaluated_permission=decision.permission,
            evaluation=public,
        )
    else:
        use = AgentToolUseEvent(
            name=call.name, input=call.input, evaluated_permission=decision.permission, evaluation=public
        )
    recorded.events.append(NewEvent.of(event_id, use, trigger))
    if decision.permission == "deny":
        recorded.events.append(_denied_result(event_id, decision.kind, evaluation, trigger))
        recorded.answered_here += 1
        if decision.kind == "mcp":
            MCP_CALLS.labels("denied").inc()
        return "denied"
    if decision.permission == "ask":
        recorded.needs_client.append(event_id)
        return "awaiting_confirmation"
    if decision.kind == "builtin":
        return "pending"
    if decision.kind in ("mcp", "managed"):
        recorded.runs_here += 1
        return "allowed"
    text, is_error = platform[call.id]
    result = AgentToolResultEvent(tool_use_id=event_id, content=[{"type": "text", "text": text}], is_error=is_error)
    recorded.events.append(NewEvent.of(derived_id("sevt", event_id, "result"), result, trigger))
    recorded.answered_here += 1
    return "resolved"


def _denied_result(event_id: str, kind: str, evaluation: Evaluation | None, trigger: str) -> NewEvent:
    """The error result of a call the evaluator denied: the model learns why, nothing runs."""
    reason = evaluation.reason if evaluation else "denied"
    text = f"The permission evaluator denied this tool call without running it: {reason}"
    content: list[wire.TextBlock] = [{"type": "text", "text": text}]
    result_id = derived_id("sevt", event_id, "result")
    if kind == "mcp":
        mcp_result = AgentMcpToolResultEvent(mcp_tool_use_id=event_id, content=content, is_error=True)
        return NewEvent.of(result_id, mcp_result, trigger)
    return NewEvent.of(result_id, AgentToolResultEvent(tool_use_id=event_id, content=content, is_error=True), trigger)


async def _wait_for_calls(
    tx: Tx, session: SessionRow, prepared: Round, out: list[NewEvent], recorded: _Calls, count: int, hold: float | None
) -> StepOutcome:
    """The turn waits at its tool barrier; continue at once if this transaction answered every call.

    ``session`` carries the round's usage, not yet written.
    """
    conn = tx.conn
    ws, sid = prepared.workspace_id, prepared.session_id
    await turns.update(conn, sid, prepared.trigger_id, "waiting", prepared.round, 0)
    await work.ensure_if_runnable(conn, session)  # self-hosted workers execute built-in calls
    if recorded.answered_here != count and recorded.needs_client:
        stop: wire.RequiresActionStopReason = {"type": "requires_action", "event_ids": recorded.needs_client}
        out.append(_idle_event(prepared, stop))
        held = None if recorded.runs_here else hold  # held only when the step leaves it idle
        await ledger.append_with_status(tx, session, out, "idle", stop, with_usage=True, hold=held)
        return StepOutcome("continue" if recorded.runs_here else "idle")
    await sessions.write_usage(conn, session)
    await ledger.append(tx, ws, sid, out)
    if recorded.answered_here == count:
        return StepOutcome("continue")
    # Allowed MCP and managed calls run in the next step (``app.turn.mcp_calls``, ``app.turn.managed_calls``),
    # outside this transaction.
    return StepOutcome("continue" if recorded.runs_here else "idle")


async def record_error(
    tx: Tx,
    session: SessionRow,
    prepared: Round,
    exc: ModelError,
    *,
    exhausted: bool,
    retry_delay: float,
    stop: wire.StopReason | None = None,
) -> StepOutcome:
    """Record a failed model call: retry the round after ``retry_delay``, or end the turn if ``exhausted``
    (idle with ``stop``, ``retries_exhausted`` unless the caller names a more precise reason)."""
    conn = tx.conn
    ws, sid = prepared.workspace_id, prepared.session_id
    base = derived_id("sevt", prepared.start_id, "error")
    out = _error_events(prepared, exc, base, exhausted=exhausted)
    if not exhausted:
        # The Session is "rescheduling" until the retry's next round starts running again.
        out.append(NewEvent.of(derived_id("sevt", base, "rescheduled"), SessionStatusRescheduledEvent()))
        await sessions.set_status(conn, session, "rescheduling", None)
        await ledger.append(tx, ws, sid, out)
        await turns.update(conn, sid, prepared.trigger_id, "running", prepared.round, prepared.errors + 1)
        return StepOutcome("retry", retry_delay)
    if stop is None:
        stop = {"type": "retries_exhausted"}
    out.append(NewEvent.of(derived_id("sevt", base, "idle"), SessionStatusIdleEvent(stop_reason=stop)))
    await ledger.append(tx, ws, sid, out)
    await finish_turn(conn, sid, prepared.trigger_id)
    await sessions.set_status(conn, session, "idle", stop)
    return StepOutcome("idle")


async def record_overflow_retry(tx: Tx, prepared: Round) -> StepOutcome:
    """Close the refused round's span and retry it at once (a new attempt) from the new compaction."""
    end = SpanModelRequestEndEvent(model_request_start_id=prepared.start_id, is_error=True, model_usage=usage_of({}))
    span = NewEvent.of(derived_id("sevt", prepared.start_id, "overflow", "end"), end, prepared.trigger_id)
    await ledger.append(tx, prepared.workspace_id, prepared.session_id, [span])
    await turns.update(
        tx.conn, prepared.session_id, prepared.trigger_id, "running", prepared.round, prepared.errors + 1
    )
    return StepOutcome("continue")


def _error_events(prepared: Round, exc: ModelError, base: str, *, exhausted: bool) -> list[NewEvent]:
    end = SpanModelRequestEndEvent(model_request_start_id=prepared.start_id, is_error=True, model_usage=usage_of({}))
    error: wire.SessionError = {
        "type": exc.error_type,
        "message": public_message(exc),
        "retry_status": {"type": "exhausted" if exhausted else "retrying"},
    }
    return [
        NewEvent.of(derived_id("sevt", base, "end"), end, prepared.trigger_id),
        NewEvent.of(base, SessionErrorEvent(error=error), prepared.trigger_id),
    ]


def public_message(exc: ModelError) -> str:
    """The provider error as users see it (bounded)."""
    status = f" (HTTP {exc.status_code})" if exc.status_code else ""
    return f"The model request failed{status}: {exc.message}"[:1000]
