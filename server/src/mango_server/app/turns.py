"""The turn engine: one provider round per call, committed atomically, fenced against interrupts.

A turn answers one trigger (the oldest queued ``user.message``); it never sees input queued
after it started. ``TurnEngine.step`` is called by the Session workflow's activity. Each call:

1. (transaction) claims or resumes the active turn, appends ``span.model_request_start`` with
   a deterministic id, and reads the lossless transcript;
2. calls the model outside any transaction, streaming previews to NATS;
3. (transaction) re-checks that the turn is still the active one at the same round (an
   interrupt may have ended it), then commits the response blocks to the transcript, the
   public events, usage, pending tool actions and the status projection together.

Retries: a crash before step 3 re-runs the round (deterministic ids make step 1 idempotent);
a model error is recorded as ``session.error`` and the workflow waits before the next step.
Not responsible for: waiting, timers or signals (the workflow) or HTTP admission.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Literal

import asyncpg

from mango_server.app.context import build_request, user_blocks
from mango_server.app.skill_loader import LOAD_SKILL, load_instructions
from mango_server.blob import BlobStore
from mango_server.domain.agents import PROVIDER_NATIVE_TOOLS, custom_tools, enabled_builtins
from mango_server.ids import derived_id
from mango_server.live import Notifier
from mango_server.model import ModelClient, ModelError, ModelResponse, tool_uses
from mango_server.store import files, ledger, sessions, skills, work
from mango_server.store.ledger import NewEvent
from mango_server.store.sql_loader import Queries

log = logging.getLogger(__name__)
Q = Queries("ledger")
OPEN_ACTION_STATES = ("pending", "awaiting_confirmation", "allowed")


@dataclass(frozen=True)
class StepOutcome:
    """What the workflow should do next."""

    kind: Literal["idle", "continue", "retry", "stop"]
    delay_seconds: float = 0.0


@dataclass
class _Round:
    workspace_id: str
    session_id: str
    trigger_id: str
    round: int
    errors: int
    start_id: str
    snapshot: dict[str, Any]
    transcript: list[dict[str, Any]]


class TurnEngine:
    """Runs Session turns against PostgreSQL and a model client."""

    def __init__(
        self,
        pool: asyncpg.Pool,
        model: ModelClient,
        notifier: Notifier,
        *,
        max_errors: int = 4,
        max_tokens: int = 4096,
        blobs: BlobStore | None = None,
    ) -> None:
        self._pool = pool
        self._model = model
        self._notifier = notifier
        self._max_errors = max_errors
        self._max_tokens = max_tokens
        self._blobs = blobs

    async def step(self, session_id: str) -> StepOutcome:
        """Advance the Session by at most one provider round."""
        prepared = await self._prepare(session_id)
        await self._notifier.committed(session_id)
        if isinstance(prepared, StepOutcome):
            return prepared
        message_id = derived_id("sevt", prepared.start_id, "message")
        started = False

        async def on_delta(index: int, text: str) -> None:
            nonlocal started
            if not started:
                started = True
                await self._notifier.delta(
                    session_id, {"type": "event_start", "event": {"type": "agent.message", "id": message_id}}
                )
            await self._notifier.delta(
                session_id,
                {
                    "type": "event_delta",
                    "event_id": message_id,
                    "delta": {"type": "content_delta", "index": index, "content": {"type": "text", "text": text}},
                },
            )

        request = build_request(
            prepared.snapshot, prepared.transcript, attempt=prepared.errors + 1, max_tokens=self._max_tokens
        )
        try:
            response = await self._model.create(request, on_text_delta=on_delta)
        except ModelError as exc:
            outcome = await self._record_error(prepared, exc)
        else:
            outcome = await self._commit(
                prepared, response, message_id, await self._run_platform_tools(prepared, response)
            )
        await self._notifier.committed(session_id)
        return outcome

    async def _prepare(self, session_id: str) -> _Round | StepOutcome:
        async with self._pool.acquire() as conn, conn.transaction():
            row = await conn.fetchrow(sessions.Q.lock_session_any, session_id)
            if row is None or row["deleting_at"] is not None or row["archived_at"] is not None:
                return StepOutcome("stop")
            session = dict(row)
            ws = session["workspace_id"]
            turn = await conn.fetchrow(Q.active_turn, session_id)
            if turn is None:
                trigger = await ledger.next_trigger(conn, session_id)
                if trigger is None:
                    return StepOutcome("idle")
                await conn.execute(Q.insert_turn, ws, session_id, trigger["id"])
                snapshots = await files.snapshots_for_event(conn, trigger["id"])
                blocks = user_blocks(trigger["payload"]["content"], snapshots)
                await conn.execute(Q.insert_transcript, ws, session_id, trigger["id"], 0, "user", blocks)
                turn = await conn.fetchrow(Q.active_turn, session_id)
            elif turn["state"] == "waiting":
                actions = [
                    dict(a)
                    for a in await conn.fetch(Q.actions_for_round, session_id, turn["trigger_id"], turn["round"])
                ]
                if any(a["state"] in OPEN_ACTION_STATES for a in actions):
                    return StepOutcome("idle")
                await self._append_tool_results(conn, ws, session_id, turn["trigger_id"], actions)
                await conn.execute(Q.update_turn, session_id, turn["trigger_id"], "running", turn["round"] + 1, 0)
                turn = await conn.fetchrow(Q.active_turn, session_id)
            assert turn is not None
            if session["status"] != "running":
                await sessions.set_status(conn, session, "running", None)
                await ledger.append(
                    conn,
                    ws,
                    session_id,
                    [
                        NewEvent(
                            derived_id(
                                "sevt", session_id, turn["trigger_id"], turn["round"], turn["attempt_errors"], "running"
                            ),
                            "session.status_running",
                        )
                    ],
                )
            start_id = derived_id(
                "sevt", session_id, turn["trigger_id"], turn["round"], turn["attempt_errors"], "start"
            )
            if not await ledger.exists(conn, start_id):
                await ledger.append(
                    conn,
                    ws,
                    session_id,
                    [NewEvent(start_id, "span.model_request_start", trigger_id=turn["trigger_id"])],
                )
            transcript = [dict(r) for r in await conn.fetch(Q.transcript_for_context, session_id, turn["trigger_id"])]
            pinned_skills = session["agent_snapshot"].get("skills") or []
            return _Round(
                ws,
                session_id,
                turn["trigger_id"],
                turn["round"],
                turn["attempt_errors"],
                start_id,
                {**session["agent_snapshot"], "skill_manifest": await skills.manifest(conn, ws, pinned_skills)},
                transcript,
            )

    async def _append_tool_results(
        self, conn: Any, ws: str, session_id: str, trigger_id: str, actions: list[dict[str, Any]]
    ) -> None:
        blocks = []
        for action in actions:
            content: list[dict[str, Any]] = [{"type": "text", "text": "The tool call was cancelled."}]
            is_error = True
            if action["result_event_id"]:
                result = await ledger.find(conn, session_id, action["result_event_id"])
                payload = result["payload"] if result else {}
                if result and result["type"] == "user.tool_confirmation":
                    message = payload.get("deny_message") or "The user denied this tool call."
                    content = [{"type": "text", "text": message}]
                else:
                    content = [b for b in payload.get("content") or [] if b.get("type") == "text"] or content
                    is_error = bool(payload.get("is_error"))
                    if not payload.get("content"):
                        content = [{"type": "text", "text": "(no output)"}]
            elif action["state"] == "rejected":
                content = [{"type": "text", "text": f"Tool {action['name']!r} is not available to this agent."}]
            blocks.append(
                {
                    "type": "tool_result",
                    "tool_use_id": action["provider_tool_use_id"],
                    "content": content,
                    "is_error": is_error,
                }
            )
        position = await conn.fetchval(Q.next_position, session_id, trigger_id)
        await conn.execute(Q.insert_transcript, ws, session_id, trigger_id, position, "user", blocks)
        await ledger.mark_processed(conn, [a["result_event_id"] for a in actions if a["result_event_id"]])

    async def _lock_if_current(self, conn: Any, prepared: _Round) -> dict[str, Any] | None:
        row = await conn.fetchrow(sessions.Q.lock_session_any, prepared.session_id)
        if row is None or row["deleting_at"] is not None or row["archived_at"] is not None:
            return None
        turn = await conn.fetchrow(Q.active_turn, prepared.session_id)
        if turn is None or turn["trigger_id"] != prepared.trigger_id or turn["round"] != prepared.round:
            return None
        if turn["state"] != "running" or turn["attempt_errors"] != prepared.errors:
            return None
        return dict(row)

    async def _record_error(self, prepared: _Round, exc: ModelError) -> StepOutcome:
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
        async with self._pool.acquire() as conn, conn.transaction():
            session = await self._lock_if_current(conn, prepared)
            if session is None:
                return StepOutcome("continue")
            ws, sid = prepared.workspace_id, prepared.session_id
            base = derived_id("sevt", prepared.start_id, "error")
            events = [
                NewEvent(
                    derived_id("sevt", base, "end"),
                    "span.model_request_end",
                    {"model_request_start_id": prepared.start_id, "is_error": True, "model_usage": _usage({})},
                    prepared.trigger_id,
                ),
                NewEvent(
                    base,
                    "session.error",
                    {
                        "error": {
                            "type": exc.error_type,
                            "message": _public_message(exc),
                            "retry_status": {"type": "exhausted" if exhausted else "retrying"},
                        }
                    },
                    prepared.trigger_id,
                ),
            ]
            if not exhausted:
                # The Session is "rescheduling" until the retry's next round starts running again.
                events.append(NewEvent(derived_id("sevt", base, "rescheduled"), "session.status_rescheduled"))
                await sessions.set_status(conn, session, "rescheduling", None)
                await ledger.append(conn, ws, sid, events)
                await conn.execute(Q.update_turn, sid, prepared.trigger_id, "running", prepared.round, errors)
                delay = exc.retry_after if exc.retry_after is not None else min(30.0, 0.5 * 2 ** (errors - 1))
                return StepOutcome("retry", delay)
            stop = {"type": "retries_exhausted"}
            events.append(NewEvent(derived_id("sevt", base, "idle"), "session.status_idle", {"stop_reason": stop}))
            await ledger.append(conn, ws, sid, events)
            await finish_turn(conn, sid, prepared.trigger_id, flush_queue=True)
            await sessions.set_status(conn, session, "idle", stop)
            return StepOutcome("idle")

    async def _run_platform_tools(self, prepared: _Round, response: ModelResponse) -> dict[str, tuple[str, bool]]:
        """Results of calls the platform answers itself (``load_skill``), computed outside any transaction."""
        manifest = prepared.snapshot.get("skill_manifest") or []
        results: dict[str, tuple[str, bool]] = {}
        for call in tool_uses(response):
            if call.name == LOAD_SKILL and manifest:
                results[call.id] = await load_instructions(self._blobs, manifest, call.input)
        return results

    async def _commit(
        self, prepared: _Round, response: ModelResponse, message_id: str, platform: dict[str, tuple[str, bool]]
    ) -> StepOutcome:
        async with self._pool.acquire() as conn, conn.transaction():
            session = await self._lock_if_current(conn, prepared)
            if session is None:
                return StepOutcome("continue")
            ws, sid, trigger = prepared.workspace_id, prepared.session_id, prepared.trigger_id
            usage = {k: int(getattr(response.usage, k) or 0) for k in _USAGE_KEYS}

            events = [
                NewEvent(
                    derived_id("sevt", prepared.start_id, "end"),
                    "span.model_request_end",
                    {"model_request_start_id": prepared.start_id, "is_error": False, "model_usage": usage},
                    trigger,
                )
            ]
            texts = [
                {"type": "text", "text": b["text"]}
                for b in response.content
                if b.get("type") == "text" and b.get("text")
            ]
            if texts:
                events.append(NewEvent(message_id, "agent.message", {"content": texts}, trigger))
            position = await conn.fetchval(Q.next_position, sid, trigger)
            await conn.execute(Q.insert_transcript, ws, sid, trigger, position, "assistant", response.content)
            calls = tool_uses(response)
            needs_client: list[str] = []
            answered_here = 0  # calls answered in this transaction (platform tools, unknown names)
            custom_names = {t["name"] for t in custom_tools(prepared.snapshot)}
            builtins = {
                c["name"]: c for c in enabled_builtins(prepared.snapshot) if c["name"] not in PROVIDER_NATIVE_TOOLS
            }
            for call in calls:
                event_id = derived_id("sevt", prepared.start_id, "tool", call.id)
                if call.name in custom_names:
                    kind, state = "custom", "pending"
                    events.append(
                        NewEvent(event_id, "agent.custom_tool_use", {"name": call.name, "input": call.input}, trigger)
                    )
                    needs_client.append(event_id)
                elif call.name in builtins:
                    ask = builtins[call.name]["permission_policy"]["type"] != "always_allow"
                    kind, state = "builtin", "awaiting_confirmation" if ask else "pending"
                    events.append(
                        NewEvent(
                            event_id,
                            "agent.tool_use",
                            {"name": call.name, "input": call.input, "evaluated_permission": "ask" if ask else "allow"},
                            trigger,
                        )
                    )
                    if ask:
                        needs_client.append(event_id)
                elif call.id in platform:
                    kind, state = "platform", "resolved"
                    text, is_error = platform[call.id]
                    events.append(
                        NewEvent(
                            event_id,
                            "agent.tool_use",
                            {"name": call.name, "input": call.input, "evaluated_permission": "allow"},
                            trigger,
                        )
                    )
                    result = {
                        "tool_use_id": event_id,
                        "content": [{"type": "text", "text": text}],
                        "is_error": is_error,
                    }
                    events.append(
                        NewEvent(derived_id("sevt", event_id, "result"), "agent.tool_result", result, trigger)
                    )
                    answered_here += 1
                else:
                    kind, state = "unknown", "rejected"
                    answered_here += 1
                await conn.execute(
                    Q.insert_action, ws, sid, event_id, trigger, prepared.round, kind, call.id, call.name, state
                )
                if kind == "platform":
                    await conn.execute(
                        Q.resolve_action, sid, event_id, "resolved", derived_id("sevt", event_id, "result")
                    )
            await sessions.add_usage(conn, session, usage)
            if calls:
                await conn.execute(Q.update_turn, sid, trigger, "waiting", prepared.round, 0)
                await work.ensure_if_runnable(conn, session)  # self-hosted workers execute built-in calls
                if answered_here == len(calls):
                    await ledger.append(conn, ws, sid, events)
                    return StepOutcome("continue")
                if needs_client:
                    stop = {"type": "requires_action", "event_ids": needs_client}
                    events.append(
                        NewEvent(
                            derived_id("sevt", prepared.start_id, "idle"), "session.status_idle", {"stop_reason": stop}
                        )
                    )
                    await sessions.set_status(conn, session, "idle", stop)
                await ledger.append(conn, ws, sid, events)
                return StepOutcome("idle")
            await finish_turn(conn, sid, trigger, flush_queue=False)
            if await ledger.queued_inputs(conn, sid):
                await ledger.append(conn, ws, sid, events)
                return StepOutcome("continue")
            stop = {"type": "end_turn"}
            events.append(
                NewEvent(derived_id("sevt", prepared.start_id, "idle"), "session.status_idle", {"stop_reason": stop})
            )
            await ledger.append(conn, ws, sid, events)
            await sessions.set_status(conn, session, "idle", stop)
            return StepOutcome("idle")


async def finish_turn(conn: Any, session_id: str, trigger_id: str, *, flush_queue: bool) -> None:
    """Close the active turn: its trigger (and, when flushing, every queued input) is processed."""
    await conn.execute(Q.update_turn, session_id, trigger_id, "done", 0, 0)
    processed = [trigger_id]
    if flush_queue:
        processed += await ledger.queued_inputs(conn, session_id)
    await ledger.mark_processed(conn, processed)


_USAGE_KEYS = ("input_tokens", "output_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")


def _usage(raw: dict[str, Any]) -> dict[str, int]:
    return {k: int(raw.get(k) or 0) for k in _USAGE_KEYS}


def _public_message(exc: ModelError) -> str:
    status = f" (HTTP {exc.status_code})" if exc.status_code else ""
    return f"The model request failed{status}: {exc.message}"[:1000]
