"""Migration 0014.threads backfills a primary Thread for every existing Session and moves every
existing event into it; its rollback removes the Thread model again."""

from __future__ import annotations

import psycopg
import pytest
from mango_server.devstack import FreshDatabase
from mango_server.store.migrate import _yoyo_url, migrations_dir
from yoyo import get_backend, read_migrations

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(120)]


def _apply_up_to(dsn: str, last: str) -> list[str]:
    """Apply the migrations up to and including ``last`` (later ones exist and are left out)."""
    backend = get_backend(_yoyo_url(dsn))
    try:
        migrations = read_migrations(str(migrations_dir()))
        with backend.lock():
            pending = backend.to_apply(migrations.filter(lambda m: m.id <= last))
            backend.apply_migrations(pending)
        return [m.id for m in pending]
    finally:
        backend.connection.close()


def test_existing_sessions_get_a_primary_thread_and_their_events_join_it(fresh_database: FreshDatabase) -> None:
    dsn = fresh_database.dsn
    _apply_up_to(dsn, "0013.outbox_trace")
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("INSERT INTO workspaces (id, name) VALUES ('wksp_m', 'm')")
        conn.execute(
            "INSERT INTO environments (workspace_id, id, name, config, created_at, updated_at) "
            "VALUES ('wksp_m', 'env_m', 'm', '{}', now(), now())"
        )
        conn.execute(
            "INSERT INTO sessions (workspace_id, id, status, agent_id, agent_version, agent_snapshot, environment_id, "
            "created_at, updated_at) VALUES ('wksp_m', 'sesn_m', 'idle', 'agent_m', 1, '{\"name\": \"old\"}', "
            "'env_m', now(), now())"
        )
        for seq in (1, 2):
            conn.execute(
                "INSERT INTO session_events (workspace_id, session_id, seq, id, type, payload, created_at) "
                "VALUES ('wksp_m', 'sesn_m', %s, %s, 'user.message', '{}', now())",
                (seq, f"sevt_m{seq}"),
            )
    assert _apply_up_to(dsn, "0014.threads") == ["0014.threads"]
    with psycopg.connect(dsn) as conn:
        [(thread_id, parent, execution, name)] = conn.execute(
            "SELECT id, parent_thread_id, execution_id, agent_name FROM session_threads WHERE session_id = 'sesn_m'"
        ).fetchall()
        assert thread_id.startswith("sthr_")
        assert (parent, execution, name) == (None, "sesn_m", "old")
        [(primary,)] = conn.execute("SELECT primary_thread_id FROM sessions WHERE id = 'sesn_m'").fetchall()
        assert primary == thread_id
        owners = conn.execute("SELECT DISTINCT session_thread_id FROM session_events").fetchall()
        assert owners == [(thread_id,)]
        rollback = (migrations_dir() / "0014.threads.rollback.sql").read_text()
        conn.execute(rollback)
        columns = {
            r[0]
            for r in conn.execute("SELECT column_name FROM information_schema.columns WHERE table_name = 'sessions'")
        }
        assert "primary_thread_id" not in columns
        assert conn.execute("SELECT to_regclass('session_threads')").fetchone() == (None,)
