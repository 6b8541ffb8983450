"""Real platform + real Docker: an item container killed with SIGKILL in the middle of a ``bash`` call.

The call appends a line to a file of the Session's workspace, then sleeps; the container is killed once
the line is there. When the item's lease expires the supervisor reclaims it and starts a new container:
the call, recorded ``started`` before it ran (the operation journal), is answered ``ambiguous`` by Mango
and never runs a second time, so the line is in the file once and the model is told the outcome is unknown.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mango_server.devstack import Platform

from .sessions import Setup, bash_lines, events, new_session, running_worker, say, wait_for, wait_idle

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.docker, pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(600)]

APPEND = "echo journal-line >> /workspace/journal.txt; sleep 120"


def _containers(docker_engine: Any, session_id: str) -> list[Any]:
    return list(docker_engine.containers.list(filters={"label": f"dev.mango.worker.session-id={session_id}"}))


def test_a_container_killed_mid_bash_does_not_run_the_call_again(
    mango_platform: Platform, setup: Setup, runtime_image: str, tmp_path: Path, docker_engine: Any
) -> None:
    session_id = new_session(setup, "journal")
    marker = tmp_path / "ws" / session_id / "journal.txt"
    with running_worker(mango_platform, setup, runtime_image, tmp_path / "ws", tmp_path / "worker.log") as worker:
        say(setup.http, session_id, bash_lines(APPEND))
        wait_for(lambda: marker.exists() and marker.read_text() == "journal-line\n", "the bash call to append")
        (container,) = _containers(docker_engine, session_id)
        container.kill(signal="SIGKILL")
        wait_for(lambda: worker.actions("item.killed"), "the supervisor to see the kill")
        # The item's 90 s lease expires, the supervisor reclaims it and a new container serves the Session.
        wait_idle(setup.http, session_id, "end_turn", timeout=300)
        wait_for(lambda: len(worker.actions("container.exited")) >= 2, "the second container to exit", timeout=120)
        assert len(worker.actions("container.started")) == 2
        assert worker.terminate() == 0
    history = events(setup.http, session_id)
    (use,) = [e for e in history if e["type"] == "agent.tool_use"]
    answers = [e for e in history if e.get("tool_use_id") == use["id"]]
    assert [(a["type"], a.get("outcome"), a["is_error"]) for a in answers] == [("agent.tool_result", "ambiguous", True)]
    reply = [e for e in history if e["type"] == "agent.message"][-1]["content"][0]["text"]
    assert "(error): The worker running this tool call stopped" in reply
    assert marker.read_text() == "journal-line\n"  # once: the call never ran again
