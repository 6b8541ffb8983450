"""Retention on the real components: a Workspace's policy set with ``mango workspace retention``, one
pass run with ``mango admin retention run``, and what it removes.

Archived Sessions past the policy go through the deletion saga (the orchestrator's relay removes
their rows) until the Workspace holds only its live Session; recipe bodies past the window are
dropped while usage stays, ``mango session inspect`` says so, and the kept recipes still rebuild
exactly; finished Deployment Runs past the window expire. A Workspace without a policy keeps
everything. Ages are made by backdating the rows in PostgreSQL.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import psycopg
import pytest
from mango_server.devstack import DevStack, Platform, Tenant

from ._client import client, new_session, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(600)]

HELLO = {"type": "user.message", "content": [{"type": "text", "text": "run hello"}]}


@pytest.fixture(scope="module")
def platform(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    # No periodic pass: each test runs the one it checks.
    running = Platform(mango_services, tmp_path_factory.mktemp("retention"))
    running.extra_env["MANGO_RETENTION_INTERVAL_SECONDS"] = "0"
    running.start()
    try:
        yield running
    finally:
        running.stop()


def _mango(platform: Platform, *args: str, ok: bool = True) -> subprocess.CompletedProcess[bytes]:
    done = subprocess.run(
        [sys.executable, "-m", "mango_server", *args],
        env={**os.environ, **platform.env()},
        capture_output=True,
        timeout=120,
        check=False,
    )
    if ok:
        assert done.returncode == 0, done.stderr.decode()
    return done


def _session_with_turns(http: httpx.Client, name: str, turns: int) -> str:
    sid = new_session(http, name)
    for turn in range(turns):
        say(http, sid, f"{name} turn {turn}")
        wait_status(http, sid, "end_turn", timeout=60)
    return sid


def _counts(
    conn: psycopg.Connection[tuple[object, ...]], workspace_id: str, but: tuple[str, ...] = ()
) -> dict[str, int]:
    """The Workspace's rows in the tables a Session fills, leaving out the Sessions ``but``."""
    out: dict[str, int] = {}
    for table in ("sessions", "session_events", "provider_transcript", "model_requests"):
        column = "id" if table == "sessions" else "session_id"
        row = conn.execute(
            f"SELECT count(*) FROM {table} WHERE workspace_id = %s AND NOT {column} = ANY(%s)",
            (workspace_id, list(but)),
        ).fetchone()
        assert row is not None
        out[table] = int(row[0])
    return out


def _retention(platform: Platform, tenant: Tenant, **days: int) -> dict[str, object]:
    flags = [f"--{key.replace('_', '-')}={value}" for key, value in days.items()]
    return dict(json.loads(_mango(platform, "workspace", "retention", tenant.workspace_id, *flags).stdout))


def _run_pass(platform: Platform) -> dict[str, float]:
    return dict(json.loads(_mango(platform, "admin", "retention", "run").stdout))


def test_archived_sessions_past_the_policy_are_deleted_and_the_workspace_returns_to_its_live_size(
    platform: Platform,
) -> None:
    retained, kept = platform.create_tenant("retained"), platform.create_tenant("kept")
    policy = _retention(platform, retained, archived_sessions_days=1)
    assert policy["retention"] == {
        "archived_sessions_days": 1,
        "request_bodies_days": None,
        "deployment_runs_days": None,
    }
    listed = [json.loads(line) for line in _mango(platform, "workspace", "list").stdout.splitlines()]
    assert {w["id"]: w["retention"]["archived_sessions_days"] for w in listed} == {
        retained.workspace_id: 1,
        kept.workspace_id: None,
    }
    archived: dict[str, list[str]] = {}
    with psycopg.connect(platform.database_url, autocommit=True) as conn:
        for tenant in (retained, kept):
            with client(platform, tenant) as http:
                _session_with_turns(http, "live", 1)
                old = [_session_with_turns(http, f"old{i}", 1) for i in range(3)]
                recent = _session_with_turns(http, "recent", 1)
                for sid in [*old, recent]:
                    assert http.post(f"/v1/sessions/{sid}/archive").status_code == 200
            archived[tenant.workspace_id] = old
            # Archived two days ago: past the one-day policy (the recent one stays inside it).
            conn.execute("UPDATE sessions SET archived_at = now() - interval '2 days' WHERE id = ANY(%s)", (old,))
        gone = archived[retained.workspace_id]
        live_size = _counts(conn, retained.workspace_id, but=tuple(gone))  # the live and the recently archived Session
        assert all(live_size.values())
        before_kept = _counts(conn, kept.workspace_id)

        report = _run_pass(platform)
        assert report["archived_sessions"] == 3, report
        assert report["batches"] >= 1, report
        # The relay finishes the saga: the Sessions leave, their events, transcripts and requests with them.
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            left = conn.execute("SELECT count(*) FROM sessions WHERE id = ANY(%s)", (gone,)).fetchone()
            if left is not None and left[0] == 0:
                break
            time.sleep(0.5)
        assert _counts(conn, retained.workspace_id) == live_size
        with client(platform, retained) as http:
            assert http.get(f"/v1/sessions/{gone[0]}").status_code == 404
        assert _counts(conn, kept.workspace_id) == before_kept  # no policy: everything stays
        # A second pass finds nothing more.
        assert _run_pass(platform)["archived_sessions"] == 0


def test_recipe_bodies_past_the_window_are_dropped_and_inspect_says_so(platform: Platform) -> None:
    retained, kept = platform.create_tenant("bodies"), platform.create_tenant("bodies-kept")
    _retention(platform, retained, request_bodies_days=1)
    sessions: dict[str, str] = {}
    for tenant in (retained, kept):
        with client(platform, tenant) as http:
            sessions[tenant.workspace_id] = _session_with_turns(http, "long", 4)
    with psycopg.connect(platform.database_url, autocommit=True) as conn:
        conn.execute(
            "UPDATE model_requests SET created_at = created_at - interval '2 days' WHERE session_id = ANY(%s)",
            (list(sessions.values()),),
        )
        sid = sessions[retained.workspace_id]
        usage_before = conn.execute(
            "SELECT id, usage::text FROM model_requests WHERE session_id = %s ORDER BY seq", (sid,)
        ).fetchall()
        newest = str(usage_before[-1][0])
        body_before = _mango(platform, "session", "inspect", sid, "--request", newest).stdout

        report = _run_pass(platform)
        # Every request but the Session's newest (the next one may be written against it).
        assert report["request_bodies"] == len(usage_before) - 1, report
        rows = conn.execute(
            "SELECT id, usage::text, recipe_dropped_at IS NOT NULL FROM model_requests WHERE session_id = %s"
            " ORDER BY seq",
            (sid,),
        ).fetchall()
        assert [(r[0], r[1]) for r in rows] == usage_before  # usage and metadata stay
        assert [bool(r[2]) for r in rows] == [True] * (len(rows) - 1) + [False]
        kept_dropped = conn.execute(
            "SELECT count(*) FROM model_requests WHERE workspace_id = %s AND recipe_dropped_at IS NOT NULL",
            (kept.workspace_id,),
        ).fetchone()
        assert kept_dropped is not None
        assert kept_dropped[0] == 0
    dropped = _mango(platform, "session", "inspect", sid, "--request", str(rows[0][0]), ok=False)
    assert dropped.returncode == 1
    assert b"dropped by retention" in dropped.stderr
    listing = [json.loads(line) for line in _mango(platform, "session", "inspect", sid).stdout.splitlines()]
    assert [r["body_dropped"] for r in listing] == [True] * (len(rows) - 1) + [False]
    # The kept recipe was written against a dropped one; it still rebuilds byte for byte.
    assert _mango(platform, "session", "inspect", sid, "--request", newest).stdout == body_before
    # The Session goes on: its next request is recorded and rebuilds.
    with client(platform, retained) as http:
        say(http, sid, "after retention")
        wait_status(http, sid, "end_turn", timeout=60)
    listing = [json.loads(line) for line in _mango(platform, "session", "inspect", sid).stdout.splitlines()]
    body = _mango(platform, "session", "inspect", sid, "--request", listing[-1]["id"]).stdout
    assert b"after retention" in body
    assert b"long turn 0" in body
    # The request that was the newest is past the window and no longer the newest: the next pass drops
    # it, and the new request (written against it) still rebuilds; then nothing is left to drop.
    assert _run_pass(platform)["request_bodies"] == 1
    assert _mango(platform, "session", "inspect", sid, "--request", listing[-1]["id"]).stdout == body
    assert _run_pass(platform)["request_bodies"] == 0


def test_finished_deployment_runs_past_the_window_expire(platform: Platform) -> None:
    retained, kept = platform.create_tenant("runs"), platform.create_tenant("runs-kept")
    _retention(platform, retained, deployment_runs_days=1)
    runs: dict[str, list[str]] = {}
    for tenant in (retained, kept):
        with client(platform, tenant) as http:
            agent = http.post("/v1/agents", json={"name": "runs", "model": "mango-offline-1"}).json()["id"]
            env = http.post("/v1/environments", json={"name": f"runs-{time.monotonic_ns()}"}).json()["id"]
            created = http.post(
                "/v1/deployments",
                json={"name": "manual", "agent": agent, "environment_id": env, "initial_events": [HELLO]},
            )
            assert created.status_code == 200, created.text
            did = created.json()["id"]
            runs[tenant.workspace_id] = []
            for _ in range(2):
                run = http.post(f"/v1/deployments/{did}/run")
                assert run.status_code == 200, run.text
                runs[tenant.workspace_id].append(run.json()["id"])
            for run_id in runs[tenant.workspace_id]:
                session_id = http.get(f"/v1/deployment_runs/{run_id}").json()["session_id"]
                wait_status(http, session_id, "end_turn", timeout=60)
    with psycopg.connect(platform.database_url, autocommit=True) as conn:
        old = [runs[retained.workspace_id][0], runs[kept.workspace_id][0]]
        conn.execute("UPDATE deployment_runs SET created_at = now() - interval '2 days' WHERE id = ANY(%s)", (old,))
        report = _run_pass(platform)
        assert report["deployment_runs"] == 1, report
        left = {str(r[0]) for r in conn.execute("SELECT id FROM deployment_runs").fetchall()}
    assert runs[retained.workspace_id][0] not in left
    assert runs[retained.workspace_id][1] in left  # inside the window
    assert set(runs[kept.workspace_id]) <= left  # no policy
    with client(platform, retained) as http:
        assert http.get(f"/v1/deployment_runs/{runs[retained.workspace_id][0]}").status_code == 404


def test_one_pass_at_a_time(platform: Platform) -> None:
    """A pass that finds the advisory lock taken (another replica's pass) skips instead of running beside it."""
    with psycopg.connect(platform.database_url, autocommit=True) as conn:
        conn.execute("SELECT pg_advisory_lock(hashtext('mango.retention'))")
        busy = _mango(platform, "admin", "retention", "run", ok=False)
        assert busy.returncode == 1, busy.stderr.decode()
        assert b"another retention pass is running" in busy.stderr
        conn.execute("SELECT pg_advisory_unlock(hashtext('mango.retention'))")
    assert "archived_sessions" in _run_pass(platform)  # free again: the pass runs (exit 0)
