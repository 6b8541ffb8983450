"""The Session workflow stays small: it continues-as-new and carries no data in its history."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Iterator

import asyncpg
import pytest
from mango_server.devstack import DevStack, Platform, Tenant
from mango_server.orchestration.types import workflow_id
from mango_server.orchestration.workflows import MAX_STEPS, SessionWorkflow
from temporalio.api.enums.v1 import EventType
from temporalio.api.taskqueue.v1 import TaskQueue
from temporalio.api.workflowservice.v1 import DescribeTaskQueueRequest
from temporalio.client import Client
from temporalio.worker import Replayer, WorkflowReplayResult

from ._client import client, history, new_session

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(240)]


async def _runs(platform: Platform, session_id: str) -> list[tuple[str, int]]:
    """Every run of the Session's workflow, newest first: (its last event's type, history bytes).

    The chain is followed through each run's start event (``continued_execution_run_id``), not
    through visibility (``list_workflows``), which is eventually consistent and may list a closed
    run only later.
    """
    temporal = await Client.connect(platform.stack.temporal_address)
    out: list[tuple[str, int]] = []
    run_id: str | None = None
    while True:
        handle = temporal.get_workflow_handle(workflow_id(session_id), run_id=run_id)
        events = [event async for event in handle.fetch_history_events()]
        out.append((EventType.Name(events[-1].event_type), sum(event.ByteSize() for event in events)))
        started = events[0].workflow_execution_started_event_attributes
        if not started.continued_execution_run_id:
            return out
        run_id = started.continued_execution_run_id


@pytest.fixture(scope="module")
def own_platform(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    """A platform of this test's own: on the shared one, after the earlier modules, this test has
    failed in full-suite runs with one fresh run of 31 events for 110 answered turns (cause not
    found; the failure message below says what Temporal and PostgreSQL hold). Alone it passes."""
    running = Platform(mango_services, tmp_path_factory.mktemp("history")).start()
    try:
        yield running
    finally:
        running.stop()


def test_many_turns_continue_as_new_and_history_stays_small(own_platform: Platform) -> None:
    turns = MAX_STEPS + 10
    with client(own_platform, own_platform.create_tenant("history")) as http:
        sid = new_session(http, "long")
        for start in range(0, turns, 50):
            batch = [
                {"type": "user.message", "content": [{"type": "text", "text": f"message {n} " + "x" * 2000}]}
                for n in range(start, min(start + 50, turns))
            ]
            http.post(f"/v1/sessions/{sid}/events", json={"events": batch}).raise_for_status()
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            replies = [e for e in history(http, sid) if e["type"] == "agent.message"]
            if len(replies) == turns:
                break
            time.sleep(0.5)
        assert len(replies) == turns
        assert http.get(f"/v1/sessions/{sid}").json()["status"] == "idle"
    # The chain is read again for a bounded time (visibility may list a closed run later).
    deadline = time.monotonic() + 30
    runs = asyncio.run(_runs(own_platform, sid))
    while len(runs) < 2 and time.monotonic() < deadline:
        time.sleep(0.5)
        runs = asyncio.run(_runs(own_platform, sid))
    assert len(runs) >= 2, f"{runs} {asyncio.run(_chain_report(own_platform, sid))}"
    assert all(last == "EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW" for last, _ in runs[1:]), runs
    # ids and tiny projections only: 2 KB messages never reach Temporal history
    assert all(size < MAX_STEPS * 2000 for _, size in runs), runs


async def _chain_report(platform: Platform, session_id: str) -> list[tuple[object, ...]]:
    """Every run Temporal lists for the Session's workflow: (run, status, start, events by type).

    For a failure message: the counts show how many steps completed (one marker per local step),
    and whether workflow tasks timed out or failed (a step re-run after one leaves no marker).
    """
    temporal = await Client.connect(platform.stack.temporal_address)
    wid = workflow_id(session_id)
    out = []
    async for listed in temporal.list_workflows(f"WorkflowId = '{wid}'"):
        handle = temporal.get_workflow_handle(wid, run_id=listed.run_id)
        events = [event async for event in handle.fetch_history_events()]
        started = events[0].workflow_execution_started_event_attributes
        first = f"initiator={started.initiator} continued={started.continued_execution_run_id}"
        status = listed.status.name if listed.status else "?"
        types = Counter(EventType.Name(event.event_type).removeprefix("EVENT_TYPE_") for event in events)
        task_started = [e for e in events if e.event_type == EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED]
        workers = Counter(e.workflow_task_started_event_attributes.identity for e in task_started)
        out.append((listed.run_id, status, first, dict(types), dict(workers)))
    pollers = await temporal.workflow_service.describe_task_queue(
        DescribeTaskQueueRequest(namespace="default", task_queue=TaskQueue(name=platform.task_queue))
    )
    out.append(("pollers", [p.identity for p in pollers.pollers]))
    conn = await asyncpg.connect(platform.database_url)
    try:
        requests = await conn.fetchval("SELECT count(*) FROM model_requests WHERE session_id = $1", session_id)
    finally:
        await conn.close()
    out.append(("model_requests", requests, "orchestrator pid", platform.processes["orchestrator"].pid))
    return out


async def _recorded(platform: Platform, session_id: str) -> tuple[list[str], WorkflowReplayResult]:
    """The open run's event types, and the replay of its history under this checkout's workflow."""
    temporal = await Client.connect(platform.stack.temporal_address)
    fetched = await temporal.get_workflow_handle(workflow_id(session_id)).fetch_history()
    replayed = await Replayer(workflows=[SessionWorkflow]).replay_workflow(fetched, raise_on_replay_failure=False)
    return [EventType.Name(event.event_type) for event in fetched.events], replayed


def test_every_round_is_a_local_activity_whichever_the_model(mango_platform: Platform, mango_tenant: Tenant) -> None:
    # The dev stack's orchestrator runs the offline model, and its rounds take the path every model's
    # take: local activities (a marker in history each; no activity task), the run's first step
    # recording the ``local-steps`` patch marker, and the history replays. A message sent while the
    # step that ran the previous turn holds the Session (``orchestration.holds``) runs in that same
    # step, so three turns take one to three steps.
    turns = 3
    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "ordinary rounds")
        for n in range(turns):
            message = {"type": "user.message", "content": [{"type": "text", "text": f"message {n}"}]}
            http.post(f"/v1/sessions/{sid}/events", json={"events": [message]}).raise_for_status()
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                if len([e for e in history(http, sid) if e["type"] == "agent.message"]) == n + 1:
                    break
                time.sleep(0.2)
            assert http.get(f"/v1/sessions/{sid}").json()["status"] == "idle"
    deadline = time.monotonic() + 30  # the last step's hold ends and its workflow task completes
    types, replayed = asyncio.run(_recorded(mango_platform, sid))
    while types.count("EVENT_TYPE_MARKER_RECORDED") < 2 and time.monotonic() < deadline:
        time.sleep(0.5)
        types, replayed = asyncio.run(_recorded(mango_platform, sid))
    assert types.count("EVENT_TYPE_ACTIVITY_TASK_SCHEDULED") == 0, types
    assert 2 <= types.count("EVENT_TYPE_MARKER_RECORDED") <= turns + 1, types  # the patch marker and the steps
    assert replayed.replay_failure is None, replayed.replay_failure
