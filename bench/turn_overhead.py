"""Control-plane overhead per turn with the offline model.

Measures, for each turn, the time from the POST of a ``user.message`` to the matching
``session.status_idle`` seen on the Session's SSE stream (opened before the first turn), with
1, 10 and 50 concurrent Sessions, on a real PostgreSQL / Temporal / NATS / SeaweedFS stack
started on 127.0.0.1 for the run. Prints p50/p99 and turns per second and, with ``--write``,
records them in docs/performance.md. Bounded: a fixed number of turns per Session.

    .venv/bin/python bench/turn_overhead.py --write
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import statistics
import tempfile
import time
from pathlib import Path

import httpx
from httpx_sse import aconnect_sse
from mango_server.devstack import DevStack, Platform

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ((1, 40), (10, 10), (50, 4))  # (concurrent sessions, turns per session)


async def _session(http: httpx.AsyncClient, agent_id: str, env_id: str, turns: int) -> list[float]:
    session = (await http.post("/v1/sessions", json={"agent": agent_id, "environment_id": env_id})).json()
    sid = session["id"]
    latencies: list[float] = []
    async with aconnect_sse(http, "GET", f"/v1/sessions/{sid}/events/stream") as source:
        events = source.aiter_sse()
        for turn in range(turns):
            started = time.perf_counter()
            body = {"events": [{"type": "user.message", "content": [{"type": "text", "text": f"turn {turn}"}]}]}
            (await http.post(f"/v1/sessions/{sid}/events", json=body)).raise_for_status()
            async for sse in events:
                if sse.event == "session.status_idle" and json.loads(sse.data)["stop_reason"]["type"] == "end_turn":
                    break
            latencies.append(time.perf_counter() - started)
    return latencies


async def _scenario(base_url: str, api_key: str, sessions: int, turns: int) -> dict[str, float]:
    limits = httpx.Limits(max_connections=sessions * 2 + 10)
    headers = {"authorization": f"Bearer {api_key}"}
    async with httpx.AsyncClient(base_url=base_url, headers=headers, timeout=60, limits=limits) as http:
        agent = (await http.post("/v1/agents", json={"name": "bench", "model": "mango-offline-1"})).json()
        env = (await http.post("/v1/environments", json={"name": f"bench-{time.monotonic_ns()}"})).json()
        await _session(http, agent["id"], env["id"], 2)  # warm-up
        started = time.perf_counter()
        results = await asyncio.gather(*(_session(http, agent["id"], env["id"], turns) for _ in range(sessions)))
        wall = time.perf_counter() - started
    latencies = sorted(x for r in results for x in r)
    return {
        "sessions": sessions,
        "turns": len(latencies),
        "p50_ms": statistics.median(latencies) * 1000,
        "p99_ms": latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000,
        "turns_per_s": len(latencies) / wall,
    }


def _table(rows: list[dict[str, float]]) -> str:
    lines = ["| concurrent Sessions | turns | p50 (ms) | p99 (ms) | turns/s |", "|---|---|---|---|---|"]
    for row in rows:
        lines.append(
            f"| {int(row['sessions'])} | {int(row['turns'])} | {row['p50_ms']:.1f} | {row['p99_ms']:.1f} "
            f"| {row['turns_per_s']:.1f} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="record the figures in docs/performance.md")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mango-bench-") as tmp, DevStack(Path(tmp) / "stack", "free") as stack:
        running = Platform(stack, Path(tmp) / "logs").start()
        try:
            tenant = running.create_tenant("bench")
            rows = [asyncio.run(_scenario(running.base_url, tenant.api_key, s, t)) for s, t in SCENARIOS]
        finally:
            running.stop()
    table = _table(rows)
    print(table)
    if args.write:
        machine = f"{platform.machine()}, {__import__('os').cpu_count()} cores, Python {platform.python_version()}"
        text = (
            "# Performance\n\n"
            "## Control-plane overhead per turn\n\n"
            "From the POST of a `user.message` to `session.status_idle` (end_turn) seen on the Session's SSE\n"
            "stream, with the deterministic offline model (so the figures are Mango's own overhead: admission,\n"
            "outbox relay, Temporal signal, workflow task, activity, PostgreSQL commits, NATS wakeup, SSE).\n"
            "All components run on 127.0.0.1 on the same machine as the load generator.\n\n"
            f"Command: `.venv/bin/python bench/turn_overhead.py --write` (`make bench`). Machine: {machine}.\n\n"
            f"{table}\n"
        )
        path = ROOT / "docs" / "performance.md"
        previous = path.read_text() if path.exists() else ""
        later = previous.find("\n## ", previous.find("## Control-plane overhead per turn") + 1)
        if later >= 0:  # keep the sections other benchmarks wrote (bench/long_session.py)
            text += previous[later:]
        path.write_text(text)


if __name__ == "__main__":
    main()
