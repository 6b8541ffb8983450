"""Real platform + real Docker: Sessions whose bash calls run in `mango-worker docker` containers.

Covers persistent Bash inside one activation, the workspace surviving into a second activation,
the item runner being unreadable from its Bash child, cancellation of the supervisor during a long
call (one error result, then Stop), and an `always_ask` approval.
"""

from __future__ import annotations

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
pytestmark = [pytest.mark.docker, pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(600)]

# Finds the item runner (not docker-init, whose arguments name it too) by its command line and
# tries to read its environment through /proc.
PROBE_RUNNER = (
    "for p in /proc/[0-9]*; do if tr '\\0' ' ' < $p/cmdline 2>/dev/null "
    "| grep -q '^python3 -m mango_worker.item_runner'; then "
    "cat $p/environ >/dev/null 2>&1 && echo runner-environ=readable || echo runner-environ=denied; fi; done"
)


def tool_uses(setup: Setup, session_id: str) -> list[dict[str, Any]]:
    return [e for e in events(setup.http, session_id) if e["type"] == "agent.tool_use"]


def test_two_activations_share_the_workspace_not_the_shell(
    mango_platform: Platform, setup: Setup, runtime_image: str, tmp_path: Path
) -> None:
    session_id = new_session(setup, "activations")
    with running_worker(mango_platform, setup, runtime_image, tmp_path / "ws", tmp_path / "worker.log") as worker:
        say(
            setup.http,
            session_id,
            bash_lines(
                "cd /tmp && export GREETING=hello",
                'pwd; echo "greeting=$GREETING"; echo kept > /workspace/note.txt',
                PROBE_RUNNER,
            ),
        )
        wait_idle(setup.http, session_id, "end_turn")
        first = [text_of(r) for r in results(setup.http, session_id).values()]
        assert len(first) == 3
        assert any("/tmp" in text and "greeting=hello" in text for text in first), first
        assert any("runner-environ=denied" in text for text in first), first
        assert not any("runner-environ=readable" in text for text in first), first
        wait_for(lambda: worker.actions("container.exited"), "the first container to exit")

        say(setup.http, session_id, bash_lines('cat /workspace/note.txt; pwd; echo "greeting=${GREETING:-unset}"'))
        wait_idle(setup.http, session_id, "end_turn")
        wait_for(lambda: len(worker.actions("container.exited")) >= 2, "the second container to exit")
        claimed = worker.actions("work.claimed")
        assert worker.terminate() == 0
    second = [text_of(r) for r in results(setup.http, session_id).values() if text_of(r) not in first]
    assert len(second) == 1
    assert "kept" in second[0]
    assert "/workspace" in second[0]
    assert "greeting=unset" in second[0]
    assert len({r["work_id"] for r in claimed}) == 2
    assert (tmp_path / "ws" / session_id / "note.txt").read_text() == "kept\n"
    assert len(worker.actions("container.started")) == 2


def test_stopping_the_worker_mid_call_posts_one_error_result_then_stops(
    mango_platform: Platform, setup: Setup, runtime_image: str, tmp_path: Path, docker_engine: Any
) -> None:
    session_id = new_session(setup, "cancel")
    with running_worker(mango_platform, setup, runtime_image, tmp_path / "ws", tmp_path / "worker.log") as worker:
        say(setup.http, session_id, bash_lines("echo started; sleep 30; echo finished"))
        (use,) = wait_for(lambda: tool_uses(setup, session_id), "the bash call")
        wait_for(lambda: worker.actions("container.started"), "the container")
        # Stop the supervisor only once the call is really executing inside the container.
        wait_for(lambda: _sleeping(docker_engine, session_id), "sleep 30 in the item container", timeout=60)
        assert worker.terminate(timeout=90) == 0
    answered = [e for e in events(setup.http, session_id) if e.get("tool_use_id") == use["id"]]
    assert len(answered) == 1
    assert answered[0]["is_error"] is True
    assert "finished" not in text_of(answered[0])
    work = setup.http.get(f"/v1/environments/{setup.environment_id}/work").json()["data"]
    item = next(w for w in work if w["data"].get("id") == session_id)
    assert item["state"] == "stopped"
    assert item["stopped_at"] >= answered[0]["created_at"]
    assert worker.actions("supervisor.stopped")


def _sleeping(docker_engine: Any, session_id: str) -> bool:
    label = f"dev.mango.worker.session-id={session_id}"
    for container in docker_engine.containers.list(filters={"label": label}):
        if any("sleep 30" in " ".join(process) for process in container.top().get("Processes") or []):
            return True
    return False


def test_always_ask_waits_for_confirmation_then_runs(
    mango_platform: Platform, setup: Setup, runtime_image: str, tmp_path: Path
) -> None:
    session_id = new_session(setup, "approval", ask_bash=True)
    with running_worker(mango_platform, setup, runtime_image, tmp_path / "ws", tmp_path / "worker.log") as worker:
        say(setup.http, session_id, bash_lines("echo approved-run > /workspace/approved.txt; echo ran"))
        session = wait_idle(setup.http, session_id, "requires_action")
        (use_id,) = session["stop_reason"]["event_ids"]
        assert not results(setup.http, session_id)
        assert not (tmp_path / "ws" / session_id / "approved.txt").exists()
        confirm = {"type": "user.tool_confirmation", "tool_use_id": use_id, "result": "allow"}
        setup.http.post(f"/v1/sessions/{session_id}/events", json={"events": [confirm]}).raise_for_status()
        wait_idle(setup.http, session_id, "end_turn")
        assert worker.terminate() == 0
    result = results(setup.http, session_id)[use_id]
    assert result["is_error"] is False
    assert "ran" in text_of(result)
    assert (tmp_path / "ws" / session_id / "approved.txt").read_text() == "approved-run\n"
