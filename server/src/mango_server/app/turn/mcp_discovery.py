"""MCP discovery for a turn round: the pinned snapshot of each server, discovered once per Session.

Before a round is prepared, :func:`discover` returns the MCP tools the round offers, so that
admission (``app.turn.context_admission``) counts their schemas with every other tool declaration. For each
``mcp_toolset`` of the Session's Agent snapshot it reads the pinned discovery snapshot of
(Session, primary thread, server); a snapshot discovered for another configuration digest is
stale (the MCP configuration changed) and is discovered again. Discovery runs outside any
transaction (network I/O). A failure is a recoverable ``session.error``
(``mcp_connection_failed_error``) that :func:`record_failures` writes inside the prepare
transaction of the round it affects: the server's tools are dropped for this turn, the failure
is remembered for the turn (so later rounds of the same turn neither retry nor report it
again), and the next turn retries.

Discovery sends the Session's credential for the server (``app.mcp_tokens``: a vault credential,
refreshed when it expires or is refused). A credential that cannot be refreshed is a
:class:`Failure` that names it: its ``session.error`` (``mcp_authentication_failed_error``) names
the credential, nothing is remembered (the paused turn discovers again when it resumes), and
the round stops with ``credential_failed`` (``app.turn.prepare``).
Not responsible for calling tools (``app.turn.mcp_calls``) or for the egress rules (``tools.egress``).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field

from mango_server.app import ledger
from mango_server.app.ledger import Tx
from mango_server.app.mcp_tokens import CredentialFailed, McpTokens
from mango_server.app.threads import delegation
from mango_server.app.turn.rounds import StepOutcome
from mango_server.domain import mcp as mcp_rules
from mango_server.domain._generated import wire
from mango_server.domain._generated.events import SessionErrorEvent, SessionStatusIdleEvent
from mango_server.domain.mcp import DiscoverySnapshot, RoundTool
from mango_server.ids import derived_id
from mango_server.store import events, mcp, sessions, turns
from mango_server.store.db import Pool
from mango_server.store.events import NewEvent
from mango_server.store.sessions import SessionRow
from mango_server.tools.mcp_connector import McpConnectionError, McpConnector

__all__ = ["Failure", "Offer", "discover", "record_failures", "stop_for_credential"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Failure:
    """A server whose discovery failed for the turn being prepared."""

    server_name: str
    config_digest: str
    message: str
    vault_id: str | None = None
    credential_id: str | None = None  # set: the server's credential failed (the round cannot go on)

    @classmethod
    def of_credential(cls, server_name: str, config_digest: str, exc: CredentialFailed) -> Failure:
        """A failed credential of ``server_name`` (a discovery's or a call's)."""
        return cls(server_name, config_digest, str(exc), exc.vault_id, exc.credential_id)


@dataclass(frozen=True)
class Offer:
    """What discovery found for the next round: the offered tools and the failures to report."""

    tools: list[RoundTool] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)

    @property
    def failed_credential(self) -> Failure | None:
        """The first failure of a credential (the round stops with ``credential_failed``), if any."""
        return next((f for f in self.failures if f.credential_id is not None), None)


@dataclass(frozen=True)
class _Target:
    workspace_id: str
    session_id: str
    trigger_id: str
    snapshot: Mapping[str, object]


async def discover(
    pool: Pool, connector: McpConnector | None, session_id: str, tokens: McpTokens | None = None
) -> Offer:
    """The MCP tools of the Session's next round (each with ``mcp_server_name`` and ``permission_policy``).

    ``tokens``: the Sessions' MCP credentials (None: no keyring, so no credential is sent).
    """
    target = await _target(pool, session_id)
    if target is None:
        return Offer()
    offered: list[RoundTool] = []
    failures: list[Failure] = []
    for server, toolset in mcp_rules.toolsets(target.snapshot):
        found = await _snapshot(pool, connector, tokens, target, server, toolset)
        if isinstance(found, Failure):
            failures.append(found)
        elif found is not None:
            tools = mcp_rules.enabled_tools(server["name"], toolset, found["tools"])
            offered += [{**t, "snapshot_digest": found["digest"]} for t in tools]
    return Offer(offered, failures)


async def _target(pool: Pool, session_id: str) -> _Target | None:
    """The Session and the trigger of the turn the next round belongs to (``None``: nothing to run)."""
    async with pool.acquire() as conn:
        session = await sessions.lock_any(conn, session_id)  # autocommit: the lock ends with the read
        if session is None or not mcp_rules.toolsets(session.agent_snapshot):
            return None
        turn = await turns.active(conn, session_id)
        trigger_id = turn.trigger_id if turn is not None else None
        if trigger_id is None:
            trigger = await events.next_trigger(conn, session_id)
            trigger_id = trigger.id if trigger is not None else None
    if trigger_id is None:
        return None
    return _Target(session.workspace_id, session_id, trigger_id, session.agent_snapshot)


async def _snapshot(
    pool: Pool,
    connector: McpConnector | None,
    tokens: McpTokens | None,
    target: _Target,
    server: wire.McpServer,
    toolset: wire.McpToolset,
) -> DiscoverySnapshot | Failure | None:
    name, digest = server["name"], mcp_rules.config_digest(server, toolset)
    async with pool.acquire() as conn:
        pinned = await mcp.get_discovery(conn, target.session_id, name)
    if pinned is not None and pinned.config_digest == digest:
        if pinned.failed_trigger_id is None:
            return pinned.snapshot
        if pinned.failed_trigger_id == target.trigger_id:
            return None  # already reported for this turn; retried on the next one
    if connector is None:
        return Failure(name, digest, "MCP servers are not available on this orchestrator")
    url = server["url"]
    try:
        # The Thread's live session with the server is kept for its calls (``tools.mcp_sessions``).
        scope = target.session_id
        if tokens is None:
            found = await connector.discover(url, scope=scope)
        else:
            found = await tokens.run(scope, url, lambda token: connector.discover(url, token, scope=scope))
    except CredentialFailed as exc:
        log.warning(
            "mcp discovery credential failed session_id=%s server=%s credential_id=%s",
            target.session_id,
            name,
            exc.credential_id,
            extra={"action": "mcp.credential_failed"},
        )
        return Failure.of_credential(name, digest, exc)
    except McpConnectionError as exc:
        log.warning(
            "mcp discovery failed session_id=%s server=%s error=%s",
            target.session_id,
            name,
            exc,
            extra={"action": "mcp.discovery_failed"},
        )
        return Failure(name, digest, str(exc))
    snapshot: DiscoverySnapshot = {
        "server_name": found.server_name,
        "server_version": found.server_version,
        "protocol_version": found.protocol_version,
        "tools": found.tools,
        "digest": found.digest(),
        "url": server["url"],
    }
    async with pool.acquire() as conn:
        await mcp.put_discovery(conn, target.workspace_id, target.session_id, name, digest, snapshot)
    log.info(
        "mcp discovered session_id=%s server=%s tools=%s",
        target.session_id,
        name,
        len(found.tools),
        extra={"action": "mcp.discovered"},
    )
    return snapshot


async def record_failures(
    tx: Tx, workspace_id: str, session_id: str, trigger_id: str, start_id: str, failures: list[Failure]
) -> None:
    """Remember each failure for this turn and report it once as a recoverable ``session.error``.

    Runs in the prepare transaction, under the Session row lock, for the turn actually claimed. A
    failed credential is reported as ``mcp_authentication_failed_error`` and not remembered: its
    turn pauses, and discovers again when the credential is updated.
    """
    conn = tx.conn
    for failure in failures:
        name = failure.server_name
        if failure.credential_id is not None:
            await _report_credential(tx, workspace_id, session_id, start_id, failure)
            continue
        error: wire.SessionError = {
            "type": "mcp_connection_failed_error",
            "message": f"MCP server {name!r}: {failure.message}; its tools are unavailable for this turn"[:4096],
            "retry_status": {"type": "retrying"},
            "mcp_server_name": name,
        }
        await mcp.put_discovery(
            conn, workspace_id, session_id, name, failure.config_digest, {}, failed_trigger_id=trigger_id,
            error=failure.message,
        )  # fmt: skip
        event = NewEvent.of(derived_id("sevt", start_id, "mcp", name), SessionErrorEvent(error=error))
        if not await events.exists(conn, event.id):
            await ledger.append(tx, workspace_id, session_id, [event])


async def _report_credential(tx: Tx, workspace_id: str, session_id: str, start_id: str, failure: Failure) -> None:
    name = failure.server_name
    await mcp.note_error(tx.conn, workspace_id, session_id, name, failure.message)  # the Thread's server health
    error: wire.SessionError = {
        "type": "mcp_authentication_failed_error",
        "message": f"MCP server {name!r}: {failure.message}"[:4096],
        "retry_status": {"type": "retrying"},  # the paused turn resumes when the credential is updated
        "mcp_server_name": name,
    }
    event_id = derived_id("sevt", start_id, "credential", name, failure.credential_id or "")
    if await events.exists(tx.conn, event_id):  # failed again after an update: a new report
        session = await sessions.lock_any(tx.conn, session_id)
        event_id = derived_id("sevt", event_id, session.next_seq if session else 0)
    await ledger.append(tx, workspace_id, session_id, [NewEvent.of(event_id, SessionErrorEvent(error=error))])


async def stop_for_credential(tx: Tx, session: SessionRow, failure: Failure, start_id: str) -> StepOutcome:
    """Do not send the request: the Thread goes idle with ``credential_failed`` naming the credential.

    The turn stays open (like a budget stop); updating the credential wakes it
    (``app.vaults.update_credential``), and its round discovers and calls again. A child Thread's
    stop is announced in the primary ledger too.
    """
    stop: wire.CredentialFailedStopReason = {
        "type": "credential_failed",
        "mcp_server_name": failure.server_name[:256],
        "vault_id": failure.vault_id,
        "credential_id": failure.credential_id,
        "message": failure.message[:1000],
    }
    idle_id = derived_id("sevt", start_id, "credential_failed", failure.credential_id or "", session.next_seq)
    await ledger.append(
        tx, session.workspace_id, session.id, [NewEvent.of(idle_id, SessionStatusIdleEvent(stop_reason=stop))]
    )
    after = await sessions.set_status(tx.conn, session, "idle", stop)
    await delegation.announce_child(tx, session, after, derived_id("sevt", idle_id, "thread"))
    return StepOutcome("idle")
