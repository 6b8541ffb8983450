"""Platform-managed built-in calls (``web_fetch``): run by the orchestrator once allowed, answered as tool results.

A managed call is recorded like any built-in (``agent.tool_use`` with its evaluated permission;
``always_ask`` waits for a ``user.tool_confirmation``, ``auto`` is decided by the evaluator), but
no worker runs it: once its action is ``allowed``, :func:`run_pending` (called at the start of
every step) runs it through the operation journal (``store.tool_calls``, executor ``managed``):

1. (transaction, under the Session row lock) ``started`` is recorded, committed before any byte
   leaves Mango;
2. the fetch, outside any transaction, through the egress guard;
3. (transaction) ``agent.tool_result`` appended, the action resolved and the call ``completed``,
   only if the action is still ``allowed`` (an interrupt or a deletion meanwhile drops the result).

A call found ``started`` was cut off after step 1 (the orchestrator crashed, the activity timed
out): whether the request reached the site is unknown, so it is never fetched again. It is
answered ``agent.tool_result`` ``outcome: ambiguous`` with an error result saying so. Not
responsible for the fetch itself (``tools.web_fetch``) or for choosing the executor
(``domain.tools.web_fetch_mode``).
"""

from __future__ import annotations

import logging
from typing import Literal

from mango_server.app import ledger
from mango_server.app.ledger import Tx
from mango_server.app.turn.rounds import is_open
from mango_server.domain._generated.events import AgentToolResultEvent
from mango_server.domain.json import JsonObject
from mango_server.ids import derived_id
from mango_server.store import actions, events, sessions, tool_calls
from mango_server.store.actions import ActionRow
from mango_server.store.db import Pool
from mango_server.store.events import NewEvent
from mango_server.store.tool_calls import Finished, Starter
from mango_server.telemetry.metrics import TOOL_CALLS
from mango_server.tools.egress import EgressPolicy
from mango_server.tools.web_fetch import FetchResult, web_fetch

log = logging.getLogger(__name__)


AMBIGUOUS_TEXT = (
    "The outcome of this fetch is unknown: Mango stopped after it started the request and before it recorded the "
    "answer, so the request may or may not have reached the site. It was not fetched again."
)
_Start = Literal["run", "ambiguous", "skip", "gone"]


async def run_pending(pool: Pool, policy: EgressPolicy | None, session_id: str) -> bool:
    """Run (or settle as ambiguous) the Session's allowed managed calls; True when a result was committed."""
    async with pool.acquire() as conn:
        calls = await actions.allowed_of_kind(conn, session_id, "managed")
    committed = False
    for action in calls:
        started = await _start(pool, session_id, action)
        if started == "gone":
            return committed
        if started == "skip":
            continue
        if started == "ambiguous":
            log.warning(
                "managed tool ambiguous session_id=%s tool=%s tool_use_id=%s",
                session_id,
                action.name,
                action.event_id,
                extra={"action": "managed_tool.ambiguous"},
            )
            TOOL_CALLS.labels("managed", "ambiguous").inc()
            committed |= await _answer(pool, session_id, action, FetchResult(AMBIGUOUS_TEXT, True), "ambiguous")
            continue
        async with pool.acquire() as conn:
            use = await events.find(conn, session_id, action.event_id)
        call_input = (use.payload.get("input") if use else None) or {}
        result = await _run(policy, action.name, call_input)
        if await _answer(pool, session_id, action, result, "completed"):
            committed = True
            log.info(
                "managed tool answered session_id=%s tool=%s is_error=%s",
                session_id,
                action.name,
                result.is_error,
                extra={"action": "managed_tool.answered"},
            )
    return committed


async def _start(pool: Pool, session_id: str, action: ActionRow) -> _Start:
    """Journal ``started`` before the fetch; ``ambiguous`` when an earlier attempt had started it already."""
    async with pool.acquire() as conn, conn.transaction():
        session = await sessions.lock_any(conn, session_id)
        if session is None or not is_open(session):
            return "gone"
        locked = await actions.lock(conn, session_id, action.event_id)
        if locked is None or locked.state != "allowed":
            return "skip"  # interrupted or cancelled meanwhile
        call = await tool_calls.get(conn, session_id, action.event_id)
        if call is not None:
            return "ambiguous" if call.state == "started" else "skip"
        await tool_calls.start(conn, session.workspace_id, session_id, action.event_id, action.name, Starter("managed"))
    TOOL_CALLS.labels("managed", "started").inc()
    return "run"


async def _answer(pool: Pool, session_id: str, action: ActionRow, result: FetchResult, state: Finished) -> bool:
    """Append the result, resolve the action and close the journal entry, together; False when the call was closed."""
    async with pool.acquire() as conn, conn.transaction():
        session = await sessions.lock_any(conn, session_id)
        locked = await actions.lock(conn, session_id, action.event_id)
        if session is None or not is_open(session) or locked is None or locked.state != "allowed":
            if state == "completed":  # an interrupt settled it as ambiguous; its answer came after all
                await tool_calls.finish(conn, session_id, action.event_id, "completed")
            return False
        result_id = derived_id("sevt", action.event_id, "result")
        payload = AgentToolResultEvent(
            tool_use_id=action.event_id,
            content=[{"type": "text", "text": result.text}],
            is_error=result.is_error,
            outcome="ambiguous" if state == "ambiguous" else None,
        )
        event = NewEvent.of(result_id, payload, action.trigger_id)
        await ledger.append(Tx(conn), session.workspace_id, session_id, [event])
        await actions.resolve(conn, session_id, action.event_id, "resolved", result_id)
        await tool_calls.finish(conn, session_id, action.event_id, state)
    return True


async def _run(policy: EgressPolicy | None, name: str, call_input: JsonObject) -> FetchResult:
    if name != "web_fetch":
        return FetchResult(f"{name} is not a platform-managed tool", True)
    if policy is None:
        return FetchResult("web_fetch is not available on this orchestrator", True)
    url = call_input.get("url")
    if not isinstance(url, str) or not url:
        return FetchResult("web_fetch needs a url (a string)", True)
    return await web_fetch(policy, url)
