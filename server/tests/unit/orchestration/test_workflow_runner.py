"""The Session workflow replays a recorded history identically under the sandboxed and the plain
runner: the orchestrator runs it unsandboxed (``orchestration.runner``), and the sandbox's
run-time guard against non-deterministic calls is exercised here instead. The plain runner's
activations run inline on the event loop (``InlineActivations``): they replay the same way, and
leave the loop as they found it."""

from __future__ import annotations

import asyncio
import base64
import threading
from pathlib import Path

import pytest
from mango_server.orchestration.runner import InlineActivations, activation_executor, workflow_runner
from mango_server.orchestration.workflows import SessionWorkflow
from temporalio.client import WorkflowHistory
from temporalio.worker import Replayer, UnsandboxedWorkflowRunner
from temporalio.worker.workflow_sandbox import SandboxedWorkflowRunner

# Three turns of one Session (wake signal, run_step, idle wait) recorded from a running orchestrator
# (``(await client.get_workflow_handle(workflow_id).fetch_history()).to_json()``). A replay failure
# after a change of SessionWorkflow means running Sessions would fail to replay too: version the
# change (``workflow.patched``), or re-record the history when no deployed history has the old shape.
HISTORY = Path(__file__).with_name("session_history.json")


def test_the_runner_is_sandboxed_only_when_asked() -> None:
    assert isinstance(workflow_runner(True), SandboxedWorkflowRunner)
    assert isinstance(workflow_runner(False), UnsandboxedWorkflowRunner)


@pytest.mark.parametrize("sandboxed", [True, False])
async def test_a_recorded_session_history_replays_deterministically(sandboxed: bool) -> None:
    history = WorkflowHistory.from_json("session-recorded", HISTORY.read_text())
    replayer = Replayer(workflows=[SessionWorkflow], workflow_runner=workflow_runner(sandboxed))
    result = await replayer.replay_workflow(history, raise_on_replay_failure=False)
    assert result.replay_failure is None


async def test_a_changed_workflow_fails_the_replay() -> None:
    # A replay that cannot fail proves nothing: a history from another workflow shape must fail.
    text = HISTORY.read_text().replace('"name": "run_step"', '"name": "another_step"')
    assert text != HISTORY.read_text()
    history = WorkflowHistory.from_json("session-recorded", text)
    replayer = Replayer(workflows=[SessionWorkflow], workflow_runner=workflow_runner(True))
    result = await replayer.replay_workflow(history, raise_on_replay_failure=False)
    assert result.replay_failure is not None


# Three turns of one Session on the offline model: the first step an ordinary activity, the later
# ones local activities (a ``local-rounds`` patch marker and one marker per step), recorded the
# same way.
LOCAL_HISTORY = Path(__file__).with_name("session_history_local_rounds.json")


@pytest.mark.parametrize("sandboxed", [True, False])
async def test_a_recorded_history_with_local_rounds_replays_deterministically(sandboxed: bool) -> None:
    text = LOCAL_HISTORY.read_text()
    assert "core_local_activity" in text  # the history does hold local rounds
    history = WorkflowHistory.from_json("session-local-rounds", text)
    replayer = Replayer(
        workflows=[SessionWorkflow],
        workflow_runner=workflow_runner(sandboxed),
        workflow_task_executor=activation_executor(sandboxed),  # the orchestrator's pairing
    )
    result = await replayer.replay_workflow(history, raise_on_replay_failure=False)
    assert result.replay_failure is None


async def test_a_local_round_the_recorded_result_did_not_allow_fails_the_replay() -> None:
    # The first step's recorded result allowed local rounds; recorded as not allowing them, the
    # workflow must schedule an ordinary activity where the history has a local one, and fail.
    allowed = base64.b64encode(b'{"delay_seconds":0.0,"kind":"idle","local_rounds":true}').decode()
    refused = base64.b64encode(b'{"delay_seconds":0.0,"kind":"idle","local_rounds":false}').decode()
    original = LOCAL_HISTORY.read_text()
    text = original.replace(allowed, refused, 1)  # the first occurrence: the ordinary activity's result
    assert text != original
    history = WorkflowHistory.from_json("session-local-rounds", text)
    replayer = Replayer(workflows=[SessionWorkflow], workflow_runner=workflow_runner(True))
    result = await replayer.replay_workflow(history, raise_on_replay_failure=False)
    assert result.replay_failure is not None


def test_activations_run_inline_only_without_the_sandbox() -> None:
    assert activation_executor(True) is None  # Temporal's thread pool, with its deadlock detection
    assert isinstance(activation_executor(False), InlineActivations)


async def test_an_inline_activation_runs_on_the_loops_thread_and_leaves_the_loop_running() -> None:
    loop = asyncio.get_running_loop()
    seen: list[int] = []

    def activate(value: int) -> int:
        seen.append(threading.get_ident())
        asyncio._set_running_loop(None)  # as a workflow's own loop does when it finishes running
        return value + 1

    result = await asyncio.wrap_future(InlineActivations().submit(activate, 41))
    assert result == 42
    assert seen == [threading.get_ident()]
    assert asyncio.get_running_loop() is loop
    await asyncio.sleep(0)  # the loop still schedules this task


async def test_an_inline_activation_that_raises_hands_the_error_to_its_awaiter() -> None:
    loop = asyncio.get_running_loop()

    def activate() -> None:
        asyncio._set_running_loop(None)
        raise RuntimeError("activation failed")

    with pytest.raises(RuntimeError, match="activation failed"):
        await asyncio.wrap_future(InlineActivations().submit(activate))
    assert asyncio.get_running_loop() is loop
