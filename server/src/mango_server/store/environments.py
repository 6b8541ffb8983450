"""Environments (where a Session's tools run): the ``environments`` table.

Mango only has ``self_hosted`` Environments. Not responsible for the read-only and in-use
rules (``app.environments``) or the wire shape (``api.mappers.environments``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from mango_server.domain._generated import wire
from mango_server.domain.errors import NotFoundError
from mango_server.domain.paging import Cursor, Page
from mango_server.ids import new_id
from mango_server.store.db import Connection, Record, from_record
from mango_server.store.pagination import fetch_page
from mango_server.store.sql_loader import NamedQueries


class Q(NamedQueries, file="environments"):
    insert_environment: str
    get_environment: str
    lock_environment: str
    update_environment: str
    archive_environment: str
    count_live_sessions: str
    delete_environment: str
    list_base: str


@dataclass(frozen=True, slots=True)
class EnvironmentRow:
    """One Environment (``config`` and ``metadata`` are stored as given)."""

    id: str
    name: str
    description: str | None
    config: wire.EnvironmentConfig
    metadata: dict[str, str]
    created_at: datetime
    updated_at: datetime
    archived_at: datetime | None


@dataclass(frozen=True, slots=True)
class EnvironmentFields:
    """The writable fields of an Environment."""

    name: str
    description: str | None
    config: wire.EnvironmentConfig
    metadata: dict[str, str]


def _row(record: Record) -> EnvironmentRow:
    return from_record(EnvironmentRow, record)


def _found(record: Record | None, environment_id: str) -> EnvironmentRow:
    if record is None:
        raise NotFoundError(f"environment {environment_id} not found")
    return _row(record)


async def create(conn: Connection, workspace_id: str, fields: EnvironmentFields) -> EnvironmentRow:
    """Insert an Environment; its name is unique within the Workspace (409 from the transaction)."""
    record = await conn.fetchrow(
        Q.insert_environment,
        workspace_id,
        new_id("env"),
        fields.name,
        fields.description,
        fields.config,
        fields.metadata,
        datetime.now(UTC),
    )
    assert record is not None  # INSERT ... RETURNING
    return _row(record)


async def get(conn: Connection, workspace_id: str, environment_id: str) -> EnvironmentRow:
    """One Environment of the Workspace."""
    return _found(await conn.fetchrow(Q.get_environment, workspace_id, environment_id), environment_id)


async def lock(conn: Connection, workspace_id: str, environment_id: str) -> EnvironmentRow:
    """One Environment under its row lock (in the caller's transaction)."""
    return _found(await conn.fetchrow(Q.lock_environment, workspace_id, environment_id), environment_id)


async def update(conn: Connection, workspace_id: str, environment_id: str, fields: EnvironmentFields) -> EnvironmentRow:
    """Overwrite the writable fields."""
    record = await conn.fetchrow(
        Q.update_environment,
        workspace_id,
        environment_id,
        fields.name,
        fields.description,
        fields.config,
        fields.metadata,
        datetime.now(UTC),
    )
    return _found(record, environment_id)


async def archive(conn: Connection, workspace_id: str, environment_id: str) -> EnvironmentRow:
    """Set ``archived_at`` once; archiving twice keeps the first time."""
    record = await conn.fetchrow(Q.archive_environment, workspace_id, environment_id, datetime.now(UTC))
    return _found(record, environment_id)


async def has_live_sessions(conn: Connection, workspace_id: str, environment_id: str) -> bool:
    """Whether any Session not being deleted still uses the Environment."""
    return bool(await conn.fetchval(Q.count_live_sessions, workspace_id, environment_id))


async def delete(conn: Connection, workspace_id: str, environment_id: str) -> None:
    """Delete the row (the caller checked it is unused)."""
    await conn.execute(Q.delete_environment, workspace_id, environment_id)


async def list_page(
    conn: Connection, workspace_id: str, *, limit: int, cursor: Cursor | None, include_archived: bool
) -> Page[EnvironmentRow]:
    """One page of Environments, newest first."""
    sql = Q.list_base + ("" if include_archived else " AND archived_at IS NULL")
    return await fetch_page(conn, sql, [workspace_id], row=_row, order="desc", limit=limit, cursor=cursor)
