"""The Session workflow replays a recorded history identically under Temporal's default (sandboxed)
runner, which the orchestrator uses, and a changed workflow fails the replay."""

from __future__ import annotations

from pathlib import Path

from mango_server.orchestration.workflows import SessionWorkflow
from temporalio.client import WorkflowHistory
from temporalio.worker import Replayer

# Three turns of one Session (wake signal, run_step, idle wait) recorded from a running orchestrator
# (``(await client.get_workflow_handle(workflow_id).fetch_history()).to_json()``). A replay failure
# after a change of SessionWorkflow means running Sessions would fail to replay too: version the
# change (``workflow.patched``), or re-record the history when no deployed history has the old shape.
HISTORY = Path(__file__).with_name("session_history.json")


async def test_a_recorded_session_history_replays_deterministically() -> None:
    history = WorkflowHistory.from_json("session-recorded", HISTORY.read_text())
    result = await Replayer(workflows=[SessionWorkflow]).replay_workflow(history, raise_on_replay_failure=False)
    assert result.replay_failure is None


async def test_a_changed_workflow_fails_the_replay() -> None:
    # A replay that cannot fail proves nothing: a history from another workflow shape must fail.
    text = HISTORY.read_text().replace('"name": "run_step"', '"name": "another_step"')
    assert text != HISTORY.read_text()
    history = WorkflowHistory.from_json("session-recorded", text)
    result = await Replayer(workflows=[SessionWorkflow]).replay_workflow(history, raise_on_replay_failure=False)
    assert result.replay_failure is not None
