"""Workspaces: the ``workspaces`` table, the tenant every other row belongs to.

Not responsible for the credentials that reach a Workspace (``store.credentials``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from mango_server.ids import new_id
from mango_server.store.db import Connection, from_record
from mango_server.store.sql_loader import NamedQueries


class Q(NamedQueries, file="workspaces"):
    insert_workspace: str
    workspace_exists: str


@dataclass(frozen=True, slots=True)
class WorkspaceRow:
    """One Workspace."""

    id: str
    name: str
    created_at: datetime


async def create(conn: Connection, name: str) -> WorkspaceRow:
    """Insert a Workspace."""
    record = await conn.fetchrow(Q.insert_workspace, new_id("wksp"), name)
    assert record is not None  # INSERT ... RETURNING
    return from_record(WorkspaceRow, record)


async def exists(conn: Connection, workspace_id: str) -> bool:
    """Whether the Workspace exists."""
    return bool(await conn.fetchval(Q.workspace_exists, workspace_id))
