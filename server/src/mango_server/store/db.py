"""The asyncpg connection pool and the one place driver errors become domain errors.

Responsible for: pool lifecycle, JSONB codecs, transactions (each its own, or a savepoint of a
request's transaction, from whichever :data:`Transactions` the caller hands over: nothing is
joined implicitly), and the pool's bounds: an acquire
waits at most ``acquire_timeout`` seconds and every statement runs under PostgreSQL's
``statement_timeout``, so a saturated pool or a stuck query answers 503 (:func:`overload_error`)
instead of queueing requests forever. Not responsible for SQL text
(``sql/*.sql``) or row mapping (the repositories).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import fields
from typing import TYPE_CHECKING, TypeAlias, TypeVar, cast

import asyncpg

from mango_server.domain.errors import ConflictError, OverloadedError

if TYPE_CHECKING:
    from asyncpg.pool import PoolAcquireContext, PoolConnectionProxy

#: What every repository function takes: a pooled connection (or, in tests and tools, a direct one).
#: (String aliases: asyncpg's classes are generic only in its type stubs.)
Connection: TypeAlias = "PoolConnectionProxy[asyncpg.Record] | asyncpg.Connection[asyncpg.Record]"
Pool: TypeAlias = "asyncpg.Pool[asyncpg.Record]"
Record: TypeAlias = asyncpg.Record


RowT = TypeVar("RowT")


_FIELDS: dict[type[object], tuple[str, ...]] = {}


def from_record(cls: type[RowT], record: Record) -> RowT:
    """A typed row (a dataclass) from a record; columns the row does not declare are ignored."""
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
    return cls(**{name: record[name] for name in names})


async def _init_connection(conn: asyncpg.Connection[asyncpg.Record]) -> None:
    for type_name in ("json", "jsonb"):
        await conn.set_type_codec(type_name, encoder=json.dumps, decoder=json.loads, schema="pg_catalog")


async def _keep_session(conn: asyncpg.Connection[asyncpg.Record]) -> None:
    """The pool's reset hook on release: nothing to send to the server.

    asyncpg's default reset sends ``pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL``
    on every release, one more round trip (and PostgreSQL work) per use of a connection. Mango
    keeps no session state on pooled connections: settings are fixed at connect
    (``server_settings``), locks are transaction-scoped, cursors live inside transactions, and the
    one LISTEN (the outbox relay's) is removed by its owner before release. asyncpg still rolls
    back an open transaction and drops client-side listeners before this hook runs.
    """


class _BoundedPool(asyncpg.Pool):
    """An asyncpg pool whose ``acquire()`` has a default timeout."""

    acquire_timeout: float | None = None

    def acquire(self, *, timeout: float | None = None) -> PoolAcquireContext[asyncpg.Record]:
        return super().acquire(timeout=self.acquire_timeout if timeout is None else timeout)


async def create_pool(
    database_url: str,
    *,
    min_size: int = 2,
    max_size: int = 20,
    acquire_timeout: float | None = 10.0,
    statement_timeout_ms: int = 30000,
) -> Pool:
    """Open the pool; every connection decodes JSON/JSONB into Python values.

    Args:
        acquire_timeout: Seconds an ``acquire()`` may wait for a free connection (None: forever).
        statement_timeout_ms: PostgreSQL ``statement_timeout`` of every connection (0: none).
    """
    pool = _BoundedPool(
        database_url,
        connection_class=asyncpg.Connection,
        record_class=asyncpg.Record,
        min_size=min_size,
        max_size=max_size,
        max_queries=50000,
        max_inactive_connection_lifetime=300.0,
        connect=None,
        setup=None,
        init=_init_connection,
        reset=_keep_session,
        loop=None,
        server_settings={"statement_timeout": str(statement_timeout_ms)},
    )
    pool.acquire_timeout = acquire_timeout
    await pool
    return cast("Pool", pool)


async def connect(database_url: str, *, statement_timeout_ms: int = 30000) -> Connection:
    """One connection outside the pool (10 s to connect), for a process-wide session holding advisory locks."""
    conn: asyncpg.Connection[asyncpg.Record] = await asyncpg.connect(
        database_url, timeout=10.0, server_settings={"statement_timeout": str(statement_timeout_ms)}
    )
    return conn


def overload_error(exc: BaseException) -> OverloadedError | None:
    """The 503 a pool or statement timeout stands for, or None for any other exception."""
    if isinstance(exc, asyncpg.QueryCanceledError):
        return OverloadedError("a database statement took too long and was cancelled; retry later")
    if isinstance(exc, TimeoutError):
        return OverloadedError("no database connection became free in time; retry later")
    return None


class RequestTransaction:
    """The transaction of one request, opened by the first ``transaction(request)`` inside it (or ``connection``).

    ``on_begin`` runs first in it (e.g. claiming an idempotency key; it may raise to abandon the
    request). Opening lazily keeps the request from holding a pooled connection while its use case
    does work before its transaction (reading File documents on another connection).
    """

    def __init__(self, pool: Pool, on_begin: Callable[[Connection], Awaitable[None]], stack: AsyncExitStack) -> None:
        self._pool, self._on_begin, self._stack = pool, on_begin, stack
        self._conn: Connection | None = None

    async def connection(self) -> Connection:
        """The request's connection, inside its transaction (opened now if needed)."""
        if self._conn is None:
            conn = await self._stack.enter_async_context(self._pool.acquire())
            await self._stack.enter_async_context(conn.transaction())
            self._conn = conn
            await self._on_begin(conn)
        return self._conn


#: Where a use case opens its transactions: the pool (each one its own), or a request's
#: transaction it joins (``request_transaction``), as the caller hands it over.
Transactions: TypeAlias = "Pool | RequestTransaction"


@asynccontextmanager
async def transaction(source: Transactions) -> AsyncIterator[Connection]:
    """A connection inside one transaction; unique violations surface as :class:`ConflictError`.

    From a :class:`RequestTransaction` it is a savepoint of the request's transaction instead, so
    the use case's writes commit (or roll back) with what the edge writes there.
    """
    async with _acquired(source) as conn, conn.transaction():
        try:
            yield conn
        except asyncpg.UniqueViolationError as exc:
            raise ConflictError(f"conflicts with an existing resource ({exc.constraint_name})") from exc


@asynccontextmanager
async def _acquired(source: Transactions) -> AsyncIterator[Connection]:
    if isinstance(source, RequestTransaction):
        yield await source.connection()
        return
    async with source.acquire() as conn:
        yield conn


@asynccontextmanager
async def request_transaction(
    pool: Pool, on_begin: Callable[[Connection], Awaitable[None]]
) -> AsyncIterator[RequestTransaction]:
    """One transaction of a request, for the use cases it is handed to (``transaction(request)``) to join.

    For operations that are a single transaction, so the edge can commit a record of the answer
    (an idempotency key) atomically with the mutation. It commits when the block ends without an
    exception and rolls back otherwise. The joined connection must not be used concurrently: only
    sequential use cases may run inside.
    """
    async with AsyncExitStack() as stack:
        yield RequestTransaction(pool, on_begin, stack)
