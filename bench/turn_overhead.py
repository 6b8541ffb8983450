"""Mango's turn beside a bare Temporal floor: latency, throughput and CPU per turn per process.

In one run and one process tree: a real PostgreSQL / Temporal / NATS / SeaweedFS stack started on
127.0.0.1 (the dev server with ``mango dev``'s settings), Mango's api and orchestrator on it, and,
for 1, 10 and 50 concurrent Sessions, first the bare Temporal floor (``bench/floor.py``: an
Update to a long-running workflow running one no-op activity, client and worker in one process)
then Mango's turn: from the POST of a ``user.message`` to the matching ``session.status_idle`` on
the Session's SSE stream (opened beforehand). Each concurrency runs short Sessions (40, 20 and 8
turns at 1, 10 and 50, measured in 8, 5 and 5 windows of new Sessions, each after a window of the
floor's, pooled into one row: ``--windows``) and, with ``--long-turns`` (default 300), long ones, run
between the first and the second half of the short windows, at the concurrencies of
``--long-sessions`` (default all three; 50 Sessions of 300 turns is 15,000 turns, about ten minutes
on 2 cores, and ``--long-sessions 1,10`` leaves it out), each measured over all its turns, so a cost
that grows with a Session's length shows as CPU per turn above the short Sessions'.

By default (``--model messages``) Mango takes the production path: ``MANGO_MODEL_PROVIDER=messages``,
its Messages API adapter streaming each round from a local provider stand-in (``bench/_provider.py``,
a process of its own on 127.0.0.1) that answers every request at once with an ``end_turn`` text
reply, so each ``user.message`` is one model round. ``--model offline`` runs the deterministic
offline model instead (a test double no deployment uses).

Prints p50/p99, turns/s, the ratio to the floor's turns/s, and the CPU milliseconds per turn of
every process tree (api, orchestrator, Temporal, PostgreSQL with all its backends, NATS; the load
generator and the provider stand-in apart, in columns of their own) read from ``/proc`` around
the measured window only (Sessions and streams are opened before it). With ``--idle N`` it also
runs one turn on N Sessions and reports the orchestrator's RSS per idle Session; with
``--streams N`` it holds N SSE streams open on the api and compares a single Session's p50 with
and without them. Under the turn table it prints Temporal's frontend requests per turn by operation
(``bench/_temporal_requests.py``). ``--write`` records the tables in docs/performance.md. Bounded: a fixed number
of turns per scenario.

    .venv/bin/python bench/turn_overhead.py --idle 2000 --streams 1000 --write
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from httpx_sse import aconnect_sse
from mango_server.devstack import DevStack, Platform, Tenant

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _proc import rss_kib, self_cpu_seconds, snapshot, tcp_passive_opens
from _temporal_requests import frontend_requests, per_turn

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ((1, 40), (10, 20), (50, 8))  # (concurrent sessions, turns per session)
# Windows each short shape is measured in, each with Sessions of its own, pooled into one row (``--windows``).
# One window of a short shape lasts 1-7 s, short enough for one of the host's slow phases to decide its
# figure; pooled, a short shape measures about as many turns as the long one it is compared with.
SHORT_WINDOWS = {1: 8, 10: 5, 50: 5}
LONG_TURNS = 300  # turns per long Session (``--long-turns``)
LONG_SESSIONS = "1,10,50"  # the concurrencies at which long Sessions run by default (``--long-sessions``)
MANGO_ROLES = ("api", "orchestrator", "temporal", "postgres", "nats")
# Production defaults where the test platform differs, and no throttling of the load itself.
BENCH_ENV = {
    "MANGO_VALIDATE_RESPONSES": "false",
    "MANGO_SSE_PING_SECONDS": "15",
    "MANGO_SSE_MAX_STREAMS_PER_KEY": "5000",
    "MANGO_RATE_LIMIT_PER_SECOND": "100000",
    "MANGO_RATE_LIMIT_BURST": "100000",
}
Row = dict[str, Any]
Roles = tuple[Platform, Tenant, dict[str, int]]  # a platform, its tenant and the pids its rows read
FANOUT_TURNS = 100  # one Session's turns, with and without the open streams
FANOUT_ROUNDS = 4  # the turns split into alternating quiet / loaded windows
MAKE_BENCH_ARGS = ["--idle", "2000", "--streams", "1000", "--write"]  # the Makefile's bench target
MESSAGES_MODEL = "claude-sonnet-4-5"  # a catalogued id: its window and price are the real model's
TURN_SECTION = "Control-plane overhead per turn"


@dataclass(frozen=True)
class ModelPath:
    """Which model Mango's roles run with, and how the table names it."""

    label: str  # the table's model column
    agent_model: str  # the bench Agent's model
    env: dict[str, str] = field(default_factory=dict)  # the roles' model settings


def service_pids(stack: DevStack, provider_pid: int | None) -> dict[str, int]:
    """The pids of the stack's shared services (and the provider stand-in's, when it runs), by role."""
    pids = {
        "temporal": stack.temporal.process.pid,
        "postgres": stack.postgres.process.pid,
        "nats": stack.nats.process.pid,
    }
    return pids | ({"provider": provider_pid} if provider_pid is not None else {})


def role_pids(running: Platform) -> dict[str, int]:
    """The pids of one platform's api and orchestrator."""
    return {role: running.processes[role].pid for role in ("api", "orchestrator")}


@contextmanager
def model_path(name: str) -> Iterator[tuple[ModelPath, int | None]]:
    """The model settings for ``--model``, and the provider stand-in's pid (messages) while it runs."""
    if name == "offline":
        yield ModelPath("offline", "mango-offline-1", {"MANGO_MODEL_PROVIDER": "offline"}), None
        return
    key = "sk-bench-" + secrets.token_hex(16)
    argv = [sys.executable, str(ROOT / "bench" / "_provider.py"), "--api-key", key]
    child = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert child.stdin is not None
    assert child.stdout is not None
    try:
        ready = child.stdout.readline().split()
        if len(ready) != 2 or ready[0] != "ready":
            raise RuntimeError("the provider stand-in did not start")
        env = {
            "MANGO_MODEL_PROVIDER": "messages",
            "MANGO_MODEL_BASE_URL": f"http://127.0.0.1:{ready[1]}",
            "MANGO_MODEL_API_KEY": key,
            "MANGO_DEFAULT_MODEL": MESSAGES_MODEL,
        }
        yield ModelPath("messages (local stand-in)", MESSAGES_MODEL, env), child.pid
    finally:
        child.stdin.close()  # its signal to stop
        try:
            child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
        child.stdout.close()


def _percentiles(latencies: list[float]) -> tuple[float, float]:
    """p50 and p99 in milliseconds."""
    latencies = sorted(latencies)
    return statistics.median(latencies) * 1000, latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000


def _stats(kind: str, sessions: int, latencies: list[float], wall: float) -> Row:
    p50, p99 = _percentiles(latencies)
    return {
        "kind": kind,
        "sessions": sessions,
        "per_session": len(latencies) // sessions,
        "turns": len(latencies),
        "p50_ms": p50,
        "p99_ms": p99,
        "turns_per_s": len(latencies) / wall,
        "latencies": latencies,
        "wall": wall,
        "windows": 1,
    }


def _pooled(windows: Sequence[Row]) -> Row:
    """One row from a shape's windows: their turns, latencies and wall times together, each per-turn
    figure weighted by its window's turns."""
    if len(windows) == 1:
        return windows[0]
    first, turns = windows[0], sum(w["turns"] for w in windows)
    row = first | _stats(
        first["kind"], first["sessions"], [x for w in windows for x in w["latencies"]], sum(w["wall"] for w in windows)
    )

    def weighted(key: str) -> dict[str, float]:
        figures: dict[str, float] = {}
        for window in windows:
            for name, value in window[key].items():
                figures[name] = figures.get(name, 0.0) + value * window["turns"] / turns
        return figures

    row |= {"per_session": first["per_session"], "windows": len(windows)}
    row |= {"cpu": weighted("cpu"), "temporal_requests": weighted("temporal_requests")}
    row["connections"] = sum(w["connections"] * w["turns"] for w in windows) / turns
    if "first_turns" in first:
        row["first_turns"] = [x for w in windows for x in w["first_turns"]]
    return row


def _cpu_per_turn(before: dict[str, float], after: dict[str, float], turns: int) -> dict[str, float]:
    return {name: (after[name] - before[name]) * 1000 / turns for name in before}


# ---- the floor ---------------------------------------------------------------------------


def run_floor(stack: DevStack, pids: dict[str, int], sessions: int, turns: int, shape: str = "update") -> Row:
    argv = [sys.executable, str(ROOT / "bench" / "floor.py"), "--address", stack.temporal_address]
    argv += ["--sessions", str(sessions), "--turns", str(turns), "--handshake", "--shape", shape]
    child = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert child.stdin is not None
    assert child.stdout is not None
    try:
        if child.stdout.readline().strip() != "ready":
            raise RuntimeError("the floor harness did not start")
        watched = {"floor": child.pid, "temporal": pids["temporal"]}
        requests_before = frontend_requests(stack.temporal.metrics_port)
        before, opens_before = snapshot(watched), tcp_passive_opens()
        child.stdin.write("go\n")
        child.stdin.flush()
        result = json.loads(child.stdout.readline())
        after, opens_after = snapshot(watched), tcp_passive_opens()
        requests_after = frontend_requests(stack.temporal.metrics_port)
        child.stdin.close()
        child.wait(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    kind = "floor" if shape == "update" else "floor, signal-shaped"
    row = _stats(kind, sessions, result["latencies"], result["wall"])
    row["cpu"] = _cpu_per_turn(before, after, row["turns"])
    row["temporal_requests"] = per_turn(requests_before, requests_after, row["turns"])
    row["connections"] = (opens_after - opens_before) / row["turns"]
    return row


# ---- Mango -------------------------------------------------------------------------------


async def _setup(http: httpx.AsyncClient, model: str) -> tuple[str, str]:
    agent = (await http.post("/v1/agents", json={"name": "bench", "model": model})).json()
    env = (await http.post("/v1/environments", json={"name": f"bench-{time.monotonic_ns()}"})).json()
    return agent["id"], env["id"]


async def _session(
    http: httpx.AsyncClient,
    ids: tuple[str, str],
    turns: int,
    ready: asyncio.Queue[None],
    go: asyncio.Event,
    warm: int = 0,
    think: float = 0.0,
) -> list[float]:
    """``warm`` turns before ``ready`` (its workflow started and cached, as the floor's), then ``turns``,
    each sent ``think`` seconds after the previous one ended (a user reading the answer)."""
    session = (await http.post("/v1/sessions", json={"agent": ids[0], "environment_id": ids[1]})).json()
    sid = session["id"]
    latencies: list[float] = []
    async with aconnect_sse(http, "GET", f"/v1/sessions/{sid}/events/stream") as source:
        events = source.aiter_sse()
        for turn in range(warm + turns):
            if turn == warm:
                ready.put_nowait(None)
                await go.wait()
            if think and turn >= warm:
                await asyncio.sleep(think)
            started = time.perf_counter()
            body = {"events": [{"type": "user.message", "content": [{"type": "text", "text": f"turn {turn}"}]}]}
            (await http.post(f"/v1/sessions/{sid}/events", json=body)).raise_for_status()
            async for sse in events:
                if sse.event == "session.status_idle" and json.loads(sse.data)["stop_reason"]["type"] == "end_turn":
                    break
            latencies.append(time.perf_counter() - started)
    return latencies[warm:]


async def _client(base_url: str, api_key: str, connections: int) -> httpx.AsyncClient:
    limits = httpx.Limits(max_connections=connections, max_keepalive_connections=connections)
    return httpx.AsyncClient(
        base_url=base_url, headers={"authorization": f"Bearer {api_key}"}, timeout=60, limits=limits
    )


async def _own_session(
    base_url: str,
    api_key: str,
    ids: tuple[str, str],
    turns: int,
    ready: asyncio.Queue[None],
    go: asyncio.Event,
    think: float,
) -> list[float]:
    """One Session on a client of its own (its stream and its POSTs): a shared pool of a hundred
    connections costs the load generator CPU per request that grows with the pool."""
    async with await _client(base_url, api_key, 2) as http:
        return await _session(http, ids, turns, ready, go, warm=1, think=think)


async def _requests(metrics_port: int) -> Counter[str]:
    """Temporal's frontend requests (none without a metrics port), read off the event loop: the read waits."""
    return await asyncio.to_thread(frontend_requests, metrics_port) if metrics_port else Counter[str]()


async def run_mango(
    base_url: str,
    api_key: str,
    pids: dict[str, int],
    model: ModelPath,
    sessions: int,
    turns: int,
    kind: str = "mango",
    metrics_port: int = 0,
    think: float = 0.0,
) -> Row:
    """``sessions`` Sessions of ``turns`` turns at once, each turn sent ``think`` seconds after the last."""
    async with await _client(base_url, api_key, 10) as http:
        ids = await _setup(http, model.agent_model)
        warm_ready: asyncio.Queue[None] = asyncio.Queue()
        warm_go = asyncio.Event()
        warm_go.set()
        await _session(http, ids, 2, warm_ready, warm_go)
        ready: asyncio.Queue[None] = asyncio.Queue()
        go = asyncio.Event()
        tasks = [
            asyncio.create_task(_own_session(base_url, api_key, ids, turns, ready, go, think)) for _ in range(sessions)
        ]
        for _ in range(sessions):
            await ready.get()
        watched = {role: pids[role] for role in (*MANGO_ROLES, "provider") if role in pids}
        requests_before = await _requests(metrics_port)
        before, self_before, started = snapshot(watched), self_cpu_seconds(), time.perf_counter()
        opens_before = tcp_passive_opens()
        go.set()
        results = await asyncio.gather(*tasks)
        wall = time.perf_counter() - started
        after, self_after, opens_after = snapshot(watched), self_cpu_seconds(), tcp_passive_opens()
        requests_after = await _requests(metrics_port)
    row = _stats(kind, sessions, [x for r in results for x in r], wall)
    row["first_turns"] = [r[0] for r in results]  # each Session's first measured turn (``_first_turns``)
    row["model"] = model.label
    row["cpu"] = _cpu_per_turn(before, after, row["turns"])
    row["cpu"]["load"] = (self_after - self_before) * 1000 / row["turns"]
    row["temporal_requests"] = per_turn(requests_before, requests_after, row["turns"])
    row["connections"] = (opens_after - opens_before) / row["turns"]
    return row


# ---- idle Sessions -----------------------------------------------------------------------


async def run_idle(base_url: str, api_key: str, pids: dict[str, int], model: ModelPath, count: int) -> Row:
    """One turn on each of ``count`` Sessions (50 at a time), then the orchestrator's RSS."""
    rss_before = rss_kib(pids["orchestrator"])
    limit = asyncio.Semaphore(50)
    async with await _client(base_url, api_key, 120) as http:
        ids = await _setup(http, model.agent_model)

        async def one() -> None:
            async with limit:
                go = asyncio.Event()
                go.set()
                await _session(http, ids, 1, asyncio.Queue(), go)

        started = time.perf_counter()
        await asyncio.gather(*(one() for _ in range(count)))
        seconds = time.perf_counter() - started
    await asyncio.sleep(2)  # let the last workflow tasks settle
    rss_after = rss_kib(pids["orchestrator"])
    return {
        "sessions": count,
        "seconds": seconds,
        "rss_before_mib": rss_before / 1024,
        "rss_after_mib": rss_after / 1024,
        "kib_per_session": (rss_after - rss_before) / count,
    }


# ---- SSE fan-out -------------------------------------------------------------------------


async def _hold_stream(port: int, api_key: str, session_id: str, opened: asyncio.Queue[None]) -> None:
    """One idle SSE stream on a raw socket: read and discard, so the load generator stays cheap."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    request = (
        f"GET /v1/sessions/{session_id}/events/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Authorization: Bearer {api_key}\r\nAccept: text/event-stream\r\n\r\n"
    )
    writer.write(request.encode())
    await writer.drain()
    status = await reader.readline()
    if b" 200 " not in status:
        raise RuntimeError(f"stream refused: {status!r}")
    opened.put_nowait(None)
    try:
        while await reader.read(65536):
            pass
    finally:
        writer.close()


async def _open_streams(port: int, api_key: str, sids: list[str]) -> list[asyncio.Task[None]]:
    opened: asyncio.Queue[None] = asyncio.Queue()
    holders = [asyncio.create_task(_hold_stream(port, api_key, sid, opened)) for sid in sids]
    for _ in sids:
        await opened.get()
    await asyncio.sleep(2)  # the opening's own work (cursors, slots) done before the measure
    return holders


async def _close_streams(holders: list[asyncio.Task[None]]) -> None:
    for task in holders:
        task.cancel()
    await asyncio.gather(*holders, return_exceptions=True)
    await asyncio.sleep(2)


async def run_fanout(
    base_url: str, api_key: str, pids: dict[str, int], model: ModelPath, streams: int, turns: int = FANOUT_TURNS
) -> Row:
    """One Session's turns without and with ``streams`` open streams, in alternating rounds.

    One quiet window then one loaded window measured the whole stack's drift between the two (in one
    run a quiet p50 1.6 ms above the same run's single-Session rows, where the budget is 2 ms): rounds
    that alternate pool each side's latencies over the same stretch of the run. Each window is a
    Session of its own (``run_mango``).
    """
    port = int(base_url.rsplit(":", 1)[1])
    async with await _client(base_url, api_key, 20) as http:
        ids = await _setup(http, model.agent_model)
        sids = []
        for _ in range(streams):
            body = {"agent": ids[0], "environment_id": ids[1]}
            sids.append((await http.post("/v1/sessions", json=body)).json()["id"])
    quiet: list[Row] = []
    loaded: list[Row] = []
    idle_api_ms_per_s = 0.0
    for round_index in range(FANOUT_ROUNDS):
        quiet.append(await run_mango(base_url, api_key, pids, model, 1, turns // FANOUT_ROUNDS))
        holders = await _open_streams(port, api_key, sids)
        try:
            if round_index == 0:
                api_before = snapshot({"api": pids["api"]})["api"]
                await asyncio.sleep(10)
                idle_api_ms_per_s = (snapshot({"api": pids["api"]})["api"] - api_before) * 100
            loaded.append(await run_mango(base_url, api_key, pids, model, 1, turns // FANOUT_ROUNDS))
        finally:
            await _close_streams(holders)
    p50_quiet, p99_quiet = _percentiles([x for row in quiet for x in row["latencies"]])
    p50_streams, p99_streams = _percentiles([x for row in loaded for x in row["latencies"]])
    return {
        "streams": streams,
        "p50_quiet_ms": p50_quiet,
        "p50_streams_ms": p50_streams,
        "p99_quiet_ms": p99_quiet,
        "p99_streams_ms": p99_streams,
        "api_quiet_ms": statistics.fmean(row["cpu"]["api"] for row in quiet),
        "api_streams_ms": statistics.fmean(row["cpu"]["api"] for row in loaded),
        "idle_api_cpu_pct": idle_api_ms_per_s / 10,
    }


# ---- tables ------------------------------------------------------------------------------


def _turn_table(rows: list[Row]) -> str:
    head = (
        "| run | model | Sessions | turns per Session | windows | turns | p50 (ms) | p99 (ms) | turns/s | x floor "
        "| CPU ms/turn: api | orchestrator | floor process | Temporal | PostgreSQL | NATS | total | load generator "
        "| provider stand-in | TCP connections accepted per turn |"
    )
    lines = [head, "|" + "---|" * 20]
    floor_rate: dict[tuple[int, int], float] = {}
    for row in rows:
        cpu = row["cpu"]
        shape = (row["sessions"], row["per_session"])
        if row["kind"] == "floor":
            floor_rate[shape] = row["turns_per_s"]
        ratio = row["turns_per_s"] / floor_rate[shape] if shape in floor_rate else float("nan")

        def cell(name: str, cpu: dict[str, float] = cpu) -> str:
            return f"{cpu[name]:.1f}" if name in cpu else "-"

        total = _total(row)
        lines.append(
            f"| {row['kind']} | {row.get('model', '-')} | {row['sessions']} | {row['per_session']} | {row['windows']} "
            f"| {row['turns']} "
            f"| {row['p50_ms']:.1f} "
            f"| {row['p99_ms']:.1f} | {row['turns_per_s']:.1f} | {ratio:.2f} | {cell('api')} | {cell('orchestrator')} "
            f"| {cell('floor')} | {cell('temporal')} | {cell('postgres')} | {cell('nats')} | {total:.1f} "
            f"| {cell('load')} | {cell('provider')} | {row['connections']:.2f} |"
        )
    return "\n".join(lines)


def _requests_table(rows: list[Row]) -> str:
    """Temporal frontend requests per turn by operation, one line per run: the operations a turn costs."""
    seen: Counter[str] = Counter()
    for row in rows:
        seen.update(row["temporal_requests"])
    ops = [op for op, _ in seen.most_common() if any(r["temporal_requests"].get(op, 0) >= 0.01 for r in rows)]
    lines = ["| run | Sessions | turns per Session | " + " | ".join(ops) + " | all |", "|" + "---|" * (len(ops) + 4)]
    for row in rows:
        counts = row["temporal_requests"]
        cells = " | ".join(f"{counts.get(op, 0):.2f}" for op in ops)
        lines.append(
            f"| {row['kind']} | {row['sessions']} | {row['per_session']} | {cells} | {sum(counts.values()):.2f} |"
        )
    return "\n".join(lines)


def _total(row: Row) -> float:
    return sum(v for k, v in row["cpu"].items() if k not in ("load", "provider"))


def _growth(rows: list[Row]) -> str:
    """Per run of Mango and concurrency: the long Sessions' total CPU per turn over the short ones' (means of the
    repeats), the figure that shows a cost growing with a Session's length."""
    totals: dict[tuple[str, int, bool], list[float]] = {}
    for row in rows:
        if row["kind"].startswith("mango"):
            long = (row["sessions"], row["per_session"]) not in SCENARIOS
            totals.setdefault((row["kind"], row["sessions"], long), []).append(_total(row))
    lines = []
    for (kind, sessions, long), values in sorted(totals.items()):
        short = totals.get((kind, sessions, False))
        if long and short:
            ratio = statistics.fmean(values) / statistics.fmean(short)
            lines.append(
                f"- {kind}, {sessions} Sessions: long / short Sessions' total CPU per turn = "
                f"{statistics.fmean(values):.1f} / {statistics.fmean(short):.1f} ms = {ratio:.2f}"
            )
    return "\n".join(lines)


def _first_turns(rows: list[Row]) -> str:
    """Per run of Mango with several Sessions: p50 and p99 of each Session's first measured turn apart from
    the others'. All Sessions send their first measured message at once, and it cannot be held (the
    warm-up turn's hold ended while the other Sessions got ready), so it shows what a cold Session's
    turn waits for beside Sessions whose turns are held."""
    lines = []
    for row in rows:
        firsts = row.get("first_turns")
        if not firsts or row["sessions"] < 2 or (row["sessions"], row["per_session"]) not in SCENARIOS:
            continue
        rest = list(row["latencies"])
        for first in firsts:
            rest.remove(first)
        (f50, f99), (r50, r99) = _percentiles(firsts), _percentiles(rest)
        lines.append(
            f"- {row['kind']}, {row['sessions']} Sessions: first measured turns p50 / p99 = {f50:.1f} / {f99:.1f} ms, "
            f"the others {r50:.1f} / {r99:.1f} ms"
        )
    return "\n".join(lines)


def _idle_table(row: Row) -> str:
    return (
        "| idle Sessions | seconds | orchestrator RSS before (MiB) | after (MiB) | KiB per idle Session |\n"
        "|---|---|---|---|---|\n"
        f"| {row['sessions']} | {row['seconds']:.1f} | {row['rss_before_mib']:.1f} | {row['rss_after_mib']:.1f} "
        f"| {row['kib_per_session']:.1f} |"
    )


def _fanout_table(row: Row) -> str:
    return (
        "| open streams | p50 quiet (ms) | p50 with streams (ms) | p50 change | p99 quiet (ms) "
        "| p99 with streams (ms) | api CPU ms/turn quiet | with streams | api CPU while idle (% of a core) |\n"
        "|---|---|---|---|---|---|---|---|---|\n"
        f"| {row['streams']} | {row['p50_quiet_ms']:.1f} | {row['p50_streams_ms']:.1f} "
        f"| {(row['p50_streams_ms'] / row['p50_quiet_ms'] - 1) * 100:+.0f}% | {row['p99_quiet_ms']:.1f} "
        f"| {row['p99_streams_ms']:.1f} | {row['api_quiet_ms']:.1f} | {row['api_streams_ms']:.1f} "
        f"| {row['idle_api_cpu_pct']:.1f} |"
    )


def _replace_section(text: str, heading: str, body: str) -> str:
    """Put ``## heading`` with ``body`` in place of the section of that name (or append it)."""
    start = text.find(f"## {heading}\n")
    section = f"## {heading}\n\n{body}\n"
    if start < 0:
        return text.rstrip("\n") + "\n\n" + section
    end = text.find("\n## ", start + 1)
    return text[:start] + section + (text[end:] if end >= 0 else "")


TURN_PROSE = {
    "messages": """\
Mango's turn on the production path beside a bare Temporal floor, in one run on one machine. The
floor (`bench/floor.py`) is the least a durable turn on Temporal costs: an Update to a
long-running workflow that runs one no-op activity, client and worker in one process, on the same
dev server as Mango's (`mango dev`'s settings: SQLite with WAL, `synchronous=normal`). Mango's turn
is from the POST of a `user.message` to `session.status_idle` (end_turn) on the Session's SSE
stream (opened beforehand). Its roles run with `MANGO_MODEL_PROVIDER=messages`: the Messages API
adapter a deployment uses POSTs each round to `/v1/messages` with `stream: true` and reads the
reply's Server-Sent Events, here from a local provider stand-in (`bench/_provider.py`, a process
of its own on 127.0.0.1) that checks the key and answers every request at once with an `end_turn`
text reply in three text deltas, so each `user.message` is one model round and the figures are
Mango's own overhead on the production path with no model time: admission, outbox relay,
Temporal, the workflow task and the local activity of its step, PostgreSQL commits, the HTTP
round to the provider and its stream, text previews, NATS wakeup, SSE. Each Session sends its
next message as soon as its last turn ends, within the step hold of the orchestrator that ran that
turn (`MANGO_STEP_HOLD_SECONDS`, [sessions](sessions.md#step-holds)): such a message is run by the
holder, with no outbox relay, Temporal signal or workflow task, as the Temporal requests table
shows; a message sent after the hold ended takes the whole path (`bench/think_time.py`, "Step
holds" below). The api runs with production defaults (no response validation, 15 s SSE pings).""",
    "offline": """\
Mango's turn with the deterministic offline model beside a bare Temporal floor, in one run on one
machine. The floor (`bench/floor.py`) is the least a durable turn on Temporal costs: an Update to
a long-running workflow that runs one no-op activity, client and worker in one process, on the
same dev server as Mango's (`mango dev`'s settings: SQLite with WAL, `synchronous=normal`).
Mango's turn is from the POST of a `user.message` to `session.status_idle` (end_turn) on the
Session's SSE stream (opened beforehand), with `MANGO_MODEL_PROVIDER=offline`: a test double, in
the orchestrator's process, that no deployment uses (`bench/turn_overhead.py --model offline`).
The api runs with production defaults (no response validation, 15 s SSE pings).""",
}
CPU_PROSE = """\
CPU is user + system time read from `/proc/<pid>/stat` around the measured window (Sessions and
streams are opened before it), summed over each process tree (PostgreSQL with every backend,
reaped ones included), divided by the turns. "x floor" is turns/s over the floor's turns/s at
the same concurrency. "floor, signal-shaped" is Mango's own Temporal shape on the same floor
(`bench/floor.py --shape signal`: a signal-with-start wakes the workflow, which runs one no-op
activity), which separates what Temporal costs for that shape from what Mango adds to it.
"total" is every process but the load generator and the provider stand-in, each in a column of
its own (for the floor: its one process, which also holds the client, plus Temporal). The machine
is CPU-bound at 10 and 50 Sessions, so turns/s follows CPU per turn (the stand-in's and the load
generator's included); CPU per turn is the steadier figure. "turns per Session" is each Session's
length in the measured window: 40, 20 and 8 turns at 1, 10 and 50 Sessions, and 300-turn Sessions
(`--long-turns`) at the concurrencies of `--long-sessions` (1, 10 and 50 by default). A short shape
is measured in several windows ("windows": 8 at 1 Session, 5 at 10 and 50, `--windows`), each with
Sessions of its own and each after a window of the floor's, and its row pools them (turns, wall time
and CPU added up, latencies together): one window of it lasts 1 to 7 s, short enough for one of the
host's slow phases to decide its figure, and pooled it counts about as many turns as the long Sessions
it is compared with. The long shape runs in the middle of them, half of the short windows before it
and half after, so the host's drift over those minutes weighs on both alike. The lines
under the table divide the long Sessions' total CPU per turn by the short ones' at the same
concurrency, and then split the short Sessions' latencies at 10 and 50 Sessions: every Session sends
its first measured message at the same moment, when its warm-up turn's hold has ended, so that turn
takes the whole path, beside Sessions whose later turns are held. "TCP connections accepted per
turn" counts the connections every process on the host accepted in the window (`PassiveOpens` of
`/proc/net/snmp`): the stand-in's, when a round opens a connection instead of reusing one, and any
pool's that opens more as the load grows. The second
table counts the requests Temporal's frontend served per turn in the same windows, by operation
(its `service_requests` counter on the dev server's `/metrics`): the floor and Mango from the same
counter, so the two shapes compare request for request; `Poll*` requests are long polls, one per
task handed out or per minute idle."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--model",
        choices=("messages", "offline"),
        default="messages",
        help="messages: the Messages adapter against a local provider stand-in (the default); offline: the test double",
    )
    parser.add_argument("--write", action="store_true", help="record the figures in docs/performance.md")
    parser.add_argument("--idle", type=int, default=0, help="also measure RSS after one turn on N Sessions")
    parser.add_argument("--streams", type=int, default=0, help="also measure p50 with N open SSE streams")
    parser.add_argument("--only", type=int, default=0, help="run only the scenarios with this many Sessions")
    parser.add_argument(
        "--long-turns", type=int, default=LONG_TURNS, help="turns per long Session (0: no long Sessions)"
    )
    parser.add_argument(
        "--long-sessions",
        default=LONG_SESSIONS,
        help="comma-separated concurrencies at which long Sessions run (all three: 1,10,50)",
    )
    parser.add_argument("--repeat", type=int, default=1, help="run the scenarios this many times, interleaved")
    parser.add_argument(
        "--windows",
        type=int,
        default=0,
        help="windows each short shape is measured in, pooled (default: 8, 5 and 5 at 1, 10 and 50 Sessions)",
    )
    parser.add_argument(
        "--baseline-src",
        type=Path,
        help="a checkout of another Mango revision: its api and orchestrator run beside this one's, same stack, "
        "same model settings and run",
    )
    args = parser.parse_args()
    long_at = {int(n) for n in args.long_sessions.split(",") if n.strip()} if args.long_turns else set()
    # Each long shape runs in the middle of the short one's windows at its concurrency, half of them before it
    # and half after: the host's speed drifts over a run (every process, the load generator's included, costs
    # up to a third more CPU per turn in some minutes than in others), and the two are compared with each other.
    # Per concurrency and repeat, its windows in running order, each a shape: (concurrency, turns per Session).
    plan: list[list[tuple[int, int]]] = []
    for sessions, turns in [s for s in SCENARIOS if not args.only or s[0] == args.only] * args.repeat:
        short = [(sessions, turns)] * (args.windows or SHORT_WINDOWS[sessions])
        middle = (len(short) + 1) // 2
        plan.append(short[:middle] + ([(sessions, args.long_turns)] if sessions in long_at else []) + short[middle:])
    with (
        tempfile.TemporaryDirectory(prefix="mango-bench-") as tmp,
        model_path(args.model) as (model, provider_pid),
        DevStack(Path(tmp) / "stack", "free") as stack,
    ):
        running = Platform(stack, Path(tmp) / "logs", extra_env=BENCH_ENV | model.env).start()
        baseline: Platform | None = None
        try:
            tenant = running.create_tenant("bench")
            pids = service_pids(stack, provider_pid) | role_pids(running)
            ours, theirs = (running, tenant, pids), None
            if args.baseline_src:
                src = args.baseline_src.resolve() / "server" / "src"
                env = BENCH_ENV | model.env | {"PYTHONPATH": f"{src}:{os.environ.get('PYTHONPATH', '')}"}
                baseline = Platform(stack, Path(tmp) / "baseline-logs", extra_env=env).start()
                theirs = (baseline, baseline.create_tenant("bench"), pids | role_pids(baseline))
            rows: list[Row] = []
            flipped = False
            for group in plan:
                windows: dict[tuple[int, int], list[list[Row]]] = {}  # by shape: its windows' rows
                for shape in group:
                    windows.setdefault(shape, []).append(_window(stack, ours, theirs, model, shape, flipped))
                    flipped = not flipped
                for same_shape in windows.values():  # the short shape first, as it ran first
                    shape_rows = [_pooled(same) for same in zip(*same_shape, strict=True)]
                    rows += shape_rows
                    print("\n".join(_turn_table(shape_rows).splitlines()[2:]), flush=True)
            url, key = running.base_url, tenant.api_key
            fanout = asyncio.run(run_fanout(url, key, pids, model, args.streams)) if args.streams else None
            idle = asyncio.run(run_idle(url, key, pids, model, args.idle)) if args.idle else None
        finally:
            running.stop()
            if baseline is not None:
                baseline.stop()
    table = _turn_table(rows)
    if growth := _growth(rows):
        table += "\n\n" + growth
    if firsts := _first_turns(rows):
        table += "\n\n" + firsts
    table += "\n\nTemporal frontend requests per turn, by operation:\n\n" + _requests_table(rows)
    print(table)
    if fanout:
        print(_fanout_table(fanout))
    if idle:
        print(_idle_table(idle))
    if args.write:
        _write(args, model, table, fanout, idle)


def _window(
    stack: DevStack, roles: Roles, baseline: Roles | None, model: ModelPath, shape: tuple[int, int], flipped: bool
) -> list[Row]:
    """One window of a shape: the floor (and, for a short shape, the signal-shaped floor), then Mango, and the
    baseline revision's Mango when one runs (in the order ``flipped`` says)."""
    sessions, turns = shape
    pids = roles[2]
    rows = [run_floor(stack, pids, sessions, turns)]
    if shape in SCENARIOS:  # the signal-shaped floor of long Sessions would add nothing
        rows.append(run_floor(stack, pids, sessions, turns, "signal"))
    metrics = stack.temporal.metrics_port
    pair: list[tuple[Roles, str]] = [(roles, "mango")] + ([(baseline, "mango, baseline")] if baseline else [])
    # Whichever build ran first in a pair measured less CPU per turn in ten pairs of eleven (the second
    # starts with the first's Sessions open on the same servers): the order alternates between windows and
    # repeats, so it favours neither.
    measured = [
        asyncio.run(run_mango(roles_of.base_url, tenant.api_key, its_pids, model, sessions, turns, kind, metrics))
        for (roles_of, tenant, its_pids), kind in (pair if flipped else pair[::-1])
    ]
    return rows + sorted(measured, key=lambda row: row["kind"] == "mango")


def _write(args: argparse.Namespace, model: ModelPath, table: str, fanout: Row | None, idle: Row | None) -> None:
    """Record the tables in docs/performance.md: the offline model's turn table in a section of its own."""
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    command = " ".join(["`.venv/bin/python bench/turn_overhead.py", *sys.argv[1:]]) + "`"
    if sys.argv[1:] == MAKE_BENCH_ARGS:
        command += " (`make bench`)"
    path = ROOT / "docs" / "performance.md"
    text = path.read_text() if path.exists() else "# Performance\n"
    prose = TURN_PROSE[args.model] + "\n\n" + CPU_PROSE
    if args.baseline_src:
        prose += (
            '\n\n"mango, baseline" rows are another revision\'s api and orchestrator (given with '
            "`--baseline-src`) on the same stack with the same model settings, measured interleaved with this "
            "revision's in the same run: the two alternate which runs first."
        )
    body = f"{prose}\n\nCommand: {command}. Machine: {machine}.\n\n{table}"
    heading = TURN_SECTION if args.model == "messages" else f"{TURN_SECTION}, offline model"
    text = _replace_section(text, heading, body)
    if fanout:
        body = (
            f"{args.streams} idle SSE streams held open on the one api process (one per Session), then "
            f"{FANOUT_TURNS} single-Session turns measured as above (model: {model.label}), against as many without "
            f"them, in the same run: {FANOUT_ROUNDS} rounds alternate a window without the streams and one with them "
            f"(a Session of its own each), and each side's latencies are pooled.\n\nCommand: {command}.\n\n"
            f"{_fanout_table(fanout)}"
        )
        text = _replace_section(text, "SSE fan-out", body)
    if idle:
        body = (
            f"One turn on each of {args.idle} Sessions (50 at a time; model: {model.label}), then the orchestrator's "
            "resident set size; an idle Session holds no process, only its workflow in the worker's cache (bounded "
            f"by `MANGO_TEMPORAL_MAX_CACHED_WORKFLOWS`).\n\nCommand: {command}.\n\n{_idle_table(idle)}"
        )
        text = _replace_section(text, "Idle Sessions", body)
    path.write_text(text)


if __name__ == "__main__":
    main()
