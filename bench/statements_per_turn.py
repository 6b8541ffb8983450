"""SQL statements per turn: what one Session's turn costs PostgreSQL in round trips, by statement.

Starts the same stack and platform as ``bench/turn_overhead.py`` (by default the production path:
the Messages adapter streaming from the local provider stand-in; ``--model offline`` for the
offline test double; production defaults), runs warm-up turns on one Session with its SSE stream
open, then turns PostgreSQL's statement log on (``log_statement = all``) for the measured turns only, and prints every
statement the api and the orchestrator sent (BEGIN and COMMIT included) with how many times a
turn sends it. Round trips, not CPU: the figure that tells which statement a change removed.
Bounded: a fixed number of turns.

    .venv/bin/python bench/statements_per_turn.py --turns 10
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import re
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

import asyncpg
import httpx
from httpx_sse import aconnect_sse
from mango_server.devstack import DevStack, Platform

sys.path.insert(0, str(Path(__file__).resolve().parent))
from turn_overhead import BENCH_ENV, model_path

WARM_TURNS = 2
# One logged statement: "LOG:  statement: ..." (simple protocol) or "LOG:  execute <name>: ..."
# (extended protocol), up to the next line that starts a new log entry.
_LOGGED = re.compile(r"LOG:  (?:statement|execute [^:]*): (.*?)(?=\n\S|\Z)", re.S)


async def _turns(
    base_url: str, api_key: str, agent_model: str, turns: int, window: Callable[[bool], Awaitable[None]]
) -> None:
    headers = {"authorization": f"Bearer {api_key}"}
    async with httpx.AsyncClient(base_url=base_url, headers=headers, timeout=60) as http:
        agent = (await http.post("/v1/agents", json={"name": "bench", "model": agent_model})).json()
        env = (await http.post("/v1/environments", json={"name": "bench-statements"})).json()
        body = {"agent": agent["id"], "environment_id": env["id"]}
        sid = (await http.post("/v1/sessions", json=body)).json()["id"]
        async with aconnect_sse(http, "GET", f"/v1/sessions/{sid}/events/stream") as source:
            events = source.aiter_sse()
            for turn in range(WARM_TURNS + turns):
                if turn == WARM_TURNS:
                    await window(True)
                message = {"type": "user.message", "content": [{"type": "text", "text": f"turn {turn}"}]}
                (await http.post(f"/v1/sessions/{sid}/events", json={"events": [message]})).raise_for_status()
                async for sse in events:
                    if sse.event == "session.status_idle" and json.loads(sse.data)["stop_reason"]["type"] == "end_turn":
                        break
            await asyncio.sleep(1.0)  # the relay's acknowledgement and the last stream read
            await window(False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=10, help="measured turns (after two warm-up turns)")
    parser.add_argument("--model", choices=("messages", "offline"), default="messages", help="the roles' model")
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory(prefix="mango-bench-") as tmp,
        DevStack(Path(tmp) / "stack", "free") as stack,
        model_path(args.model) as (model, _),
    ):
        running = Platform(stack, Path(tmp) / "logs", extra_env=BENCH_ENV | model.env).start()
        log_path = Path(tmp) / "stack" / "logs" / "postgres.log"
        offsets: dict[bool, int] = {}

        async def window(logging_on: bool) -> None:
            conn = await asyncpg.connect(stack.database_url)
            try:
                await conn.execute(f"ALTER SYSTEM SET log_statement = '{'all' if logging_on else 'none'}'")
                await conn.execute("SELECT pg_reload_conf()")
            finally:
                await conn.close()
            await asyncio.sleep(0.5)  # every backend has read the new setting
            offsets[logging_on] = log_path.stat().st_size

        try:
            tenant = running.create_tenant("bench")
            asyncio.run(_turns(running.base_url, tenant.api_key, model.agent_model, args.turns, window))
            logged = log_path.read_bytes()[offsets[True] : offsets[False]].decode(errors="replace")
        finally:
            running.stop()
    counts = collections.Counter(re.sub(r"\s+", " ", s)[:160] for s in _LOGGED.findall(logged))
    for own in ("ALTER SYSTEM SET log_statement = 'none'", "SELECT pg_reload_conf()"):
        counts.pop(own, None)  # the window's own switch-off
    total = sum(counts.values())
    print(f"{total} statements in {args.turns} turns: {total / args.turns:.1f} per turn")
    for statement, count in counts.most_common():
        print(f"{count / args.turns:5.1f}  {statement}")


if __name__ == "__main__":
    main()
