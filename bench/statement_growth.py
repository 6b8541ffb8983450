"""PostgreSQL time per statement early and late in one long Session: which statements grow with its length.

Starts the stack with ``pg_stat_statements`` loaded and Mango's roles on the production path
(``bench/turn_overhead.py``'s Messages adapter against the local provider stand-in), runs one Session
of ``--turns`` turns with its SSE stream open, and reads the statistics over two windows of
``--window`` turns: the first after a few warm-up turns and the last. Prints PostgreSQL's execution
time per turn in each window, in total and for the statements whose time grew most, with their
calls and shared blocks touched per turn. ``--baseline-src`` runs another revision's roles the same
way on the same stack (its own database, its own migrations) after this one's. Execution time, not
CPU of the whole server: the figure that tells which statement does work that grows with a Session.
Bounded: a fixed number of turns.

    .venv/bin/python bench/statement_growth.py --turns 300 --baseline-src <checkout of another revision>
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import asyncpg
import httpx
from httpx_sse import aconnect_sse
from mango_server.devstack import DevStack, Platform

sys.path.insert(0, str(Path(__file__).resolve().parent))
from turn_overhead import BENCH_ENV, ModelPath, model_path

WARM_TURNS = 5
SHOWN = 8  # statements listed per build
STATISTICS = ("shared_preload_libraries=pg_stat_statements", "pg_stat_statements.track=all")


@dataclass(frozen=True)
class Statement:
    calls: int
    milliseconds: float
    blocks: int


Window = dict[str, Statement]


async def _read(admin_url: str, database: str) -> Window:
    conn = await asyncpg.connect(admin_url)
    try:
        rows = await conn.fetch(
            "SELECT query, calls, total_exec_time, shared_blks_hit + shared_blks_read AS blocks "
            "FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = $1)",
            database,
        )
    finally:
        await conn.close()
    return {" ".join(r["query"].split()): Statement(r["calls"], r["total_exec_time"], r["blocks"]) for r in rows}


async def _execute(admin_url: str, statement: str) -> None:
    conn = await asyncpg.connect(admin_url)
    try:
        await conn.execute(statement)
    finally:
        await conn.close()


async def _session(
    running: Platform, api_key: str, admin_url: str, model: ModelPath, turns: int, window: int
) -> tuple[Window, Window]:
    """One Session's turns; the statistics of turns ``WARM_TURNS`` .. +window and of the last ``window``."""
    database = running.database_url.rsplit("/", 1)[1]
    headers = {"authorization": f"Bearer {api_key}"}
    async with httpx.AsyncClient(base_url=running.base_url, headers=headers, timeout=60) as http:
        agent = (await http.post("/v1/agents", json={"name": "bench", "model": model.agent_model})).json()
        env = (await http.post("/v1/environments", json={"name": "bench-growth"})).json()
        body = {"agent": agent["id"], "environment_id": env["id"]}
        sid = (await http.post("/v1/sessions", json=body)).json()["id"]
        async with aconnect_sse(http, "GET", f"/v1/sessions/{sid}/events/stream") as source:
            events = source.aiter_sse()
            for turn in range(turns):
                if turn in (WARM_TURNS, turns - window):
                    await _execute(admin_url, "SELECT pg_stat_statements_reset()")
                message = {"type": "user.message", "content": [{"type": "text", "text": f"turn {turn}"}]}
                (await http.post(f"/v1/sessions/{sid}/events", json={"events": [message]})).raise_for_status()
                async for sse in events:
                    if sse.event == "session.status_idle" and json.loads(sse.data)["stop_reason"]["type"] == "end_turn":
                        break
                if turn == WARM_TURNS + window - 1:
                    early = await _read(admin_url, database)
            await asyncio.sleep(1.0)  # the relay's acknowledgement of the last wakeup
            late = await _read(admin_url, database)
    return early, late


def _table(label: str, early: Window, late: Window, window: int) -> str:
    def total(w: Window) -> float:
        return sum(s.milliseconds for s in w.values()) / window

    zero = Statement(0, 0.0, 0)
    grown = sorted(
        set(early) | set(late), key=lambda q: early.get(q, zero).milliseconds - late.get(q, zero).milliseconds
    )
    lines = [
        f"{label}: PostgreSQL execution time per turn {total(early):.2f} ms "
        f"(turns {WARM_TURNS + 1}-{WARM_TURNS + window}) -> {total(late):.2f} ms (the last {window})",
        "",
        "| ms per turn, early -> late | calls per turn | blocks per turn | statement |",
        "|---|---|---|---|",
    ]
    for query in grown[:SHOWN]:
        e, last = early.get(query, zero), late.get(query, zero)
        lines.append(
            f"| {e.milliseconds / window:.3f} -> {last.milliseconds / window:.3f} | {e.calls / window:.1f} -> "
            f"{last.calls / window:.1f} | {e.blocks / window:.0f} -> {last.blocks / window:.0f} | `{query[:110]}` |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=300, help="turns of the one Session")
    parser.add_argument("--window", type=int, default=20, help="turns in each measured window")
    parser.add_argument("--baseline-src", type=Path, help="a checkout of another Mango revision, measured after")
    args = parser.parse_args()
    builds: list[tuple[str, dict[str, str]]] = [("this revision", {})]
    if args.baseline_src:
        src = args.baseline_src.resolve() / "server" / "src"
        builds.append(("baseline", {"PYTHONPATH": f"{src}:{os.environ.get('PYTHONPATH', '')}"}))
    with (
        tempfile.TemporaryDirectory(prefix="mango-bench-") as tmp,
        model_path("messages") as (model, _),
        DevStack(Path(tmp) / "stack", "free", postgres_settings=STATISTICS) as stack,
    ):
        admin = stack.database_url
        asyncio.run(_execute(admin, "CREATE EXTENSION IF NOT EXISTS pg_stat_statements"))
        for label, env in builds:
            running = Platform(stack, Path(tmp) / label, extra_env=BENCH_ENV | model.env | env).start()
            try:
                api_key = running.create_tenant("bench").api_key
                early, late = asyncio.run(_session(running, api_key, admin, model, args.turns, args.window))
            finally:
                running.stop()
            print(_table(label, early, late, args.window) + "\n", flush=True)


if __name__ == "__main__":
    main()
