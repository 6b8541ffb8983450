"""The bare Temporal floor's workflow and activity (imported by ``bench/floor.py``).

A long-running workflow whose ``turn`` Update runs one no-op activity and returns: the least a
durable turn on Temporal costs. In a module of its own because the workflow sandbox re-imports
the module that defines a workflow (it cannot re-import a ``__main__`` script).
"""

from __future__ import annotations

from datetime import timedelta

from temporalio import activity, workflow


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
