"""The Session projection: identity, frozen Agent snapshot, status, usage and lifecycle fences.

Status changes always happen in the same transaction as the ledger events that announce them
(``mango_server.store.events``); this module only reads and writes the projection row. Rows
are immutable: a write returns the updated row. Not responsible for the wire shape
(``api.mappers.sessions``) or the lifecycle rules (``app.sessions``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, datetime

from mango_server.domain._generated import wire
from mango_server.domain.errors import NotFoundError
from mango_server.domain.json import JsonObject
from mango_server.domain.paging import Cursor, Order, Page
from mango_server.domain.prices import EMPTY_TOTALS
from mango_server.ids import new_id
from mango_server.store.db import Connection, from_record
from mango_server.store.pagination import created_range, fetch_page
from mango_server.store.sql_loader import NamedQueries

EMPTY_USAGE = EMPTY_TOTALS


class Q(NamedQueries, file="sessions"):
    insert_session: str
    get_session: str
    lock_session: str
    lock_session_any: str
    update_fields: str
    set_status: str
    write_usage: str
    set_budget: str
    set_vault_ids: str
    archive_session: str
    mark_deleting: str
    delete_session: str
    list_base: str
    session_exists: str
    session_heads: str
    children_of: str
    hold_session: str
    release_session: str


@dataclass(frozen=True, slots=True)
class SessionRow:
    """One Session projection row."""

    workspace_id: str
    id: str
    title: str | None
    status: str
    stop_reason: wire.StopReason | None
    agent_id: str
    agent_version: int
    agent_snapshot: JsonObject
    environment_id: str
    metadata: dict[str, str]
    resources: list[wire.SessionResource]
    usage: dict[str, int]
    budget: wire.SessionBudget | None
    next_seq: int
    created_at: datetime
    updated_at: datetime
    archived_at: datetime | None
    deleting_at: datetime | None
    active_seconds: float
    running_since: datetime | None
    outcome_evaluations: list[wire.OutcomeEvaluation]
    primary_session_id: str | None = None  # set on a child Thread's execution row
    primary_thread_id: str | None = None  # set on a Session's row
    vault_ids: list[str] = field(default_factory=list)  # a Session's vaults, in order ('{}' on a child Thread's row)


@dataclass(frozen=True)
class SessionFilters:
    """The filters of ``sessions.list``; ``created`` maps ``gt``/``gte``/``lt``/``lte`` to a bound."""

    include_archived: bool = False
    agent_id: str | None = None
    agent_version: int | None = None
    statuses: list[str] = field(default_factory=list)
    memory_store_id: str | None = None
    created: dict[str, datetime | None] = field(default_factory=dict)


@dataclass(frozen=True)
class NewSession:
    """What a new idle Session is made of."""

    title: str | None
    agent_id: str
    agent_version: int
    agent_snapshot: JsonObject
    environment_id: str
    metadata: dict[str, str]
    resources: list[wire.SessionResource]
    vault_ids: list[str] = field(default_factory=list)


async def create(conn: Connection, workspace_id: str, new: NewSession) -> SessionRow:
    """Insert an idle Session with its primary Thread's id (the caller inserts that Thread)."""
    session_id = new_id("sesn")
    await conn.execute(
        Q.insert_session,
        workspace_id,
        session_id,
        new.title,
        new.agent_id,
        new.agent_version,
        new.agent_snapshot,
        new.environment_id,
        new.metadata,
        new.resources,
        EMPTY_USAGE,
        datetime.now(UTC),
        new_id("sthr"),
        new.vault_ids,
    )
    return await get_row(conn, workspace_id, session_id)


async def get_row(conn: Connection, workspace_id: str, session_id: str, *, lock: bool = False) -> SessionRow:
    """The projection row; a deleted or foreign Session is not found."""
    record = await conn.fetchrow(Q.lock_session if lock else Q.get_session, workspace_id, session_id)
    if record is None:
        raise NotFoundError(f"session {session_id} not found")
    return from_record(SessionRow, record)


async def lock_any(conn: Connection, session_id: str) -> SessionRow | None:
    """Lock a Session (or a child Thread's execution row, after its Session's) by id alone, whatever its
    Workspace or fences (orchestration paths)."""
    records = await conn.fetch(Q.lock_session_any, session_id)
    record = next((r for r in records if r["id"] == session_id), None)
    return from_record(SessionRow, record) if record is not None else None


async def exists_any(conn: Connection, session_id: str) -> bool:
    """Whether the Session row still exists (fenced or not)."""
    return await conn.fetchval(Q.session_exists, session_id) is not None


async def heads(conn: Connection, session_ids: list[str]) -> dict[str, int]:
    """``next_seq`` of each of ``session_ids`` that still exists (fenced or not)."""
    return {r["id"]: r["next_seq"] for r in await conn.fetch(Q.session_heads, session_ids)}


async def update_fields(conn: Connection, row: SessionRow, title: str | None, metadata: dict[str, str]) -> None:
    """Write title and metadata."""
    await conn.execute(Q.update_fields, row.workspace_id, row.id, title, metadata, datetime.now(UTC))


async def set_status(
    conn: Connection, row: SessionRow, status: str, stop_reason: wire.StopReason | None, *, with_usage: bool = False
) -> SessionRow:
    """Write the status projection (callers append the matching event in the same transaction).

    Its clock (active seconds, running since) follows the SQL functions of migration 0020, which a
    Session's append that carries its status change applies too (``store.events.append``).

    ``with_usage`` writes ``row.usage`` in the same statement (see ``with_added_usage``).
    """
    usage = row.usage if with_usage else None
    now = datetime.now(UTC)
    timing = await conn.fetchrow(Q.set_status, row.workspace_id, row.id, status, stop_reason, now, usage)
    row = replace(row, status=status, stop_reason=stop_reason)
    if timing is not None:
        row = replace(row, active_seconds=timing["active_seconds"], running_since=timing["running_since"])
    return row


async def set_budget(conn: Connection, row: SessionRow, budget: wire.SessionBudget | None) -> SessionRow:
    """Replace the Session's budget (None removes it)."""
    await conn.execute(Q.set_budget, row.workspace_id, row.id, budget, datetime.now(UTC))
    return replace(row, budget=budget)


async def set_vault_ids(conn: Connection, row: SessionRow, vault_ids: list[str]) -> SessionRow:
    """Replace the vaults the Session's MCP connections take credentials from."""
    await conn.execute(Q.set_vault_ids, row.workspace_id, row.id, vault_ids, datetime.now(UTC))
    return replace(row, vault_ids=vault_ids)


def with_added_usage(row: SessionRow, usage: dict[str, int]) -> SessionRow:
    """``row`` with model usage added to its total, not yet written (``write_usage``, or a status
    change ``with_usage``); the caller holds the row's lock."""
    total = {**EMPTY_USAGE, **(row.usage or {})}
    for key in EMPTY_USAGE:
        total[key] += int(usage.get(key) or 0)
    return replace(row, usage=total)


async def write_usage(conn: Connection, row: SessionRow) -> None:
    """Write ``row.usage`` as the Session total."""
    await conn.execute(Q.write_usage, row.workspace_id, row.id, row.usage, datetime.now(UTC))


async def archive(conn: Connection, row: SessionRow) -> None:
    """Archive: terminal and read-only."""
    await conn.execute(Q.archive_session, row.workspace_id, row.id, datetime.now(UTC))


async def mark_deleting(conn: Connection, row: SessionRow) -> None:
    """Set the deletion fence: from now on the Session is invisible and accepts nothing."""
    await conn.execute(Q.mark_deleting, row.workspace_id, row.id, datetime.now(UTC))


async def delete_fenced(conn: Connection, session_id: str) -> None:
    """Remove a fenced Session and everything that cascades from it."""
    await conn.execute(Q.delete_session, session_id)


async def list_page(
    conn: Connection,
    workspace_id: str,
    *,
    limit: int,
    cursor: Cursor | None,
    order: Order,
    filters: SessionFilters,
) -> Page[SessionRow]:
    """One page of Sessions with the list filters of ``sessions.list``."""
    params: list[object] = [workspace_id]
    parts: list[str] = []

    def add(clause: str, value: object) -> None:
        params.append(value)
        parts.append(clause.replace("?", f"${len(params)}"))

    if not filters.include_archived:
        parts.append("archived_at IS NULL")
    if filters.agent_id:
        add("agent_id = ?", filters.agent_id)
    if filters.agent_version is not None:
        add("agent_version = ?", filters.agent_version)
    if filters.statuses:
        add("status = ANY(?::text[])", list(filters.statuses))
    if filters.memory_store_id:
        add("resources @> ?::jsonb", [{"memory_store_id": filters.memory_store_id}])
    sql = Q.list_base + "".join(f" AND {part}" for part in parts)
    sql += created_range(params, {op: filters.created.get(op) for op in ("gt", "gte", "lt", "lte")})
    return await fetch_page(
        conn, sql, params, row=lambda r: from_record(SessionRow, r), order=order, limit=limit, cursor=cursor
    )


async def children_of(conn: Connection, session_id: str) -> list[str]:
    """The execution rows of a Session's child Threads."""
    return [str(r["id"]) for r in await conn.fetch(Q.children_of, session_id)]


async def hold(conn: Connection, session_id: str, seconds: float) -> int | None:
    """Take or renew the Session's step hold for ``seconds`` (``orchestration.holds``); returns the last
    sequence appended to it, or None when the hold was not taken (a child Thread's row, a terminated
    Session or one being deleted)."""
    next_seq = await conn.fetchval(Q.hold_session, session_id, seconds)
    return int(next_seq) - 1 if next_seq is not None else None


async def release(conn: Connection, session_id: str) -> int | None:
    """End the Session's step hold: its appends arm the wakeup again. Returns the last sequence appended to
    it, or None when it had no hold."""
    next_seq = await conn.fetchval(Q.release_session, session_id)
    return int(next_seq) - 1 if next_seq is not None else None
