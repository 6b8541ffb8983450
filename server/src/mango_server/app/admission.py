"""Admission of client events: validation, the ledger rows, the status projection and the wakeup,
all in the caller's one transaction (the durable write path, ``app.ledger``).

Client events arrive as the spec's wire TypedDicts (``SessionEventInput``: the request body was
validated by its generated model at the edge, so they are read as they are, not validated again).
Each client event type has one handler taking its own TypedDict, chosen by ``_dispatch`` on the
event's ``type`` literal, so mypy checks every handler's reads; a type without a handler cannot be
sent by clients. Tool results close entries of the active turn's
barrier: a partial result is recorded without waking the model and, while the Session is idle
with ``requires_action``, re-emits ``session.status_idle`` with the ids the client still owes
(the Session goes ``running`` when only worker-run calls remain); the result that closes the
barrier wakes the turn exactly once, because the barrier check runs under the Session row lock.
Images and PDFs (in a message or a custom tool result) are refused with a 400 naming the block when
the catalogue entry of the Session's model (or the Thread's) does not declare ``image_input`` /
``pdf_input``; the request rolls back.
Duplicate or unknown results are rejected and the whole request rolls back. An interrupt ends
a running turn (its open calls are cancelled); an idle interrupt, while the Session waits for the
client at a ``requires_action`` barrier, preserves the barrier. Not responsible
for reading File documents (``app.documents``, before the transaction) or the transaction itself
(the caller's :class:`~mango_server.app.ledger.Tx`, which may collect the rows for its poke).
"""

from __future__ import annotations

from collections.abc import Sequence

from mango_server.app import ledger
from mango_server.app.documents import PDF_SNAPSHOT_PREFIX, Snapshots, content_files, store_snapshots
from mango_server.app.ledger import Tx
from mango_server.app.turn import outcomes
from mango_server.app.turn.rounds import OPEN_ACTION_STATES, finish_turn
from mango_server.domain._generated import wire
from mango_server.domain._generated.events import (
    OMITTED,
    SessionStatusIdleEvent,
    SessionStatusRunningEvent,
    UserCustomToolResultEvent,
    UserInterruptEvent,
    UserMessageEvent,
    UserToolConfirmationEvent,
    UserToolResultEvent,
)
from mango_server.domain.errors import ConflictError, InvalidRequestError, PermissionDeniedError
from mango_server.domain.media import PDF_TYPE
from mango_server.domain.model_catalogue import ModelCapabilities, ModelCatalogue
from mango_server.domain.principal import PrincipalKind
from mango_server.ids import new_id
from mango_server.store import actions, events, mcp, outbox, sessions, tool_calls, transcript, turns, work
from mango_server.store.actions import ActionRow
from mango_server.store.events import EventRow, NewEvent
from mango_server.store.sessions import SessionRow
from mango_server.store.turns import TurnRow
from mango_server.telemetry.metrics import MCP_CALLS

# A session token is the execution credential of the Session's sandbox: it may answer tool calls
# (``user.tool_result`` for built-in calls, ``user.custom_tool_result`` for custom tools a tool runner
# serves) and nothing else: no messages, approvals, interrupts or outcomes.
SESSION_TOKEN_TYPES = ("user.tool_result", "user.custom_tool_result")


class Admission:
    """Admits one request's events against a locked Session row."""

    def __init__(
        self,
        tx: Tx,
        session: SessionRow,
        principal_kind: PrincipalKind,
        documents: Snapshots | None = None,
        at_lock: turns.ActiveAtLock | None = None,
        models: ModelCatalogue | None = None,
    ) -> None:
        self.tx = tx
        self.models = models  # what each model accepts (images, PDFs); None: nothing is checked
        self.conn = tx.conn
        # The active turn as read with the Session's lock: good until a handler other than
        # user.message (which never changes turns) has run.
        self.at_lock = at_lock
        self.session = session
        self.principal_kind = principal_kind
        self.documents = documents or {}  # File document snapshots read before the transaction
        self.ws = session.workspace_id
        self.sid = session.id
        self.accepted: list[EventRow] = []
        self.wake = False
        self.armed = False  # the wakeup is already armed (by the message's own append)
        self.barrier: ActionRow | None = None  # a call of the barrier this request resolved in part
        self.interrupted_work = False  # an interrupt stopped a turn or inputs queued for one

    async def admit(self, client_events: Sequence[wire.SessionEventInput]) -> list[EventRow]:
        """Admit every event in order; returns the rows appended (client and server events)."""
        if self.session.archived_at is not None or self.session.status == "terminated":
            raise ConflictError(f"session {self.sid} is archived and accepts no events")
        for index, event in enumerate(client_events):
            kind = event["type"]
            if self.principal_kind == "SessionToken" and kind not in SESSION_TOKEN_TYPES:
                raise PermissionDeniedError(
                    f"events[{index}]: a session token may only send {' or '.join(SESSION_TOKEN_TYPES)}"
                )
            await self._dispatch(index, event)
            if kind != "user.message":
                self.at_lock = None
        if self.barrier is not None:
            await self._reemit_remaining(self.barrier)
        if self.wake and not self.armed:
            # The Session's row is locked (``app.events.send``) and the events that need the wakeup were
            # appended here: a holder woken by their poke runs them instead.
            await outbox.wake_unless_held(self.conn, self.ws, self.sid)
        return self.accepted

    async def _dispatch(self, index: int, event: wire.SessionEventInput) -> None:
        """The handler of the event's type, given the event as its own TypedDict."""
        if event["type"] == "user.message":
            await self._user_message(index, event)
        elif event["type"] == "user.interrupt":
            await self._user_interrupt(index, event)
        elif event["type"] == "user.custom_tool_result":
            await self._user_custom_tool_result(index, event)
        elif event["type"] == "user.tool_result":
            await self._user_tool_result(index, event)
        elif event["type"] == "user.tool_confirmation":
            await self._user_tool_confirmation(index, event)
        elif event["type"] == "user.define_outcome":
            await self._user_define_outcome(index, event)
        else:  # unreachable for a validated body; stored events are refused the same way
            kind: object = event["type"]
            raise InvalidRequestError(f"events[{index}]: clients cannot send {kind!r} events")

    async def _append(self, event: NewEvent) -> None:
        self.accepted.extend(await ledger.append(self.tx, self.ws, self.sid, [event]))

    async def _set_running(self) -> None:
        if self.session.status != "running":
            self.session = await sessions.set_status(self.conn, self.session, "running", None)
            await self._append(NewEvent.of(new_id("sevt"), SessionStatusRunningEvent()))

    async def _user_message(self, index: int, event: wire.UserMessageEventParams) -> None:
        message = UserMessageEvent(content=event["content"])
        self._check_content(index, event["content"])
        event_id = new_id("sevt")
        turn = self.at_lock.turn if self.at_lock is not None else await turns.active(self.conn, self.sid)
        # The message, the status change it causes and the wakeup are one statement (same order and
        # sequence numbers as two appends would give).
        admitted = [NewEvent.of(event_id, message, processed=False)]
        if (turn is None or turn.state == "running") and self.session.status != "running":
            admitted.append(NewEvent.of(new_id("sevt"), SessionStatusRunningEvent()))
            rows, self.session = await ledger.append_with_status(
                self.tx, self.session, admitted, "running", None, wake=True
            )
        else:
            rows = await ledger.append(self.tx, self.ws, self.sid, admitted, wake=True)
        self.accepted.extend(rows)
        self.armed = True
        await store_snapshots(self.conn, self.session, event_id, index, self.documents)
        if turn is not None and turn.state != "running":
            await work.ensure_if_runnable(self.conn, self.session)  # re-queue if built-in calls lost their Work
        self.wake = True

    def _check_content(self, index: int, content: Sequence[wire.UserContentBlock]) -> None:
        """Every File source was snapshotted, and the model accepts the content's images and PDFs."""
        for block_index, file_id in content_files(content):
            if (index, block_index) not in self.documents:
                raise InvalidRequestError(f"events[{index}].content[{block_index}]: file {file_id} was not read")
        if self.models is None:
            return
        model_id = str((self.session.agent_snapshot.get("model") or {}).get("id") or "")
        entry = self.models.get(model_id)
        accepts = (entry.capabilities if entry is not None else ModelCapabilities()).flags()
        for block_index, block in enumerate(content):
            need = self._needs(index, block_index, block)
            if need is None or accepts[need]:
                continue
            what = "images" if need == "image_input" else "PDF documents"
            able = [name for e in self.models.entries if e.capabilities.flags()[need] for name in (e.id, *e.aliases)]
            raise InvalidRequestError(
                f"events[{index}].content[{block_index}]: model {model_id!r} does not accept {what} (its catalogue "
                f"entry does not declare {need}); models that do: {', '.join(able) or 'none is offered'}",
                details={"model": model_id, "capability": need},
            )

    def _needs(self, index: int, block_index: int, block: wire.UserContentBlock) -> str | None:
        """The capability a block needs of the model: ``image_input``, ``pdf_input`` or none."""
        if block["type"] == "image":
            return "image_input"
        if block["type"] != "document":
            return None
        source = block["source"]
        if source["type"] == "base64":
            return "pdf_input" if source["media_type"] == PDF_TYPE else None
        if source["type"] == "file":
            _, data = self.documents[(index, block_index)]
            return "pdf_input" if data.startswith(PDF_SNAPSHOT_PREFIX) else None
        return None

    async def _user_define_outcome(self, index: int, event: wire.UserDefineOutcomeEventParams) -> None:
        echo, ended = await outcomes.define(self.conn, self.session, index, event, self.documents)
        for end in ended:
            await self._append(end)
        await self._append(echo)
        turn = await turns.active(self.conn, self.sid)
        if turn is None or turn.state == "running":
            await self._set_running()
        self.wake = True

    async def _user_interrupt(self, index: int, event: wire.UserInterruptEventParams) -> None:
        await self._append(NewEvent.of(new_id("sevt"), UserInterruptEvent()))
        for end in await outcomes.interrupt(self.conn, self.session):
            await self._append(end)
        turn = await turns.active(self.conn, self.sid)
        queued = await events.queued_inputs(self.conn, self.sid)
        barrier = self._idle_barrier(turn)
        if barrier is not None:
            await self._keep_barrier(barrier, queued)
            return
        if turn is None and not queued:
            return
        self.interrupted_work = True
        if turn is not None:
            await self._close_dangling_calls(turn)
            await finish_turn(self.conn, self.sid, turn.trigger_id)
        else:
            await events.mark_processed(self.conn, queued)
        await actions.cancel_open(self.conn, self.sid)
        await mcp.settle_interrupted(self.conn, self.sid)
        await tool_calls.settle_interrupted(self.conn, self.sid)
        stop: wire.EndTurnStopReason = {"type": "end_turn"}
        self.session = await sessions.set_status(self.conn, self.session, "idle", stop)
        await self._append(NewEvent.of(new_id("sevt"), SessionStatusIdleEvent(stop_reason=stop)))
        self.wake = True

    def _idle_barrier(self, turn: TurnRow | None) -> wire.RequiresActionStopReason | None:
        """The ``requires_action`` stop reason when the Session is idle waiting for the client at a barrier."""
        stop = self.session.stop_reason
        if turn is None or turn.state != "waiting" or self.session.status != "idle":
            return None
        return stop if stop is not None and stop["type"] == "requires_action" else None

    async def _keep_barrier(self, stop: wire.RequiresActionStopReason, queued: list[str]) -> None:
        """An idle interrupt preserves the pending barrier: its approvals and custom tool calls stay
        pending (answered or denied by the client, never dropped by an interrupt). Inputs queued
        behind the barrier are flushed, and ``session.status_idle`` is re-emitted with the calls still
        owed, so every client shows them again."""
        await events.mark_processed(self.conn, queued)
        await self._append(NewEvent.of(new_id("sevt"), SessionStatusIdleEvent(stop_reason=stop)))

    async def _close_dangling_calls(self, turn: TurnRow) -> None:
        """Give every unanswered tool call of the interrupted round an error result in the transcript."""
        if turn.state != "waiting":
            return
        calls = await actions.for_round(self.conn, self.sid, turn.trigger_id, turn.round)
        blocks: list[dict[str, object]] = [
            {
                "type": "tool_result",
                "tool_use_id": a.provider_tool_use_id,
                "content": [{"type": "text", "text": await self._interrupted_text(a)}],
                "is_error": True,
            }
            for a in calls
        ]
        await events.mark_processed(self.conn, [a.result_event_id for a in calls if a.result_event_id])
        if blocks:
            await transcript.append(self.conn, self.ws, self.sid, turn.trigger_id, "user", blocks)

    async def _interrupted_text(self, action: ActionRow) -> str:
        """What the model learns of a call the interrupt closed: a call in flight (an MCP call sent, a worker-run or
        managed call journalled ``started``) may have taken effect."""
        if action.kind == "mcp":
            invocation = await mcp.get_invocation(self.conn, self.sid, action.event_id)
            if invocation is not None and invocation.state == "started" and invocation.receipt is None:
                return (
                    "Interrupted by the user while this MCP tool call was running: its outcome is unknown (it may "
                    "or may not have taken effect). Check its effect before calling it again."
                )
        elif action.state in OPEN_ACTION_STATES:  # a worker-run or managed call its executor had started
            call = await tool_calls.get(self.conn, self.sid, action.event_id)
            if call is not None and call.state == "started":
                return (
                    "Interrupted by the user while this tool call was running: its outcome is unknown (it may or "
                    "may not have taken effect). Check its effect before running it again."
                )
        return "Interrupted by the user."

    async def _action(self, index: int, event_id: str, field: str, kinds: tuple[str, ...]) -> ActionRow:
        action = await actions.lock(self.conn, self.sid, event_id)
        if action is None or action.kind not in kinds:
            raise InvalidRequestError(f"events[{index}].{field}: {event_id!r} does not match any pending tool call")
        return action

    async def _result(
        self,
        index: int,
        result: UserToolResultEvent | UserCustomToolResultEvent,
        kinds: tuple[str, ...],
        states: tuple[str, ...],
    ) -> str:
        """Admit one tool result; returns its event id."""
        if isinstance(result, UserToolResultEvent):
            field, event_id = "tool_use_id", result.tool_use_id
        else:
            field, event_id = "custom_tool_use_id", result.custom_tool_use_id
        action = await self._action(index, event_id, field, kinds)
        if action.state not in states:
            if action.state == "awaiting_confirmation":
                raise ConflictError(f"events[{index}]: tool call {event_id} awaits a user.tool_confirmation first")
            raise ConflictError(f"events[{index}]: tool call {event_id} already has a result ({action.state})")
        result_id = new_id("sevt")
        # processed_at stays null until the resumed turn hands the result to the model.
        await self._append(NewEvent.of(result_id, result, processed=False))
        await actions.resolve(self.conn, self.sid, event_id, "resolved", result_id)
        await self._resume_if_barrier_closed(action)
        return result_id

    async def _resume_if_barrier_closed(self, action: ActionRow) -> None:
        calls = await actions.for_round(self.conn, self.sid, action.trigger_id, action.round)
        if any(a.state in OPEN_ACTION_STATES for a in calls):
            self.barrier = action
            return
        await self._set_running()
        self.wake = True

    async def _reemit_remaining(self, action: ActionRow) -> None:
        """After a partial resolution, the Session's ``requires_action`` lists only what the client still owes.

        Runs once per request, after every event is admitted: a request answering the whole
        barrier resumes the turn and re-emits nothing.
        """
        stop = self.session.stop_reason
        if self.session.status != "idle" or stop is None or stop["type"] != "requires_action":
            return
        calls = await actions.for_round(self.conn, self.sid, action.trigger_id, action.round)
        owed = {
            a.event_id
            for a in calls
            if a.state == "awaiting_confirmation" or (a.kind, a.state) == ("custom", "pending")
        }
        remaining = [event_id for event_id in stop["event_ids"] if event_id in owed]
        if remaining == stop["event_ids"]:
            return
        if not remaining:  # only calls a worker runs are left: the Session is busy with them
            await self._set_running()
            return
        new_stop: wire.RequiresActionStopReason = {"type": "requires_action", "event_ids": remaining}
        self.session = await sessions.set_status(self.conn, self.session, "idle", new_stop)
        await self._append(NewEvent.of(new_id("sevt"), SessionStatusIdleEvent(stop_reason=new_stop)))

    async def _user_custom_tool_result(self, index: int, event: wire.UserCustomToolResultEventParams) -> None:
        result = UserCustomToolResultEvent(
            custom_tool_use_id=event["custom_tool_use_id"],
            content=event.get("content", []),
            is_error=event.get("is_error", False),
        )
        self._check_content(index, event.get("content", []))
        result_id = await self._result(index, result, ("custom",), ("pending",))
        await store_snapshots(self.conn, self.session, result_id, index, self.documents)

    async def _user_tool_result(self, index: int, event: wire.UserToolResultEventParams) -> None:
        result = UserToolResultEvent(
            tool_use_id=event["tool_use_id"], content=event.get("content", []), is_error=event.get("is_error", False)
        )
        await self._result(index, result, ("builtin",), ("pending", "allowed"))
        await tool_calls.finish(self.conn, self.sid, event["tool_use_id"], "completed")  # if it was journalled

    async def _user_tool_confirmation(self, index: int, event: wire.UserToolConfirmationEventParams) -> None:
        event_id = event["tool_use_id"]
        action = await self._action(index, event_id, "tool_use_id", ("builtin", "mcp", "managed"))
        if action.state != "awaiting_confirmation":
            raise ConflictError(f"events[{index}]: tool call {event_id} is not awaiting confirmation ({action.state})")
        confirmation = UserToolConfirmationEvent(
            tool_use_id=event_id, result=event["result"], deny_message=event.get("deny_message", OMITTED)
        )
        confirmation_id = new_id("sevt")
        await self._append(NewEvent.of(confirmation_id, confirmation))
        allowed = event["result"] == "allow"
        if action.kind == "mcp":
            await mcp.set_state(self.conn, self.sid, event_id, "allowed" if allowed else "denied")
        if allowed:
            await actions.resolve(self.conn, self.sid, event_id, "allowed", None)
            if action.kind in ("mcp", "managed"):  # the orchestrator runs it: wake the workflow
                await self._set_running()
                self.wake = True
            else:
                await work.ensure_if_runnable(self.conn, self.session)
            self.barrier = action
            return
        await actions.resolve(self.conn, self.sid, event_id, "denied", confirmation_id)
        if action.kind == "mcp":
            MCP_CALLS.labels("denied").inc()
        await self._resume_if_barrier_closed(action)
