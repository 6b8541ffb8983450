"""Killing the host supervisor (SIGKILL) never loses or repeats work: the item container keeps its
own lease and finishes the call, and a restarted supervisor serves the Session's next activation."""

from __future__ import annotations

import signal
from pathlib import Path
from typing import Any

import pytest
from mango_server.devstack import Platform

from .sessions import (
    Setup,
    bash_lines,
    events,
    new_session,
    results,
    running_worker,
    say,
    text_of,
    wait_for,
    wait_idle,
)

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.docker, pytest.mark.slow, pytest.mark.timeout(400)]


def _containers(docker_engine: Any, session_id: str) -> list[Any]:
    label = f"dev.mango.worker.session-id={session_id}"
    return list(docker_engine.containers.list(all=True, filters={"label": label}))


def test_supervisor_killed_mid_call_then_restarted(
    mango_platform: Platform, setup: Setup, runtime_image: str, tmp_path: Path, docker_engine: Any
) -> None:
    session_id = new_session(setup, "restart")
    root = tmp_path / "ws"
    with running_worker(mango_platform, setup, runtime_image, root, tmp_path / "first.log") as first:
        say(setup.http, session_id, bash_lines("echo run >> /workspace/runs.txt; sleep 4; echo finished"))
        wait_for(lambda: first.actions("container.started"), "the first container")
        first.process.send_signal(signal.SIGKILL)
        first.process.wait(timeout=30)
    # The orphaned container still holds the lease: it finishes the call and stops its Work.
    wait_idle(setup.http, session_id, "end_turn", timeout=120)
    answered = list(results(setup.http, session_id).values())
    assert len(answered) == 1
    assert "finished" in text_of(answered[0])

    def finished() -> bool:  # the orphan stops its Work itself, then exits
        containers = _containers(docker_engine, session_id)
        for container in containers:
            container.reload()
        return bool(containers) and all(c.status == "exited" for c in containers)

    wait_for(finished, "the orphaned container to finish", timeout=120)
    work = setup.http.get(f"/v1/environments/{setup.environment_id}/work").json()["data"]
    assert [w["state"] for w in work if w["data"].get("id") == session_id] == ["stopped"]
    for container in _containers(docker_engine, session_id):
        container.remove(force=True)

    with running_worker(mango_platform, setup, runtime_image, root, tmp_path / "second.log"):
        say(setup.http, session_id, bash_lines("cat /workspace/runs.txt"))
        wait_for(lambda: len(results(setup.http, session_id)) == 2, "the second activation's result", timeout=120)
    second = [e for e in events(setup.http, session_id) if e["type"] == "user.tool_result"][-1]
    assert text_of(second).strip().splitlines() == ["run"]  # the first call ran exactly once
