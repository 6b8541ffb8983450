"""Role presence: which Mango roles are running against a database, and keeping them out.

Every running ``mango api`` and ``mango orchestrator`` holds one PostgreSQL advisory lock shared,
on a connection of its own named ``mango-<role>`` (``application_name``), for as long as the
process runs (:class:`RolePresence`). An operator command that needs the roles stopped
(``mango admin backup`` and ``restore``) takes the same lock exclusively (:func:`quiet`): it is
refused while any role holds it, and a role refuses to start while the command holds it. The lock
lives and dies with the connection, so a crashed or killed role is never reported live, and no
heartbeat can go stale. When a role's connection is lost (a PostgreSQL restart) the role takes the
lock again on a new connection within ``check_seconds``.

Not responsible for starting or stopping roles, or for what the operator command does meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from types import TracebackType

import asyncpg

from mango_server.store.sql_loader import NamedQueries

log = logging.getLogger(__name__)


class Q(NamedQueries, file="presence"):
    join_roles: str
    claim_quiet: str
    release_quiet: str
    lock_holders: str


class PresenceError(Exception):
    """Roles and an operator command that needs them stopped met on one database."""


class RolesLiveError(PresenceError):
    """The operator command was refused: roles (or another such command) hold the database."""


class HeldQuietError(PresenceError):
    """The role was refused: an operator command (backup or restore) holds the database."""


async def _connect(database_url: str, name: str) -> asyncpg.Connection[asyncpg.Record]:
    conn: asyncpg.Connection[asyncpg.Record] = await asyncpg.connect(
        database_url, timeout=10.0, server_settings={"application_name": name}
    )
    return conn


class RolePresence:
    """The shared lock of one running role, held from ``__aenter__`` to ``__aexit__``.

    Args:
        database_url: The Mango database.
        role: ``api`` or ``orchestrator``; the connection is named ``mango-<role>``.
        check_seconds: How often the connection is checked (and replaced when lost).
    """

    def __init__(self, database_url: str, role: str, *, check_seconds: float = 5.0) -> None:
        self._url = database_url
        self._name = f"mango-{role}"
        self._check_seconds = check_seconds
        self._conn: asyncpg.Connection[asyncpg.Record] | None = None
        self._keeper: asyncio.Task[None] | None = None

    async def __aenter__(self) -> RolePresence:
        self._conn = await self._join()
        self._keeper = asyncio.create_task(self._keep(), name=f"{self._name}-presence")
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._keeper is not None:
            self._keeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._keeper
        if self._conn is not None:
            with contextlib.suppress(Exception):
                await self._conn.close(timeout=5)

    async def _join(self) -> asyncpg.Connection[asyncpg.Record]:
        conn = await _connect(self._url, self._name)
        if not await conn.fetchval(Q.join_roles):
            await conn.close()
            raise HeldQuietError("a backup or restore (mango admin) holds this database; start the role after it ends")
        return conn

    async def _keep(self) -> None:
        while True:
            await asyncio.sleep(self._check_seconds)
            try:
                assert self._conn is not None
                await self._conn.fetchval("SELECT 1")
                continue
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
                pass
            # The lock went with the connection; without it a backup could start under a live role.
            with contextlib.suppress(Exception):
                assert self._conn is not None
                self._conn.terminate()
            try:
                self._conn = await self._join()
                log.info("role presence restored role=%s", self._name, extra={"action": "presence.rejoined"})
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, HeldQuietError) as exc:
                log.error("role presence lost role=%s error=%s", self._name, exc, extra={"action": "presence.lost"})


@asynccontextmanager
async def quiet(database_url: str, command: str) -> AsyncIterator[None]:
    """Hold the roles' lock exclusively while the block runs; refuse when any role is live.

    Raises:
        RolesLiveError: a role (or another operator command) holds the lock; the message names
            each holder by connection name, address and process id.
    """
    conn = await _connect(database_url, f"mango-admin-{command}")
    try:
        if not await conn.fetchval(Q.claim_quiet):
            holders = await conn.fetch(Q.lock_holders)
            named = ", ".join(
                f"{h['application_name'] or 'unnamed'} (pid {h['pid']} from {h['client']})" for h in holders
            )
            raise RolesLiveError(
                f"roles are live on this database: {named or 'a holder that just left'}; stop them first"
            )
        yield
        await conn.fetchval(Q.release_quiet)
    finally:
        await conn.close()
