"""The bare Temporal floor's workflow and activity (imported by ``bench/floor.py``).

A long-running workflow whose ``turn`` Update runs one no-op activity and returns: the least a
durable turn on Temporal costs. ``FloorSignalWorkflow`` is Mango's own shape on the same floor: a
signal-with-start wakes the workflow, which runs one no-op activity per wake. In a module of its
own because the workflow sandbox re-imports the module that defines a workflow (it cannot
re-import a ``__main__`` script).
"""

from __future__ import annotations

import asyncio
from datetime import timedelta

from temporalio import activity, workflow

#: Client-side waiters of the signal-shaped floor, by workflow id (client and worker share a process).
DONE: dict[str, asyncio.Future[None]] = {}


@activity.defn(name="floor_noop")
async def floor_noop(turn: int) -> int:
    return turn


@workflow.defn(name="FloorWorkflow")
class FloorWorkflow:
    def __init__(self) -> None:
        self._done = False

    @workflow.run
    async def run(self) -> None:
        await workflow.wait_condition(lambda: self._done)

    @workflow.update
    async def turn(self, turn: int) -> int:
        return await workflow.execute_activity(floor_noop, turn, start_to_close_timeout=timedelta(seconds=30))

    @workflow.signal
    def finish(self) -> None:
        self._done = True


@activity.defn(name="floor_signal_noop")
async def floor_signal_noop(workflow_id: str) -> None:
    """The signal-shaped floor's round: tells the waiting client in this process that it ran."""
    waiter = DONE.pop(workflow_id, None)
    if waiter is not None:
        waiter.get_loop().call_soon_threadsafe(lambda: waiter.done() or waiter.set_result(None))


@workflow.defn(name="FloorSignalWorkflow")
class FloorSignalWorkflow:
    """Mango's shape without Mango: a ``wake`` signal (signal-with-start), one activity per wake."""

    def __init__(self) -> None:
        self._wakes = 0

    @workflow.signal
    def wake(self) -> None:
        self._wakes += 1

    @workflow.run
    async def run(self) -> None:
        while True:
            seen = self._wakes
            await workflow.execute_activity(
                floor_signal_noop, workflow.info().workflow_id, start_to_close_timeout=timedelta(seconds=30)
            )
            await workflow.wait_condition(lambda seen=seen: self._wakes > seen)  # type: ignore[misc]
