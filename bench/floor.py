"""The bare Temporal floor: Updates to long-running workflows that each run one no-op activity.

Client and worker share this one process, against the Temporal dev server the caller started
(``mango dev``'s settings: SQLite with WAL, ``synchronous=normal``). ``bench/turn_overhead.py``
runs it as a child process so its CPU is read from ``/proc`` apart from the load generator's:
the child starts its workflows and warms up, prints ``ready``, waits for ``go`` on stdin, runs
``--turns`` sequential Updates on each of ``--sessions`` workflows at once and prints one JSON
line of latencies. ``--shape signal`` runs Mango's own shape on the same floor instead: each turn is
a signal-with-start that wakes the workflow, which runs one no-op activity (its end resolves the
client's wait in-process). Not responsible for measuring CPU or writing the table.

    .venv/bin/python bench/floor.py --address 127.0.0.1:7233 --sessions 50 --turns 8
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
import uuid
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _floor_workflow import DONE, FloorSignalWorkflow, FloorWorkflow, floor_noop, floor_signal_noop
from temporalio.client import Client, WorkflowHandle
from temporalio.common import WorkflowIDConflictPolicy
from temporalio.worker import Worker


async def _turns(handle: WorkflowHandle[FloorWorkflow, None], turns: int) -> list[float]:
    latencies = []
    for turn in range(turns):
        started = time.perf_counter()
        await handle.execute_update(FloorWorkflow.turn, turn)
        latencies.append(time.perf_counter() - started)
    return latencies


async def _signal_turns(client: Client, queue: str, workflow_id: str, turns: int) -> list[float]:
    """Mango's shape: each turn is a signal-with-start and ends when the woken activity has run."""
    latencies = []
    for _ in range(turns):
        started = time.perf_counter()
        done = DONE[workflow_id] = asyncio.get_running_loop().create_future()
        await client.start_workflow(
            FloorSignalWorkflow.run,
            id=workflow_id,
            task_queue=queue,
            id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
            start_signal="wake",
        )
        await done
        latencies.append(time.perf_counter() - started)
    return latencies


async def run(address: str, sessions: int, turns: int, wait_for_go: bool, shape: str = "update") -> None:
    client = await Client.connect(address)
    queue = f"floor-{uuid.uuid4().hex[:8]}"
    ids = [f"{queue}-{i}" for i in range(sessions)]
    async with Worker(
        client,
        task_queue=queue,
        workflows=[FloorWorkflow, FloorSignalWorkflow],
        activities=[floor_noop, floor_signal_noop],
        max_concurrent_activities=200,
    ):
        if shape == "update":
            handles = [await client.start_workflow(FloorWorkflow.run, id=i, task_queue=queue) for i in ids]

        def batch(n: int) -> list[Coroutine[Any, Any, list[float]]]:
            if shape == "update":
                return [_turns(h, n) for h in handles]
            return [_signal_turns(client, queue, i, n) for i in ids]

        await asyncio.gather(*batch(2))  # warm-up: workflows cached, paths hot
        if wait_for_go:
            print("ready", flush=True)
            await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        started = time.perf_counter()
        results = await asyncio.gather(*batch(turns))
        wall = time.perf_counter() - started
        # the result line ends the measured window; finishing the workflows is outside it
        print(json.dumps({"latencies": [x for r in results for x in r], "wall": wall}), flush=True)
        for workflow_id in ids:
            if shape == "update":
                await client.get_workflow_handle(workflow_id).signal(FloorWorkflow.finish)
            else:
                await client.get_workflow_handle(workflow_id).terminate()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--address", required=True)
    parser.add_argument("--sessions", type=int, default=1)
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--handshake", action="store_true", help="print ready, wait for a line on stdin")
    parser.add_argument("--shape", choices=("update", "signal"), default="update", help="see the module docstring")
    args = parser.parse_args()
    asyncio.run(run(args.address, args.sessions, args.turns, args.handshake, args.shape))


if __name__ == "__main__":
    main()
