"""The bare Temporal floor: Updates to long-running workflows that each run one no-op activity.

Client and worker share this one process, against the Temporal dev server the caller started
(``mango dev``'s settings: SQLite with WAL, ``synchronous=normal``). ``bench/turn_overhead.py``
runs it as a child process so its CPU is read from ``/proc`` apart from the load generator's:
the child starts its workflows and warms up, prints ``ready``, waits for ``go`` on stdin, runs
``--turns`` sequential Updates on each of ``--sessions`` workflows at once and prints one JSON
line of latencies. Not responsible for measuring CPU or writing the table.

    .venv/bin/python bench/floor.py --address 127.0.0.1:7233 --sessions 50 --turns 8
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _floor_workflow import FloorWorkflow, floor_noop
from temporalio.client import Client, WorkflowHandle
from temporalio.worker import Worker


async def _turns(handle: WorkflowHandle[FloorWorkflow, None], turns: int) -> list[float]:
    latencies = []
    for turn in range(turns):
        started = time.perf_counter()
        await handle.execute_update(FloorWorkflow.turn, turn)
        latencies.append(time.perf_counter() - started)
    return latencies


async def run(address: str, sessions: int, turns: int, wait_for_go: bool) -> None:
    client = await Client.connect(address)
    queue = f"floor-{uuid.uuid4().hex[:8]}"
    async with Worker(
        client, task_queue=queue, workflows=[FloorWorkflow], activities=[floor_noop], max_concurrent_activities=200
    ):
        handles = [
            await client.start_workflow(FloorWorkflow.run, id=f"{queue}-{i}", task_queue=queue) for i in range(sessions)
        ]
        await asyncio.gather(*(_turns(h, 2) for h in handles))  # warm-up: workflows cached, paths hot
        if wait_for_go:
            print("ready", flush=True)
            await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        started = time.perf_counter()
        results = await asyncio.gather(*(_turns(h, turns) for h in handles))
        wall = time.perf_counter() - started
        # the result line ends the measured window; finishing the workflows is outside it
        print(json.dumps({"latencies": [x for r in results for x in r], "wall": wall}), flush=True)
        for handle in handles:
            await handle.signal(FloorWorkflow.finish)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--address", required=True)
    parser.add_argument("--sessions", type=int, default=1)
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--handshake", action="store_true", help="print ready, wait for a line on stdin")
    args = parser.parse_args()
    asyncio.run(run(args.address, args.sessions, args.turns, args.handshake))


if __name__ == "__main__":
    main()
