"""Phase 1 of a turn round (one transaction): claim or resume the active turn and read the model's input.

Claims the oldest queued trigger (``user.message``, ``user.define_outcome`` or the grader's
feedback, ``app.turn.outcomes``) as a new turn's trigger (writing its provider blocks
as transcript position 0), or resumes a turn whose tool barrier has closed (writing the tool
results), builds the round's ``CapabilitySnapshot`` once (``domain.capabilities``: the Session's Agent
snapshot with its Skill manifest, the MCP tools discovered before the transaction and the pinned
``web_fetch`` executor), admits the round's request with every tool declaration it offers
(``app.turn.context_admission``: measure, compact when it would not fit), stops
with ``budget_reached`` instead when the request could take the Session past its budget (priced by
the model client's list price of the Agent's model), else
records the request's recipe and its provider call's next attempt (``prepared``, ``store.provider_calls``),
announces ``running`` and appends ``span.model_request_start`` with a deterministic id, so a re-run after
a crash appends nothing twice. Not responsible for the model call or
the commit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from mango_server.app import ledger
from mango_server.app.documents import content_files, stored_source
from mango_server.app.ledger import Tx
from mango_server.app.threads import delegation
from mango_server.app.turn import context_admission, metering
from mango_server.app.turn.context_admission import ContextConfig, RoundKey, SummaryNeeded
from mango_server.app.turn.mcp_discovery import Offer, record_failures, stop_for_credential
from mango_server.app.turn.outcomes import trigger_blocks
from mango_server.app.turn.request import user_blocks
from mango_server.app.turn.rounds import OPEN_ACTION_STATES, Round, StepOutcome, is_open
from mango_server.app.turn.summarizer import Summary
from mango_server.domain import prices, tools
from mango_server.domain import skills as skill_rules
from mango_server.domain._generated.events import (
    SessionStatusRunningEvent,
    SpanModelRequestStartEvent,
)
from mango_server.domain.capabilities import CapabilitySnapshot
from mango_server.ids import derived_id
from mango_server.store import (
    actions,
    events,
    files,
    provider_calls,
    sessions,
    skills,
    tool_profiles,
    transcript,
    turns,
)
from mango_server.store.actions import ActionRow
from mango_server.store.db import Connection
from mango_server.store.events import EventRow, NewEvent
from mango_server.store.sessions import SessionRow
from mango_server.store.turns import TurnRow


async def prepare(
    tx: Tx,
    session_id: str,
    config: ContextConfig,
    offer: Offer | None = None,
    summaries: Mapping[str, Summary] | None = None,
) -> Round | StepOutcome | SummaryNeeded:
    """Claim or resume the Session's turn and admit its request; ``StepOutcome`` when there is nothing to run.

    ``offer`` holds the MCP tools discovered for this round (before the transaction); they are part of
    the snapshot admission measures, and its failures are reported here for the turn actually claimed.
    ``SummaryNeeded``: admission must compact with a model-written summary; the caller commits, asks
    the summarizer and prepares again with the answer in ``summaries``.
    """
    return await prepare_locked(tx, await sessions.lock_any(tx.conn, session_id), config, offer, summaries)


async def prepare_locked(
    tx: Tx,
    session: SessionRow | None,
    config: ContextConfig,
    offer: Offer | None = None,
    summaries: Mapping[str, Summary] | None = None,
    *,
    claim: turns.Claim | None = None,
) -> Round | StepOutcome | SummaryNeeded:
    """``prepare`` for a Session row this transaction has already locked (``None``: it is gone).

    ``claim``: its active turn or next trigger (``turns.active_or_next_trigger``) when the statement
    that locked it read them too; read here otherwise.
    """
    if session is None or not is_open(session):
        return StepOutcome("stop")
    model_id = str((session.agent_snapshot.get("model") or {}).get("id") or "")
    images = config.endpoint(model_id).capabilities.image_input
    turn = await _claim_or_resume(tx.conn, session, claim, images)
    if isinstance(turn, StepOutcome):
        return turn
    return await _open_round(tx, session, turn, config, offer or Offer(), summaries)


async def _claim_or_resume(
    conn: Connection, session: SessionRow, claim: turns.Claim | None, images: bool
) -> TurnRow | StepOutcome:
    """``images``: the model accepts image input (MCP results' images are sent, else named in a note)."""
    ws, sid = session.workspace_id, session.id
    turn, trigger = claim if claim is not None else await turns.active_or_next_trigger(conn, ws, sid)
    if turn is None:
        if trigger is None:
            return StepOutcome("idle")
        # File document texts were snapshotted at admission; a trigger without File sources has none
        # (only a message's document blocks have snapshots: a File rubric's text is the outcome's).
        has_files = trigger.type == "user.message" and content_files(trigger.payload["content"])
        snapshots = await files.snapshots_for_event(conn, trigger.id) if has_files else {}
        return await turns.start(conn, ws, sid, trigger.id, await trigger_blocks(conn, trigger, snapshots))
    elif turn.state == "waiting":
        calls = await actions.for_round(conn, sid, turn.trigger_id, turn.round)
        if any(a.state in OPEN_ACTION_STATES for a in calls):
            return StepOutcome("idle")
        await _append_tool_results(conn, ws, sid, turn.trigger_id, calls, images)
        await turns.update(conn, sid, turn.trigger_id, "running", turn.round + 1, 0)
    else:
        return turn
    turn = await turns.active(conn, sid)
    assert turn is not None
    return turn


async def _open_round(
    tx: Tx,
    session: SessionRow,
    turn: TurnRow,
    config: ContextConfig,
    offer: Offer,
    summaries: Mapping[str, Summary] | None,
) -> Round | StepOutcome | SummaryNeeded:
    conn = tx.conn
    ws, sid = session.workspace_id, session.id
    attempt = (sid, turn.trigger_id, turn.round, turn.attempt_errors)
    start_id = derived_id("sevt", *attempt, "start")
    pinned_skills = session.agent_snapshot.get("skills") or []
    manifest = await skills.manifest(conn, ws, pinned_skills)
    # A child Thread's Session row (already locked by prepare(), before the child's): its budget, its Agent.
    root = await sessions.lock_any(conn, session.primary_session_id) if session.primary_session_id else session
    root = root or session
    if manifest and root is not session:  # a child Thread: its Agent's folder
        manifest = skill_rules.with_paths(
            manifest, skill_rules.skills_folder(root.agent_snapshot, session.agent_snapshot)
        )
    snapshot = CapabilitySnapshot.of(session.agent_snapshot, skill_manifest=manifest, mcp_tools=offer.tools)
    native_fetch = config.endpoint(snapshot.model_id).capabilities.native_web_fetch
    mode = tools.web_fetch_mode(snapshot, native_available=native_fetch)
    if mode is not None:  # pinned by the Session's first round, so the Session never switches executors
        snapshot = replace(snapshot, web_fetch_mode=await tool_profiles.pin_web_fetch(conn, ws, sid, mode))
    await record_failures(tx, ws, sid, turn.trigger_id, start_id, offer.failures)
    failed = offer.failed_credential
    if failed is not None:  # an MCP server's credential failed: the turn pauses until it is updated
        return await stop_for_credential(tx, session, failed, start_id)
    key = RoundKey(ws, sid, turn.trigger_id, turn.round, start_id, turn.attempt_errors + 1)
    admitted = await context_admission.plan(tx, key, snapshot, config, summaries)  # may compact first
    if isinstance(admitted, SummaryNeeded):
        return admitted
    price = config.price(snapshot.model_id)
    budget, used = await metering.budget_scope(conn, session, root)
    if budget and prices.budget_exceeded(budget, used, price, admitted.estimate, admitted.request.max_tokens):
        return await metering.stop_for_budget(tx, session, budget, start_id)
    # The request's row and its start event commit together, so a newly recorded request has no
    # start event yet; only a re-run of the round (after a crash) needs to look for it.
    fresh = await context_admission.record(conn, key, admitted)
    # The provider call's next attempt is journalled ``prepared`` with the round (a re-run after a
    # crash abandons the attempt the stopped run left open): ``app.turn.engine`` starts and ends it.
    call_attempt = await provider_calls.open_attempt(conn, ws, sid, start_id)
    # The status change and the round's start are appended in one statement (same order, same
    # sequence numbers as two appends would give).
    opened: list[NewEvent] = []
    before = session
    if session.status != "running":
        running_id = derived_id("sevt", *attempt, "running")
        if await events.exists(conn, running_id):  # running again after a budget stop of this round
            running_id = derived_id("sevt", running_id, session.next_seq)
        session = await sessions.set_status(conn, session, "running", None)
        opened.append(NewEvent.of(running_id, SessionStatusRunningEvent()))
    if fresh or not await events.exists(conn, start_id):
        opened.append(NewEvent.of(start_id, SpanModelRequestStartEvent(), turn.trigger_id))
    await ledger.append(tx, ws, sid, opened)
    if session is not before:  # a child Thread's change shows in the primary ledger too
        await delegation.announce_child(tx, before, session, derived_id("sevt", start_id, "thread_running"))
    return Round(
        ws, sid, turn.trigger_id, turn.round, turn.attempt_errors, start_id, snapshot, admitted.request, price,
        admitted.estimate, child=session.primary_session_id is not None, call_attempt=call_attempt,
    )  # fmt: skip


async def _append_tool_results(
    conn: Connection, ws: str, session_id: str, trigger_id: str, calls: list[ActionRow], images: bool
) -> None:
    blocks = [await _tool_result_block(conn, session_id, action, images) for action in calls]
    await transcript.append(conn, ws, session_id, trigger_id, "user", blocks)
    await events.mark_processed(conn, [a.result_event_id for a in calls if a.result_event_id])


async def _tool_result_block(conn: Connection, session_id: str, action: ActionRow, images: bool) -> dict[str, object]:
    """The provider ``tool_result`` for one closed call, from the event that answered it."""
    content: list[Mapping[str, object]] = [{"type": "text", "text": "The tool call was cancelled."}]
    is_error = True
    if action.result_event_id:
        result = await events.find(conn, session_id, action.result_event_id)
        payload = result.payload if result else {}
        if result and result.type == "user.tool_confirmation":
            message = payload.get("deny_message") or "The user denied this tool call."
            content = [{"type": "text", "text": message}]
        else:
            content = await _result_content(conn, result, images) if result else []
            content = content or [{"type": "text", "text": "The tool call was cancelled."}]
            is_error = bool(payload.get("is_error"))
            if not payload.get("content"):
                content = [{"type": "text", "text": "(no output)"}]
    elif action.state == "rejected":
        content = [{"type": "text", "text": f"Tool {action.name!r} is not available to this agent."}]
    return {"type": "tool_result", "tool_use_id": action.provider_tool_use_id, "content": content, "is_error": is_error}


async def _result_content(conn: Connection, result: EventRow, images: bool) -> list[Mapping[str, object]]:
    """A tool result's blocks for the model: text, a custom tool result's images and documents (its File
    sources as snapshotted at admission), and an MCP result's images when the model accepts images."""
    content = result.payload.get("content") or []
    if result.type == "agent.mcp_tool_result":
        texts: list[Mapping[str, object]] = [b for b in content if b.get("type") == "text"]
        kept = await files.snapshots_for_event(conn, result.id)
        if kept and not images:
            note = f"[{len(kept)} image(s) the tool returned are not shown: this model does not accept image input]"
            return [*texts, {"type": "text", "text": note}]
        return [*texts, *({"type": "image", "source": stored_source("image", kept[i])} for i in sorted(kept))]
    if result.type != "user.custom_tool_result":
        return [b for b in content if b.get("type") == "text"]
    snapshots = await files.snapshots_for_event(conn, result.id) if content_files(content) else {}
    return list(user_blocks(content, snapshots))
