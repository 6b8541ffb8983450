"""One long Session with the offline model: does a turn stay as cheap at turn 1,000 as at turn 1?

Drives one Session through ``--turns`` (default 1,000) sequential turns of 2 KB user messages
(the offline model echoes each, so every turn adds about 4 KB to the transcript), measuring for
each turn the time from the POST of the ``user.message`` to its ``session.status_idle``
(end_turn) on the Session's SSE stream. Context admission compacts the Session whenever the
next request would not fit the 200,000-token window of ``mango-offline-1``. Prints, per 100-turn
bucket, the p50 and p99 latency, the median and largest admitted request (estimated input tokens)
and the compactions in the bucket; ``--write`` records the table in docs/performance.md.
Target: the last bucket's p50 within 1.5x the first's. Bounded: a fixed number of turns, a
60-second wait per turn.

    .venv/bin/python bench/long_session.py --write
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import tempfile
import time
from pathlib import Path

import httpx
import psycopg
from httpx_sse import aconnect_sse
from mango_server.devstack import DevStack, Platform

ROOT = Path(__file__).resolve().parents[1]
BUCKET = 100
MESSAGE_BYTES = 2048
SECTION = "## One long Session"


def _message(turn: int) -> str:
    head = f"turn {turn}: "
    filler = " ".join(f"w{turn}.{i}" for i in range(MESSAGE_BYTES))
    return (head + filler)[:MESSAGE_BYTES]


async def _drive(base_url: str, api_key: str, turns: int) -> tuple[str, list[float]]:
    headers = {"authorization": f"Bearer {api_key}"}
    async with httpx.AsyncClient(base_url=base_url, headers=headers, timeout=60) as http:
        agent = (await http.post("/v1/agents", json={"name": "long", "model": "mango-offline-1"})).json()
        env = (await http.post("/v1/environments", json={"name": f"long-{time.monotonic_ns()}"})).json()
        body = {"agent": agent["id"], "environment_id": env["id"]}
        sid = (await http.post("/v1/sessions", json=body)).json()["id"]
        latencies: list[float] = []
        async with aconnect_sse(http, "GET", f"/v1/sessions/{sid}/events/stream") as source:
            events = source.aiter_sse()
            for turn in range(turns):
                started = time.perf_counter()
                text = {"type": "text", "text": _message(turn)}
                sent = {"events": [{"type": "user.message", "content": [text]}]}
                (await http.post(f"/v1/sessions/{sid}/events", json=sent)).raise_for_status()
                await asyncio.wait_for(_idle(events), timeout=60)
                latencies.append(time.perf_counter() - started)
    return sid, latencies


async def _idle(events: object) -> None:
    async for sse in events:  # type: ignore[attr-defined]
        if sse.event == "session.status_idle":
            stop = json.loads(sse.data)["stop_reason"]["type"]
            if stop != "end_turn":
                raise RuntimeError(f"turn ended with {stop}")
            return


def _requests(database_url: str, session_id: str) -> tuple[list[int], list[int]]:
    """Per turn, the admitted request's estimate; and the turn index of every compaction."""
    with psycopg.connect(database_url) as conn:
        estimates = [
            int(r[0])
            for r in conn.execute(
                "SELECT estimate FROM model_requests WHERE session_id = %s ORDER BY seq", (session_id,)
            )
        ]
        compacted = [
            int(r[0])
            for r in conn.execute(
                "SELECT m.seq_rank FROM (SELECT compaction_id, row_number() OVER (ORDER BY seq) - 1 AS seq_rank,"
                " lag(compaction_id) OVER (ORDER BY seq) AS previous FROM model_requests WHERE session_id = %s) m"
                " WHERE m.compaction_id IS DISTINCT FROM m.previous AND m.compaction_id IS NOT NULL",
                (session_id,),
            )
        ]
    return estimates, compacted


def _table(latencies: list[float], estimates: list[int], compacted: list[int]) -> list[dict[str, float]]:
    rows = []
    for start in range(0, len(latencies), BUCKET):
        chunk = sorted(latencies[start : start + BUCKET])
        sizes = estimates[start : start + BUCKET]
        rows.append(
            {
                "first": start + 1,
                "last": start + len(chunk),
                "p50_ms": statistics.median(chunk) * 1000,
                "p99_ms": chunk[min(len(chunk) - 1, int(len(chunk) * 0.99))] * 1000,
                "median_tokens": statistics.median(sizes) if sizes else 0,
                "max_tokens": max(sizes) if sizes else 0,
                "compactions": sum(1 for c in compacted if start <= c < start + BUCKET),
            }
        )
    return rows


def _render(rows: list[dict[str, float]]) -> str:
    lines = [
        "| turns | p50 (ms) | p99 (ms) | median request (tokens) | largest request (tokens) | compactions |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {int(r['first'])}-{int(r['last'])} | {r['p50_ms']:.1f} | {r['p99_ms']:.1f} | {int(r['median_tokens'])} "
            f"| {int(r['max_tokens'])} | {int(r['compactions'])} |"
        )
    ratio = rows[-1]["p50_ms"] / rows[0]["p50_ms"]
    lines.append("")
    lines.append(f"Last bucket p50 / first bucket p50: {ratio:.2f} (target: at most 1.5).")
    return "\n".join(lines)


def _write(table: str, turns: int) -> None:
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    section = (
        f"{SECTION}\n\n"
        f"One Session, {turns} sequential turns of 2 KB `user.message`s with the offline model (which echoes each),\n"
        "so the transcript grows by about 4 KB a turn and passes the 200,000-token window of `mango-offline-1`;\n"
        "context admission compacts it whenever the next request would not fit. Latency is from the POST to\n"
        "the turn's `session.status_idle` on the SSE stream; request sizes are the admitted estimates.\n\n"
        f"Command: `.venv/bin/python bench/long_session.py --write`. Machine: {machine}.\n\n"
        f"{table}\n"
    )
    path = ROOT / "docs" / "performance.md"
    text = path.read_text()
    if SECTION in text:
        text = text[: text.index(SECTION)].rstrip() + "\n"
    path.write_text(text.rstrip() + "\n\n" + section)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1000, help="turns to run (default 1,000)")
    parser.add_argument("--write", action="store_true", help="record the figures in docs/performance.md")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mango-bench-") as tmp, DevStack(Path(tmp) / "stack", "free") as stack:
        running = Platform(stack, Path(tmp) / "logs").start()
        try:
            tenant = running.create_tenant("bench")
            sid, latencies = asyncio.run(_drive(running.base_url, tenant.api_key, args.turns))
            estimates, compacted = _requests(running.database_url, sid)
        finally:
            running.stop()
    table = _render(_table(latencies, estimates, compacted))
    print(table)
    if args.write:
        _write(table, args.turns)


if __name__ == "__main__":
    main()
