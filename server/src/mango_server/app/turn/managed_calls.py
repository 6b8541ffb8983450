"""Platform-managed built-in calls (``web_fetch``): run by the orchestrator once allowed, answered as tool results.

A managed call is recorded like any built-in (``agent.tool_use`` with its evaluated permission;
``always_ask`` waits for a ``user.tool_confirmation``, ``auto`` is decided by the evaluator), but
no worker runs it: once its action is ``allowed``, :func:`run_pending` (called at the start of
every step) fetches outside any transaction through the egress guard, then, under the Session row
lock, appends ``agent.tool_result`` and resolves the action only if it is still ``allowed`` (an
interrupt or a deletion meanwhile drops the result). A fetch is a GET, safe to repeat: a crash
before the result is committed fetches again on the next step. Not responsible for the fetch
itself (``tools.web_fetch``) or for choosing the executor (``domain.tools.web_fetch_mode``).
"""

from __future__ import annotations

import logging

from mango_server.app import ledger
from mango_server.app.ledger import Tx
from mango_server.app.turn.rounds import is_open
from mango_server.domain._generated.events import AgentToolResultEvent
from mango_server.domain.json import JsonObject
from mango_server.ids import derived_id
from mango_server.store import actions, events, sessions
from mango_server.store.db import Pool
from mango_server.store.events import NewEvent
from mango_server.tools.egress import EgressPolicy
from mango_server.tools.web_fetch import FetchResult, web_fetch

log = logging.getLogger(__name__)


async def run_pending(pool: Pool, policy: EgressPolicy | None, session_id: str) -> bool:
    """Run the Session's allowed managed calls; True when a result was committed."""
    async with pool.acquire() as conn:
        calls = await actions.allowed_of_kind(conn, session_id, "managed")
    committed = False
    for action in calls:
        async with pool.acquire() as conn:
            use = await events.find(conn, session_id, action.event_id)
        call_input = (use.payload.get("input") if use else None) or {}
        result = await _run(policy, action.name, call_input)
        async with pool.acquire() as conn, conn.transaction():
            session = await sessions.lock_any(conn, session_id)
            if session is None or not is_open(session):
                return committed
            locked = await actions.lock(conn, session_id, action.event_id)
            if locked is None or locked.state != "allowed":
                continue  # interrupted or cancelled meanwhile: the result is dropped
            result_id = derived_id("sevt", action.event_id, "result")
            payload = AgentToolResultEvent(
                tool_use_id=action.event_id,
                content=[{"type": "text", "text": result.text}],
                is_error=result.is_error,
            )
            event = NewEvent.of(result_id, payload, action.trigger_id)
            await ledger.append(Tx(conn), session.workspace_id, session_id, [event])
            await actions.resolve(conn, session_id, action.event_id, "resolved", result_id)
            committed = True
        log.info(
            "managed tool answered session_id=%s tool=%s is_error=%s",
            session_id,
            action.name,
            result.is_error,
            extra={"action": "managed_tool.answered"},
        )
    return committed


async def _run(policy: EgressPolicy | None, name: str, call_input: JsonObject) -> FetchResult:
    if name != "web_fetch":
        return FetchResult(f"{name} is not a platform-managed tool", True)
    if policy is None:
        return FetchResult("web_fetch is not available on this orchestrator", True)
    url = call_input.get("url")
    if not isinstance(url, str) or not url:
        return FetchResult("web_fetch needs a url (a string)", True)
    return await web_fetch(policy, url)
