"""A column added under running processes (an additive migration of a rolling upgrade) fails nothing.

asyncpg keeps each connection's statements prepared. When a migration changes the result columns of
one (``SELECT *`` or ``RETURNING *`` over a table that gained a column), PostgreSQL refuses to run
it ("cached plan must not change result type", asyncpg's ``InvalidCachedStatementError``); asyncpg
re-prepares and retries outside a transaction only, so inside one the transaction fails and its
request answers 500. Mango's statements name their result columns (``store/sql``), so a column
added to a table changes no statement's result. The tests check, on real PostgreSQL:

* every named statement's result columns are the same after every table gained a column (the
  control, ``SELECT *``, changes: the check can tell);
* a transaction that ran with warm statements runs again after its tables gained a column (the
  control, a ``SELECT *`` statement in the same transaction, fails as described above);
* the api and orchestrator of a running platform, with warm statements, answer every request and
  finish a turn after every table gained a column, with a client that does not retry.

Not responsible for the expand/contract rules of migrations (``test_migrate.py``,
``unit/test_schema_window.py``) or for the previous release's replicas (``test_rolling_upgrade.py``).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from importlib import resources

import asyncpg
import pytest
from mango_server.devstack import FreshDatabase, Platform, Tenant
from mango_server.store import environments, sessions, turns, workspaces
from mango_server.store.db import Connection, Pool, connect, create_pool, transaction
from mango_server.store.environments import EnvironmentFields
from mango_server.store.migrate import apply_migrations
from mango_server.store.sessions import NewSession
from mango_server.store.sql_loader import load_queries

from ._client import client, history, new_session, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(300)]

ADDED = "added_in_flight"
CONTROL = "SELECT * FROM sessions WHERE id = $1"


def _named_statements() -> dict[str, str]:
    """Every named statement of ``store/sql``, as ``family.name``."""
    families = [p.name.removesuffix(".sql") for p in (resources.files("mango_server.store") / "sql").iterdir()]
    return {
        f"{family}.{name}": sql
        for family in sorted(f for f in families if not f.startswith("_"))
        for name, sql in load_queries(family).items()
    }


async def _tables(conn: Connection) -> list[str]:
    rows = await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")
    return [row["tablename"] for row in rows]


async def _add_column_everywhere(url: str) -> list[str]:
    """Add a nullable column to every table, as an additive migration would; returns the tables."""
    conn = await connect(url)
    try:
        tables = await _tables(conn)
        for table in tables:
            await conn.execute(f'ALTER TABLE "{table}" ADD COLUMN {ADDED} integer')
        return tables
    finally:
        await conn.close()


async def _drop_added_columns(url: str, tables: list[str]) -> None:
    conn = await connect(url)
    try:
        for table in tables:
            await conn.execute(f'ALTER TABLE "{table}" DROP COLUMN IF EXISTS {ADDED}')
    finally:
        await conn.close()


async def _result_columns(conn: Connection, sql: str) -> list[tuple[str, str, str]]:
    statement = await conn.prepare(sql)
    return [(a.name, a.type.name, a.type.kind) for a in statement.get_attributes()]


@pytest.fixture
def migrated(fresh_database: FreshDatabase) -> str:
    apply_migrations(fresh_database.dsn)
    return fresh_database.dsn


async def test_no_named_statement_changes_its_result_when_every_table_gains_a_column(migrated: str) -> None:
    statements = _named_statements()
    assert len(statements) > 100, sorted(statements)  # the loader found the families
    conn = await connect(migrated)
    try:
        before = {name: await _result_columns(conn, sql) for name, sql in statements.items()}
        control_before = await _result_columns(conn, CONTROL)
    finally:
        await conn.close()
    # A whole table row as one column would change under a new column too (asyncpg then raises
    # OutdatedSchemaCacheError): no statement returns one.
    composite = {name: cols for name, cols in before.items() if any(kind == "composite" for _, _, kind in cols)}
    assert composite == {}

    await _add_column_everywhere(migrated)
    conn = await connect(migrated)
    try:
        after = {name: await _result_columns(conn, sql) for name, sql in statements.items()}
        assert await _result_columns(conn, CONTROL) != control_before  # the control changes
    finally:
        await conn.close()
    changed = sorted(name for name in statements if after[name] != before[name])
    assert changed == [], f"statements whose result columns follow the table's: {changed}"


@pytest.fixture
async def pool(migrated: str) -> AsyncIterator[Pool]:
    # One connection: every transaction below runs on the statements the previous one prepared.
    pool = await create_pool(migrated, min_size=1, max_size=1)
    try:
        yield pool
    finally:
        await pool.close()


async def _session(pool: Pool) -> tuple[str, str]:
    async with pool.acquire() as conn:
        ws = (await workspaces.create(conn, "in-flight")).id
        env = await environments.create(conn, ws, EnvironmentFields("in-flight", None, {"type": "self_hosted"}, {}))
        row = await sessions.create(
            conn,
            ws,
            NewSession(
                title=None,
                agent_id="agent_x",
                agent_version=1,
                agent_snapshot={"type": "agent", "id": "agent_x", "version": 1},
                environment_id=env.id,
                metadata={},
                resources=[],
            ),
        )
    return ws, row.id


async def _admission_reads(pool: Pool, ws: str, sid: str) -> str:
    """What admitting client events reads in its transaction: the Session locked with its active turn."""
    async with transaction(pool) as conn:
        locked, _ = await turns.lock_session_with_active(conn, ws, sid)
        again = await sessions.get_row(conn, ws, sid, lock=True)
        assert again.id == locked.id
        return locked.status


async def test_a_transaction_with_warm_statements_runs_after_its_tables_gained_a_column(
    pool: Pool, migrated: str
) -> None:
    ws, sid = await _session(pool)
    assert await _admission_reads(pool, ws, sid) == "idle"
    async with transaction(pool) as conn:
        await conn.fetchrow(CONTROL, sid)

    await _add_column_everywhere(migrated)

    assert await _admission_reads(pool, ws, sid) == "idle"
    # The control: the same transaction with a statement whose result follows the table's fails.
    with pytest.raises(asyncpg.InvalidCachedStatementError):
        async with transaction(pool) as conn:
            await conn.fetchrow(CONTROL, sid)


def test_a_running_platform_answers_every_request_after_every_table_gained_a_column(
    mango_platform: Platform, mango_tenant: Tenant
) -> None:
    with client(mango_platform, mango_tenant) as http:  # no retries: a failure shows as it is
        # Warm the api's and the orchestrator's statements on several pooled connections: turns
        # on Sessions side by side, reads and a list.
        sids = [new_session(http, f"in-flight-{n}") for n in range(3)]
        for sid in sids:
            say(http, sid, "before the column was added")
        for sid in sids:
            wait_status(http, sid, "end_turn", timeout=90)
            assert http.get(f"/v1/sessions/{sid}").status_code == 200
        assert http.get("/v1/sessions").status_code == 200

        tables = asyncio.run(_add_column_everywhere(mango_platform.database_url))
        try:
            # Transactions first: a read outside one would have asyncpg re-prepare (and drop the
            # pool's statements) before any transaction met a stale statement.
            for sid in sids:
                say(http, sid, "after the column was added")  # asserts a 200
            answers = [http.get(f"/v1/sessions/{sids[0]}"), http.get("/v1/sessions")]
            answers += [http.get(f"/v1/sessions/{sid}/events") for sid in sids]
            assert [r.status_code for r in answers] == [200] * len(answers), [r.text for r in answers]
            for sid in sids:
                wait_status(http, sid, "end_turn", timeout=90)
            other = new_session(http, "in-flight-after")
            say(http, other, "a new Session after the column was added")
            wait_status(http, other, "end_turn", timeout=90)
        finally:
            asyncio.run(_drop_added_columns(mango_platform.database_url, tables))
        for sid in sids:
            events = history(http, sid)
            assert not [e for e in events if e["type"] == "session.error"], events
            assert [e["type"] for e in events].count("agent.message") == 2
