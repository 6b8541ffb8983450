"""What readiness asks the database: whether it accepts writes. Not responsible for the timeout (``app.system``)."""

from __future__ import annotations

from mango_server.store.db import Connection
from mango_server.store.sql_loader import NamedQueries


class Q(NamedQueries, file="system"):
    transaction_read_only: str


async def is_read_only(conn: Connection) -> bool:
    """Whether this connection's server is read-only (a standby, or a primary set read-only)."""
    return str(await conn.fetchval(Q.transaction_read_only)) == "on"
