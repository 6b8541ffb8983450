"""Storage growth of one long Session, and one retention pass over 10,000 archived Sessions.

On a real PostgreSQL / Temporal / NATS / SeaweedFS stack started on 127.0.0.1, Mango's api and
orchestrator take the production model path: the Messages API adapter over HTTP against the local
provider stand-in (``bench/_provider.py``, as ``bench/turn_overhead.py`` runs it). One Session takes
``--turns`` (default 1,000) sequential turns of 2 KB user messages, each driven over HTTP (POST
the ``user.message``, wait for its ``session.status_idle`` on the SSE stream). Measured:

- PostgreSQL bytes per turn: the sum of ``pg_total_relation_size`` (heap, indexes, TOAST) over every
  table of Mango's schema, read after turns 10, 50, 90% and 100% of ``--turns``; the bytes per
  turn over the last tenth against those over turns 10-50. Target <= 1.2x.
- A request recipe's stored bytes (its stored form plus the recipe parts first stored with it) at
  the last turn against turn 10. Target <= 1.5x.
- Retention: in a second Workspace with a one-day archived-Session policy, ``--archived`` (default
  10,000) archived Sessions older than the policy (clones of one real archived Session, its events
  included, archived two days ago) beside one live Session; one pass (``app.retention.run_pass``)
  fences them, the orchestrator's relay finishes the deletion saga. Reported: the pass's time and
  batches, the time until the relay removed every row, and the Workspace's rows before and after.

Bounded: a fixed number of turns (60 s wait per turn) and one pass. ``--write`` records the
figures, with the command, in docs/performance.md.

    .venv/bin/python bench/storage.py --write
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import psycopg
from httpx_sse import aconnect_sse
from mango_server.devstack import DevStack, Platform

sys.path.insert(0, str(Path(__file__).resolve().parent))
from long_session import _idle, _message
from turn_overhead import BENCH_ENV, model_path

ROOT = Path(__file__).resolve().parents[1]
SECTION = "## Storage per turn and retention"
# Every table of Mango's schema (the migration tool's own bookkeeping apart).
_TOTAL = """
SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname NOT LIKE '\\_yoyo%'
"""
# A request's stored bytes: its recipe's stored form and the parts first stored with it.
_RECIPES = """
SELECT octet_length(r.recipe::text)
       + coalesce((SELECT sum(octet_length(p.body::text)) FROM recipe_parts p
                   WHERE p.workspace_id = r.workspace_id AND p.created_at = r.created_at), 0)
FROM model_requests r WHERE r.session_id = %s ORDER BY r.seq
"""
# The tables a Session's rows live in, counted for one Workspace.
_FAMILY = ("sessions", "session_events", "provider_transcript", "model_requests")


def _total_bytes(database_url: str) -> int:
    with psycopg.connect(database_url) as conn:
        row = conn.execute(_TOTAL).fetchone()
    assert row is not None
    return int(row[0])


async def _long_session(running: Platform, api_key: str, model: str, turns: int) -> tuple[str, dict[int, int], float]:
    """Drive the Session; answers its id, the database's bytes after each checkpoint turn, and the wall time."""
    marks = {10, 50, turns * 9 // 10, turns}
    sizes: dict[int, int] = {}
    headers = {"authorization": f"Bearer {api_key}"}
    started = time.monotonic()
    async with httpx.AsyncClient(base_url=running.base_url, headers=headers, timeout=60) as http:
        agent = (await http.post("/v1/agents", json={"name": "storage", "model": model})).json()
        env = (await http.post("/v1/environments", json={"name": f"storage-{time.monotonic_ns()}"})).json()
        sid = (await http.post("/v1/sessions", json={"agent": agent["id"], "environment_id": env["id"]})).json()["id"]
        async with aconnect_sse(http, "GET", f"/v1/sessions/{sid}/events/stream") as source:
            events = source.aiter_sse()
            for turn in range(1, turns + 1):
                sent = {"events": [{"type": "user.message", "content": [{"type": "text", "text": _message(turn)}]}]}
                (await http.post(f"/v1/sessions/{sid}/events", json=sent)).raise_for_status()
                await asyncio.wait_for(_idle(events), timeout=60)
                if turn in marks:
                    sizes[turn] = _total_bytes(running.database_url)
                if turn % 100 == 0:
                    print(f"turn {turn} after {time.monotonic() - started:.0f} s", file=sys.stderr)
    return sid, sizes, time.monotonic() - started


def _recipe_bytes(database_url: str, session_id: str) -> list[int]:
    with psycopg.connect(database_url) as conn:
        return [int(r[0]) for r in conn.execute(_RECIPES, (session_id,)).fetchall()]


def _columns(conn: psycopg.Connection[tuple[Any, ...]], table: str) -> list[str]:
    """The columns an INSERT may name (not generated, not identity)."""
    rows = conn.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = %s"
        " AND is_generated = 'NEVER' AND is_identity = 'NO' ORDER BY ordinal_position",
        (table,),
    ).fetchall()
    return [str(r[0]) for r in rows]


def _clone_archived(database_url: str, template: str, count: int) -> None:
    """``count`` copies of the archived Session ``template`` with its events, archived two days ago."""
    with psycopg.connect(database_url) as conn:
        cols = _columns(conn, "sessions")
        picked = ", ".join(
            {"id": "'sesn_bench' || g", "archived_at": "now() - interval '2 days'"}.get(c, f"s.{c}") for c in cols
        )
        conn.execute(
            f"INSERT INTO sessions ({', '.join(cols)}) SELECT {picked} FROM sessions s,"
            " generate_series(1, %s) g WHERE s.id = %s",
            (count, template),
        )
        cols = _columns(conn, "session_events")
        picked = ", ".join({"id": "e.id || '_' || g", "session_id": "'sesn_bench' || g"}.get(c, f"e.{c}") for c in cols)
        conn.execute(
            f"INSERT INTO session_events ({', '.join(cols)}) SELECT {picked} FROM session_events e,"
            " generate_series(1, %s) g WHERE e.session_id = %s",
            (count, template),
        )
        conn.execute("ANALYZE sessions; ANALYZE session_events")


def _rows(database_url: str, workspace_id: str, but: str = "") -> dict[str, int]:
    """The Workspace's rows in the tables a Session fills, leaving out the Session ``but``."""
    with psycopg.connect(database_url) as conn:
        out = {}
        for table in _FAMILY:
            column = "id" if table == "sessions" else "session_id"
            row = conn.execute(
                f"SELECT count(*) FROM {table} WHERE workspace_id = %s AND {column} <> %s", (workspace_id, but)
            ).fetchone()
            assert row is not None
            out[table] = int(row[0])
        return out


def _retention(running: Platform, model: str, archived: int) -> dict[str, Any]:
    from mango_server.app import operators
    from mango_server.app.retention import Pacing, run_pass_now

    tenant = running.create_tenant("retention")
    headers = {"authorization": f"Bearer {tenant.api_key}"}
    with httpx.Client(base_url=running.base_url, headers=headers, timeout=60) as http:
        agent = http.post("/v1/agents", json={"name": "retention", "model": model}).json()["id"]
        env = http.post("/v1/environments", json={"name": f"retention-{time.monotonic_ns()}"}).json()["id"]
        sids = []
        for _ in range(2):  # the live Session, and the one its archived clones copy
            sid = http.post("/v1/sessions", json={"agent": agent, "environment_id": env}).json()["id"]
            message = {"type": "user.message", "content": [{"type": "text", "text": _message(0)}]}
            http.post(f"/v1/sessions/{sid}/events", json={"events": [message]}).raise_for_status()
            sids.append(sid)
        for sid in sids:
            deadline = time.monotonic() + 60
            while http.get(f"/v1/sessions/{sid}").json()["status"] != "idle" and time.monotonic() < deadline:
                time.sleep(0.2)
        template = sids[1]
        http.post(f"/v1/sessions/{template}/archive").raise_for_status()
    with psycopg.connect(running.database_url, autocommit=True) as conn:
        conn.execute("UPDATE sessions SET archived_at = now() - interval '2 days' WHERE id = %s", (template,))
    live = _rows(running.database_url, tenant.workspace_id, but=template)  # the live Session's rows
    _clone_archived(running.database_url, template, archived - 1)
    before = _rows(running.database_url, tenant.workspace_id)
    asyncio.run(operators.set_retention(running.database_url, tenant.workspace_id, archived_sessions_days=1))
    settings = running.env()
    pacing = Pacing()  # the defaults: MANGO_RETENTION_BATCH_ROWS, MANGO_RETENTION_BATCH_PAUSE_SECONDS
    started = time.monotonic()
    report = asyncio.run(run_pass_now(running.database_url, settings["MANGO_NATS_URL"], pacing))
    assert report is not None
    # The orchestrator's relay finishes the saga (stops each workflow, removes the rows).
    deadline = time.monotonic() + 1800
    while time.monotonic() < deadline:
        with psycopg.connect(running.database_url) as conn:
            row = conn.execute(
                "SELECT count(*) FROM sessions WHERE workspace_id = %s AND archived_at IS NOT NULL",
                (tenant.workspace_id,),
            ).fetchone()
        if row is not None and row[0] == 0:
            break
        time.sleep(1)
    removed_after = time.monotonic() - started
    after = _rows(running.database_url, tenant.workspace_id)
    return {
        "archived": archived,
        "fenced": report.archived_sessions,
        "batches": report.batches,
        "batch_rows": pacing.batch_rows,
        "pause": pacing.pause,
        "pass_seconds": report.seconds,
        "removed_seconds": removed_after,
        "before": before,
        "after": after,
        "live_session": sids[0],
        "live": live,
    }


def _render(turns: int, sizes: dict[int, int], recipes: list[int], wall: float, kept: dict[str, Any]) -> str:
    late = turns * 9 // 10
    early_rate = (sizes[50] - sizes[10]) / 40
    late_rate = (sizes[turns] - sizes[late]) / (turns - late)
    recipe_ratio = recipes[-1] / recipes[9]
    rows = [
        "| measure | value | target |",
        "|---|---|---|",
        f"| PostgreSQL bytes per turn, turns 10-50 | {early_rate:,.0f} | |",
        f"| PostgreSQL bytes per turn, turns {late}-{turns} | {late_rate:,.0f} | |",
        f"| ratio | {late_rate / early_rate:.2f}x | <= 1.2x |",
        f"| recipe stored bytes, turn 10 | {recipes[9]:,} | |",
        f"| recipe stored bytes, turn {turns} | {recipes[-1]:,} | |",
        f"| ratio | {recipe_ratio:.2f}x | <= 1.5x |",
        f"| the {turns} turns took | {wall:,.0f} s | |",
        f"| retention: archived Sessions past a 1-day policy | {kept['archived']:,} | |",
        f"| one pass: fenced, batches of {kept['batch_rows']} ({kept['pause']} s apart) | "
        f"{kept['fenced']:,} in {kept['batches']} batches, {kept['pass_seconds']:.1f} s | |",
        f"| rows removed by the relay after the pass started | {kept['removed_seconds']:.1f} s | |",
        f"| Workspace rows before (sessions/events/transcript/requests) | {_fmt(kept['before'])} | |",
        f"| Workspace rows after | {_fmt(kept['after'])} | the live Session's: {_fmt(kept['live'])} |",
    ]
    return "\n".join(rows)


def _fmt(counts: dict[str, int]) -> str:
    return " / ".join(f"{counts[t]:,}" for t in _FAMILY)


def _write(table: str, argv: list[str]) -> None:
    path = ROOT / "docs" / "performance.md"
    text = path.read_text(encoding="utf-8")
    command = " ".join([".venv/bin/python", "bench/storage.py", *argv])
    block = (
        f"{SECTION}\n\n`{command}` on {platform.machine()} ({platform.system()}), "
        f"{time.strftime('%Y-%m-%d', time.gmtime())}; the Messages adapter over HTTP against the local "
        "provider stand-in, 2 KB user messages, one Session driven turn by turn. The archived Sessions are "
        "SQL copies of one real archived Session (its row and its events) archived two days ago; the pass "
        "fences them, the orchestrator's relay removes them.\n\n" + table + "\n"
    )
    if SECTION in text:
        start = text.index(SECTION)
        end = text.find("\n## ", start + len(SECTION))
        text = text[:start] + block + (text[end:] if end != -1 else "")
    else:
        text = text.rstrip("\n") + "\n\n" + block
    path.write_text(text, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1000, help="turns of the long Session (default 1,000; >= 60)")
    parser.add_argument(
        "--archived", type=int, default=10000, help="archived Sessions past the policy (default 10,000)"
    )
    parser.add_argument("--write", action="store_true", help="record the figures in docs/performance.md")
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory(prefix="mango-bench-") as tmp,
        DevStack(Path(tmp) / "stack", "free") as stack,
        model_path("messages") as (model, _pid),
    ):
        env = BENCH_ENV | model.env | {"MANGO_RETENTION_INTERVAL_SECONDS": "0"}
        running = Platform(stack, Path(tmp) / "logs", extra_env=env)
        try:
            running.start()
        except RuntimeError:  # a busy machine can take longer than the platform's minute to serve
            running.wait_ready(timeout=300)
        try:
            tenant = running.create_tenant("bench")
            sid, sizes, wall = asyncio.run(_long_session(running, tenant.api_key, model.agent_model, args.turns))
            recipes = _recipe_bytes(running.database_url, sid)
            kept = _retention(running, model.agent_model, args.archived)
        finally:
            running.stop()
    print(json.dumps({"sizes": sizes, "recipes": [recipes[9], recipes[-1]], "retention": kept}, default=str))
    table = _render(args.turns, sizes, recipes, wall, kept)
    print(table)
    if args.write:
        _write(table, sys.argv[1:])


if __name__ == "__main__":
    main()
