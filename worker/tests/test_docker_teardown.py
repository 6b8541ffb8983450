"""Real platform + real Docker: deleting a Session tears down its sandbox, and only its own.

Two Sessions run a bash call in `mango-worker docker` containers, then one is deleted (while its
container may still be idling): the supervisor claims the `session_teardown` item, waits for the
container, removes that Session's workspace (a Docker volume, or a directory under
`--workspace-root`) and Stops the item; the kept Session keeps its workspace and runs again.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest
from mango_server.devstack import Platform

from .sessions import Setup, Worker, bash_lines, events, new_session, running_worker, say, wait_for, wait_idle

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.docker, pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(600)]


def _volume_exists(engine: Any, name: str) -> bool:
    import docker.errors

    try:
        engine.volumes.get(name)
    except docker.errors.NotFound:
        return False
    return True


def _teardown(setup: Setup, session_id: str) -> dict[str, Any] | None:
    items = setup.http.get(f"/v1/environments/{setup.environment_id}/work", params={"limit": 100}).json()["data"]
    found = [w for w in items if w["data"] == {"type": "session_teardown", "id": session_id}]
    return found[0] if found else None


def _run_both(setup: Setup, deleted: str, kept: str) -> None:
    for session_id in (deleted, kept):
        say(setup.http, session_id, bash_lines(f"echo {session_id} > /workspace/mine.txt"))
    for session_id in (deleted, kept):
        wait_idle(setup.http, session_id, "end_turn")


def _delete_and_wait(setup: Setup, worker: Worker, session_id: str) -> dict[str, Any]:
    assert setup.http.delete(f"/v1/sessions/{session_id}").status_code == 200
    removed = wait_for(
        lambda: [r for r in worker.actions("workspace.removed") if r.get("session_id") == session_id],
        "the deleted Session's workspace.removed",
    )
    assert removed[0]["existed"] is True
    stopped = wait_for(lambda: (_teardown(setup, session_id) or {}).get("state") == "stopped", "the stopped teardown")
    assert stopped
    return dict(removed[0])


def _kept_runs_again(setup: Setup, kept: str) -> None:
    say(setup.http, kept, bash_lines("cat /workspace/mine.txt"))
    wait_idle(setup.http, kept, "end_turn")
    outputs = [e for e in events(setup.http, kept) if e["type"] == "user.tool_result"]
    assert kept in "".join(b.get("text", "") for b in outputs[-1]["content"])


def test_deleting_a_session_removes_its_volume_and_keeps_the_others(
    mango_platform: Platform, setup: Setup, runtime_image: str, docker_engine: Any, tmp_path: Path
) -> None:
    deleted, kept = new_session(setup, "teardown-volume"), new_session(setup, "teardown-volume-kept")
    try:
        with running_worker(mango_platform, setup, runtime_image, None, tmp_path / "worker.log") as worker:
            _run_both(setup, deleted, kept)
            assert _volume_exists(docker_engine, f"mango-session-{deleted}")
            assert _volume_exists(docker_engine, f"mango-session-{kept}")
            _delete_and_wait(setup, worker, deleted)
            assert not _volume_exists(docker_engine, f"mango-session-{deleted}")
            assert _volume_exists(docker_engine, f"mango-session-{kept}")
            _kept_runs_again(setup, kept)
            assert not worker.actions("workspace.teardown_failed")
    finally:
        with contextlib.suppress(Exception):
            docker_engine.volumes.get(f"mango-session-{kept}").remove(force=True)


def test_deleting_a_session_removes_its_directory_and_keeps_the_others(
    mango_platform: Platform, setup: Setup, runtime_image: str, tmp_path: Path
) -> None:
    root = tmp_path / "ws"
    deleted, kept = new_session(setup, "teardown-dir"), new_session(setup, "teardown-dir-kept")
    with running_worker(mango_platform, setup, runtime_image, root, tmp_path / "worker.log") as worker:
        _run_both(setup, deleted, kept)
        assert (root / deleted / "mine.txt").is_file()
        _delete_and_wait(setup, worker, deleted)
        assert not (root / deleted).exists()
        assert (root / kept / "mine.txt").read_text().strip() == kept
        _kept_runs_again(setup, kept)
        assert not worker.actions("workspace.teardown_failed")
