"""Where workflow activations run: Temporal's thread pool against the event loop's thread.

The orchestrator runs its workflows' activations inline on its event loop
(``mango_server.orchestration.runner.InlineActivations``) unless the workflow sandbox is on. This
measures what that saves on Mango's own Temporal shape without the rest of Mango: one process
holds a client and a worker with the plain runner (as the orchestrator's), and each turn is a
signal-with-start that wakes a workflow, which runs one no-op activity (``bench/_floor_workflow.py``,
the signal-shaped floor: two activations a turn, as a Mango turn has). Rounds alternate the two
executors on one Temporal dev server (``mango dev``'s settings, from ``DevStack``) and report the
process's CPU per turn from ``os.times`` around each round's measured turns, then the median per
executor. Bounded: a fixed number of rounds and turns.

    .venv/bin/python bench/activations.py --sessions 50 --turns 20 --rounds 8
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

from mango_server import event_loop
from mango_server.devstack import DevStack
from mango_server.orchestration.runner import InlineActivations
from temporalio.client import Client
from temporalio.worker import UnsandboxedWorkflowRunner, Worker

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _floor_workflow import FloorSignalWorkflow, floor_signal_noop
from _proc import self_cpu_seconds
from floor import _signal_turns

EXECUTORS = ("thread pool", "inline")


async def _round(client: Client, executor: str, sessions: int, turns: int) -> tuple[float, float]:
    """CPU ms per turn and turns/s of one round on a fresh task queue (warm-up turns excluded)."""
    queue = f"activations-{uuid.uuid4().hex[:8]}"
    ids = [f"{queue}-{i}" for i in range(sessions)]
    async with Worker(
        client,
        task_queue=queue,
        workflows=[FloorSignalWorkflow],
        activities=[floor_signal_noop],
        max_concurrent_activities=200,
        workflow_runner=UnsandboxedWorkflowRunner(),
        workflow_task_executor=InlineActivations() if executor == "inline" else None,
    ):
        await asyncio.gather(*(_signal_turns(client, queue, i, 2) for i in ids))  # workflows started and cached
        cpu, started = self_cpu_seconds(), time.perf_counter()
        await asyncio.gather(*(_signal_turns(client, queue, i, turns) for i in ids))
        cpu, wall = self_cpu_seconds() - cpu, time.perf_counter() - started
        for workflow_id in ids:
            await client.get_workflow_handle(workflow_id).terminate()
    return cpu * 1000 / (sessions * turns), sessions * turns / wall


async def _measure(address: str, sessions: int, turns: int, rounds: int) -> dict[str, list[tuple[float, float]]]:
    client = await Client.connect(address)
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in EXECUTORS}
    for index in range(rounds):
        for executor in EXECUTORS if index % 2 == 0 else EXECUTORS[::-1]:  # neither always runs first
            cpu, rate = await _round(client, executor, sessions, turns)
            results[executor].append((cpu, rate))
            print(f"round {index + 1}: {executor}: {cpu:.2f} ms CPU per turn, {rate:.1f} turns/s", flush=True)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=50, help="workflows woken at once")
    parser.add_argument("--turns", type=int, default=20, help="measured turns per workflow and round")
    parser.add_argument("--rounds", type=int, default=8, help="rounds per executor, alternating")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mango-bench-") as tmp, DevStack(Path(tmp) / "stack", "free") as stack:
        results = event_loop.run(
            _measure(stack.temporal_address, args.sessions, args.turns, args.rounds), use_uvloop=True
        )
    print("| activations | rounds | CPU ms per turn, median | each round | turns/s, median |")
    print("|---|---|---|---|---|")
    for name, rows in results.items():
        cpus = sorted(cpu for cpu, _ in rows)
        each = ", ".join(f"{cpu:.2f}" for cpu in cpus)
        rate = statistics.median(rate for _, rate in rows)
        print(f"| {name} | {len(rows)} | {statistics.median(cpus):.2f} | {each} | {rate:.1f} |")


if __name__ == "__main__":
    main()
