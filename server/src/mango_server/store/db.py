"""The asyncpg connection pool and the one place driver errors become domain errors.

Responsible for: pool lifecycle, JSONB codecs, transactions. Not responsible for SQL text
(``sql/*.sql``) or row mapping (the repositories).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import fields
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

import asyncpg

from mango_server.domain.errors import ConflictError

if TYPE_CHECKING:
    from asyncpg.pool import PoolConnectionProxy

#: What every repository function takes: a pooled connection (or, in tests and tools, a direct one).
#: (String aliases: asyncpg's classes are generic only in its type stubs.)
Connection: TypeAlias = "PoolConnectionProxy[asyncpg.Record] | asyncpg.Connection[asyncpg.Record]"
Pool: TypeAlias = "asyncpg.Pool[asyncpg.Record]"
Record: TypeAlias = asyncpg.Record


RowT = TypeVar("RowT")


_FIELDS: dict[type[Any], tuple[str, ...]] = {}


def from_record(cls: type[RowT], record: Record) -> RowT:
    """A typed row (a dataclass) from a record; columns the row does not declare are ignored."""
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
    return cls(**{name: record[name] for name in names})


async def _init_connection(conn: asyncpg.Connection[asyncpg.Record]) -> None:
    for type_name in ("json", "jsonb"):
        await conn.set_type_codec(type_name, encoder=json.dumps, decoder=json.loads, schema="pg_catalog")


async def create_pool(database_url: str, *, min_size: int = 2, max_size: int = 20) -> Pool:
    """Open the pool; every connection decodes JSON/JSONB into Python values."""
    pool = await asyncpg.create_pool(database_url, min_size=min_size, max_size=max_size, init=_init_connection)
    assert pool is not None
    return pool


@asynccontextmanager
async def transaction(pool: Pool) -> AsyncIterator[Connection]:
    """A connection inside one transaction; unique violations surface as :class:`ConflictError`."""
    async with pool.acquire() as conn, conn.transaction():
        try:
            yield conn
        except asyncpg.UniqueViolationError as exc:
            raise ConflictError(f"conflicts with an existing resource ({exc.constraint_name})") from exc
