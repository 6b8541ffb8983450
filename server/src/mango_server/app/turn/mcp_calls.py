"""MCP tool calls of the active turn, run by the orchestrator through the invocation journal.

:func:`run_pending` runs every journalled call that is ``allowed`` and whose action is still
open (an interrupt cancels the action, and with it the call). Per call:

1. (transaction) ``allowed -> started``, committed before any byte leaves Mango;
2. the MCP call, outside any transaction, with the connector's deadline;
3. (transaction) the ``agent.mcp_tool_result`` event, the action resolved, ``completed``.

An interrupt (or the Session's deletion, or its termination) closes the journal honestly
(``store.mcp.settle_interrupted``): a call never sent is ``cancelled``, a call in flight is
``ambiguous``; if the in-flight call answers after all, its outcome is recorded (``completed``)
but no result reaches the closed turn.

A call found ``started`` was interrupted after step 1 (the orchestrator crashed, the activity
timed out): its outcome is unknown, so it is never sent again. It becomes ``ambiguous`` and the
model gets an error result saying so (its ``agent.mcp_tool_result`` carries ``outcome:
ambiguous``). A connection failure after the request may have reached the server is ambiguous
too; a refusal by the egress guard happened before any connection and is an ordinary tool error.

Every settled call counts once in ``mango_mcp_calls`` by outcome: ``completed`` (the server
answered), ``error`` (the server answered with an error, or the call failed before it was sent),
``ambiguous`` (see above); ``denied`` calls are counted where the denial is decided
(``turn.commit``, ``admission``). Sent calls also time their request in
``mango_mcp_call_duration_seconds``.

The call sends the Session's credential for the server (``app.mcp_tokens``). A 401 refreshes an
OAuth token once and sends the call once more (the server refused it before acting on it). A
credential that cannot be refreshed means the call was not sent: it gets a tool error, and the
failure is handed back (:class:`Settled`) so that the round stops with ``credential_failed``.

A textual result over ``LARGE_TEXT_CHARS`` becomes a Workspace File (``app.turn.mcp_results``): its
complete text is first committed as a receipt in the journal, so a crash before the File is
published publishes it again from the receipt without calling the tool twice. Not responsible for
deciding permissions or for discovery.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field

from mango_server.app import ledger
from mango_server.app.blobs import BlobWrites
from mango_server.app.ledger import Tx
from mango_server.app.mcp_tokens import CredentialFailed, McpTokens
from mango_server.app.turn import mcp_results
from mango_server.app.turn.mcp_discovery import Failure
from mango_server.domain._generated.events import OMITTED, AgentMcpToolResultEvent
from mango_server.domain.json import JsonObject
from mango_server.ids import derived_id
from mango_server.store import actions, files, mcp, sessions
from mango_server.store.db import Pool
from mango_server.store.events import NewEvent
from mango_server.store.mcp import InvocationRow
from mango_server.telemetry.metrics import MCP_CALL_DURATION, MCP_CALLS
from mango_server.tools.mcp_connector import CallResult, McpConnectionError, McpConnector, McpImage

log = logging.getLogger(__name__)

#: The ``file_id`` of an MCP result's image snapshot: it comes from a tool, not from a File.
MCP_IMAGE_SOURCE = "mcp"
AMBIGUOUS_TEXT = (
    "The outcome of this MCP tool call is unknown: the connection was lost after the call was sent, so it "
    "may or may not have taken effect. It was not retried. Check its effect before calling it again."
)


@dataclass(frozen=True)
class Settled:
    """What :func:`run_pending` did: how many calls it settled, and the credentials that failed."""

    count: int = 0
    failures: list[Failure] = field(default_factory=list)


async def run_pending(
    pool: Pool,
    connector: McpConnector | None,
    session_id: str,
    writes: BlobWrites | None = None,
    tokens: McpTokens | None = None,
) -> Settled:
    """Run (or settle as ambiguous) the Session's runnable MCP calls (``tokens``: their credentials)."""
    async with pool.acquire() as conn:
        pending = await mcp.runnable(conn, session_id)
    failures: list[Failure] = []
    for invocation in pending:
        failed = await _settle(pool, connector, invocation, writes, tokens)
        if failed is not None:
            failures.append(failed)
    return Settled(len(pending), failures)


async def _settle(
    pool: Pool,
    connector: McpConnector | None,
    invocation: InvocationRow,
    writes: BlobWrites | None,
    tokens: McpTokens | None,
) -> Failure | None:
    if invocation.state == "started" and invocation.receipt is not None:
        await mcp_results.publish(pool, writes, invocation, invocation.receipt, _finish_in)  # no second call
        return None
    if invocation.state == "started":
        log.warning(
            "mcp call ambiguous session_id=%s event_id=%s",
            invocation.session_id,
            invocation.event_id,
            extra={"action": "mcp.ambiguous"},
        )
        await _finish(pool, invocation, AMBIGUOUS_TEXT, is_error=True, state="ambiguous")
        MCP_CALLS.labels("ambiguous").inc()
        return None
    url = await _start(pool, invocation)
    if url is None:
        return None
    if connector is None:
        await _finish(pool, invocation, "MCP servers are not available on this orchestrator.", True, "completed")
        MCP_CALLS.labels("error").inc()
        return None
    began = time.monotonic()
    name, arguments = invocation.tool_name, invocation.input
    try:
        scope = invocation.session_id  # the Thread's live session with the server, reused across calls
        if tokens is None:
            result = await connector.call(url, name, arguments, scope=scope)
        else:
            result = await tokens.run(
                scope, url, lambda token: connector.call(url, name, arguments, token, scope=scope)
            )
    except CredentialFailed as exc:
        await _finish(pool, invocation, f"The MCP call was not sent: {exc}", is_error=True, state="completed")
        MCP_CALLS.labels("error").inc()
        return Failure.of_credential(invocation.server_name, "", exc)
    except McpConnectionError as exc:
        state = "ambiguous" if exc.maybe_sent else "completed"
        outcome = "ambiguous" if exc.maybe_sent else "error"
        MCP_CALL_DURATION.labels(outcome).observe(time.monotonic() - began)
        text = f"{AMBIGUOUS_TEXT} ({exc})" if exc.maybe_sent else f"The MCP call failed before it was sent: {exc}"
        async with pool.acquire() as conn:  # the Thread's server health shows the last error
            await mcp.note_error(conn, invocation.workspace_id, invocation.session_id, invocation.server_name, str(exc))
        await _finish(pool, invocation, text, is_error=True, state=state)
        MCP_CALLS.labels(outcome).inc()
        return None
    outcome = "error" if result.is_error else "completed"
    MCP_CALL_DURATION.labels(outcome).observe(time.monotonic() - began)
    MCP_CALLS.labels(outcome).inc()
    if len(result.text) > mcp_results.LARGE_TEXT_CHARS and not result.is_error:
        await mcp_results.retain(pool, writes, invocation, result, _finish, _finish_in)
        return None
    await _finish(pool, invocation, result.text, result.is_error, "completed", result)
    return None


async def _start(pool: Pool, invocation: InvocationRow) -> str | None:
    """Mark the call started (durably, before sending); the server's URL, or ``None`` if it is no longer runnable."""
    async with pool.acquire() as conn, conn.transaction():
        locked = await mcp.lock_runnable(conn, invocation.session_id, invocation.event_id)
        if locked is None or locked.state != "allowed":
            return None
        session = await sessions.lock_any(conn, invocation.session_id)
        if session is None or session.deleting_at is not None or session.archived_at is not None:
            return None
        servers = {s["name"]: s["url"] for s in session.agent_snapshot.get("mcp_servers") or []}
        await mcp.set_state(conn, invocation.session_id, invocation.event_id, "started")
    return servers.get(invocation.server_name)


async def _finish(
    pool: Pool, invocation: InvocationRow, text: str, is_error: bool, state: str, result: CallResult | None = None
) -> None:
    """Commit the result event, resolve the action and close the journal entry, together."""
    images = result.images if result else ()
    async with pool.acquire() as conn, conn.transaction():
        await _finish_in(Tx(conn), invocation, text, is_error, state, result.raw if result else None, images=images)


async def _finish_in(
    tx: Tx,
    invocation: InvocationRow,
    text: str,
    is_error: bool,
    state: str,
    raw: JsonObject | None = None,
    file_id: str | None = None,
    file_size: int | None = None,
    file_sha256: str | None = None,
    *,
    images: tuple[McpImage, ...] = (),
) -> bool:
    """Inside the caller's transaction: the result event, the resolved action and the closed journal entry.

    ``images``: the images the tool returned, kept privately with the result event (as a message's
    File images are) for the model, which receives them when its entry declares ``image_input``.
    Returns whether the call was still open (an interrupt or the Session's deletion closes it first).
    """
    conn = tx.conn
    sid, event_id = invocation.session_id, invocation.event_id
    result_id = derived_id("sevt", event_id, "result")
    # A published File comes with its size and digest, what a worker verifies its download against.
    verified = file_id is not None and file_size is not None and file_sha256 is not None
    payload = AgentMcpToolResultEvent(
        mcp_tool_use_id=event_id,
        content=[{"type": "text", "text": text or "(no output)"}],
        is_error=is_error,
        outcome="ambiguous" if state == "ambiguous" else None,
        file_id=file_id if file_id is not None else OMITTED,
        file_size_bytes=file_size if verified else None,
        file_sha256=file_sha256 if verified else None,
    )
    session = await sessions.lock_any(conn, sid)
    locked = await mcp.lock_runnable(conn, sid, event_id)
    if session is None or locked is None or session.deleting_at is not None:
        if session is not None and state == "completed":
            await mcp.record_late_outcome(conn, sid, event_id, raw)  # an interrupt said ambiguous; now we know
        return False
    action = await actions.lock(conn, sid, event_id)
    trigger = action.trigger_id if action else None
    event = NewEvent.of(result_id, payload, trigger)
    await ledger.append(tx, invocation.workspace_id, sid, [event])
    for index, image in enumerate(images):
        data_url = f"data:{image.media_type};base64,{image.data}"
        await files.insert_snapshot(conn, invocation.workspace_id, sid, result_id, index, MCP_IMAGE_SOURCE, data_url)
    await actions.resolve(conn, sid, event_id, "resolved", result_id)
    await mcp.set_state(conn, sid, event_id, state, raw)
    if file_id is not None:
        await mcp.complete_publication(conn, sid, event_id, file_id)
    return True
