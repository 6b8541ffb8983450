"""MCP persistence: discovery snapshots (``mcp_discoveries``) and the invocation journal (``mcp_invocations``).

A snapshot is keyed by (Session, thread, server); ``thread_key`` ``''`` is the primary thread.
``config_digest`` is the digest of the Agent configuration it was discovered for, so a changed
configuration invalidates it; ``failed_trigger_id`` marks a failed discovery that is retried on the
next turn. Journal states: ``prepared -> (awaiting_confirmation | denied | allowed) -> started ->
completed | ambiguous`` (and ``cancelled``). Not responsible for connecting to servers or deciding
permissions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TypedDict

from mango_server.domain._generated import wire
from mango_server.domain.json import JsonObject
from mango_server.domain.mcp import DiscoverySnapshot
from mango_server.store.db import Connection, from_record
from mango_server.store.sql_loader import NamedQueries


class Q(NamedQueries, file="mcp"):
    get_discovery: str
    put_discovery: str
    note_error: str
    insert_invocation: str
    runnable_invocations: str
    lock_invocation: str
    get_invocation: str
    set_invocation_state: str
    set_receipt: str
    complete_publication: str
    is_session_output: str
    pinning_session: str
    settle_interrupted: str
    record_late_outcome: str


class McpReceipt(TypedDict):
    """A large result kept in the journal until it is published as a File: the File's id and the text (base64)."""

    file_id: str
    text_b64: str


@dataclass(frozen=True, slots=True)
class DiscoveryRow:
    """One pinned discovery snapshot (or the marker of a failed discovery)."""

    session_id: str
    thread_key: str
    server_name: str
    config_digest: str
    snapshot: DiscoverySnapshot  # empty (and never read) when the discovery failed: ``failed_trigger_id``
    failed_trigger_id: str | None
    discovered_at: datetime


@dataclass(frozen=True, slots=True)
class InvocationRow:
    """One MCP call in the journal."""

    workspace_id: str
    session_id: str
    event_id: str
    server_name: str
    tool_name: str
    input: JsonObject
    snapshot_digest: str
    state: str
    evaluation: wire.PermissionEvaluation | None
    receipt: McpReceipt | None = None


@dataclass(frozen=True, slots=True)
class NewInvocation:
    """A call to journal as ``prepared`` (or already decided)."""

    event_id: str
    server_name: str
    tool_name: str
    input: Mapping[str, object]
    snapshot_digest: str
    state: str
    evaluation: Mapping[str, object] | None = None


async def get_discovery(
    conn: Connection, session_id: str, server_name: str, thread_key: str = ""
) -> DiscoveryRow | None:
    """The pinned snapshot of one server for the Session's thread, if any."""
    record = await conn.fetchrow(Q.get_discovery, session_id, thread_key, server_name)
    return from_record(DiscoveryRow, record) if record is not None else None


async def put_discovery(
    conn: Connection,
    workspace_id: str,
    session_id: str,
    server_name: str,
    config_digest: str,
    snapshot: Mapping[str, object],
    *,
    failed_trigger_id: str | None = None,
    thread_key: str = "",
    error: str | None = None,
) -> None:
    """Pin (or replace) a snapshot; ``failed_trigger_id`` records a failure (``error``) for that turn only.

    A snapshot is the server's last discovery, a failure its last error (the health a Thread shows).
    """
    await conn.execute(
        Q.put_discovery,
        workspace_id,
        session_id,
        thread_key,
        server_name,
        config_digest,
        snapshot,
        failed_trigger_id,
        error,
    )


async def note_error(
    conn: Connection, workspace_id: str, session_id: str, server_name: str, error: str, thread_key: str = ""
) -> None:
    """Record the last error seen with a server (a failed credential, a lost call) for the Thread's health."""
    await conn.execute(Q.note_error, workspace_id, session_id, thread_key, server_name, error[:4096])


async def insert_invocation(conn: Connection, workspace_id: str, session_id: str, new: NewInvocation) -> None:
    """Journal one call (idempotent by its event id)."""
    await conn.execute(
        Q.insert_invocation,
        workspace_id,
        session_id,
        new.event_id,
        new.server_name,
        new.tool_name,
        new.input,
        new.snapshot_digest,
        new.state,
        new.evaluation,
    )


async def runnable(conn: Connection, session_id: str) -> list[InvocationRow]:
    """Allowed (or started, hence ambiguous) calls whose action is still open, oldest first."""
    return [from_record(InvocationRow, r) for r in await conn.fetch(Q.runnable_invocations, session_id)]


async def lock_runnable(conn: Connection, session_id: str, event_id: str) -> InvocationRow | None:
    """One call, locked, if its action is still allowed (an interrupt cancels it)."""
    record = await conn.fetchrow(Q.lock_invocation, session_id, event_id)
    return from_record(InvocationRow, record) if record is not None else None


async def get_invocation(conn: Connection, session_id: str, event_id: str) -> InvocationRow | None:
    """One call of the journal."""
    record = await conn.fetchrow(Q.get_invocation, session_id, event_id)
    return from_record(InvocationRow, record) if record is not None else None


async def set_state(
    conn: Connection, session_id: str, event_id: str, state: str, raw_result: Mapping[str, object] | None = None
) -> None:
    """Advance one call; ``raw_result`` is the bounded private copy of the server's answer."""
    await conn.execute(Q.set_invocation_state, session_id, event_id, state, raw_result)


async def set_receipt(conn: Connection, session_id: str, event_id: str, receipt: McpReceipt) -> None:
    """Durably keep a large result before it is written to object storage."""
    await conn.execute(Q.set_receipt, session_id, event_id, receipt)


async def complete_publication(conn: Connection, session_id: str, event_id: str, file_id: str) -> None:
    """The result is a File now: drop the receipt, remember the File (pinned to the Session)."""
    await conn.execute(Q.complete_publication, session_id, event_id, file_id)


async def is_session_output(conn: Connection, session_id: str, file_id: str) -> bool:
    """Whether ``file_id`` was generated by one of the Session's MCP calls."""
    return bool(await conn.fetchval(Q.is_session_output, session_id, file_id))


async def pinning_session(conn: Connection, workspace_id: str, file_id: str) -> str | None:
    """The Session whose MCP call generated ``file_id`` (it pins the File while it exists), if any.

    A Session fenced for deletion no longer pins (its journal rows go with it, ``ON DELETE CASCADE``).
    """
    found = await conn.fetchval(Q.pinning_session, workspace_id, file_id)
    return str(found) if found is not None else None


async def settle_interrupted(conn: Connection, session_id: str) -> None:
    """Close the Session's open calls honestly: ``cancelled`` if never sent, ``ambiguous`` if sent and unanswered."""
    await conn.execute(Q.settle_interrupted, session_id)


async def record_late_outcome(
    conn: Connection, session_id: str, event_id: str, raw_result: Mapping[str, object] | None
) -> None:
    """A call settled ``ambiguous`` by an interrupt answered after all: its outcome is known now (``completed``)."""
    await conn.execute(Q.record_late_outcome, session_id, event_id, raw_result)
