"""Template databases for tests: migrate once, clone per test, drop afterwards.

Responsible for: creating a template database with a caller-supplied migration, sealing it
(no connections allowed, so ``CREATE DATABASE ... TEMPLATE`` never finds it busy), cloning and
dropping per-test databases. Not responsible for: what the migration does (the caller's
callable) or the server's lifecycle (``DevStack``).
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass

import psycopg
from psycopg import sql

from ._stack import DevStack

log = logging.getLogger(__name__)

Migrate = Callable[[str], object]
"""Builds a schema in the database at the given ``postgresql://`` URL; may return an awaitable."""


@dataclass(frozen=True)
class FreshDatabase:
    """A per-test database cloned from a migrated template."""

    name: str
    dsn: str
    stack: DevStack

    def env(self) -> dict[str, str]:
        """The stack's ``MANGO_*`` settings with ``MANGO_DATABASE_URL`` pointing at this database."""
        return self.stack.env() | {"MANGO_DATABASE_URL": self.dsn}


def create_template(stack: DevStack, migrate: Migrate, name: str) -> None:
    """(Re)create database ``name``, run ``migrate`` on it and seal it as a template.

    ``migrate`` may return an awaitable; it is then run to completion in a fresh event loop.
    """
    began = time.monotonic()
    with _admin(stack) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone() is not None:
            conn.execute(sql.SQL("ALTER DATABASE {} WITH IS_TEMPLATE false").format(sql.Identifier(name)))
            conn.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    result = migrate(stack.postgres.dsn_for(name))
    if inspect.isawaitable(result):
        asyncio.run(_await(result))
    with _admin(stack) as conn:
        # Cloning fails while anyone is connected to the template; a pool left open by the
        # migration must not break every test that follows.
        conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))
        seal = sql.SQL("ALTER DATABASE {} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false")
        conn.execute(seal.format(sql.Identifier(name)))
    log.info("created template database name=%s seconds=%.2f", name, time.monotonic() - began)


def clone_database(stack: DevStack, template: str, prefix: str = "test") -> FreshDatabase:
    """Create a uniquely named database from ``template``."""
    name = f"{prefix}_{uuid.uuid4().hex[:16]}"
    with _admin(stack) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(sql.Identifier(name), sql.Identifier(template)))
    return FreshDatabase(name=name, dsn=stack.postgres.dsn_for(name), stack=stack)


def drop_database(stack: DevStack, name: str) -> None:
    """Drop database ``name``, disconnecting whoever is still connected."""
    with _admin(stack) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


async def _await(awaitable: object) -> object:
    assert inspect.isawaitable(awaitable)
    return await awaitable


def _admin(stack: DevStack) -> psycopg.Connection[tuple[object, ...]]:
    return psycopg.connect(stack.postgres.dsn_for("postgres"), autocommit=True)
