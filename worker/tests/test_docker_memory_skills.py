"""Real platform + real Docker: a pinned Skill and attached Memory Stores inside item containers.

Activation 1 reads the Skill's supporting file from ``/workspace/skills``, reads a ``read_write``
store under ``/mnt/memory`` and edits it, and edits a ``read_only`` store too. When the activation
ends the server holds the ``read_write`` edit (a version authored by the Session) and not the
``read_only`` one. Activation 2 runs in a new container with a fresh ``/mnt/memory`` and sees the
server's state: the edit of the ``read_write`` store, the original ``read_only`` content.

A store mounted outside ``/mnt/memory`` cannot be created on the read-only root: the item ends
``unfinished`` (exit 5, ``item.unfinished``) and is left for reclaim, with no tool run.
"""

from __future__ import annotations

import io
import time
import zipfile
from pathlib import Path
from typing import Any

import pytest
from mango_server.devstack import Platform

from .sessions import (
    Setup,
    bash_lines,
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

SKILL_DIR = "helper-kit"
HELPER_TEXT = "the helper file of the skill"


def ok(response: Any) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    return dict(response.json())


def skill_archive() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        front = "---\nname: helper-kit\ndescription: Has a supporting file.\n---\n\nRead helper.txt.\n"
        zf.writestr(f"{SKILL_DIR}/SKILL.md", front)
        zf.writestr(f"{SKILL_DIR}/helper.txt", HELPER_TEXT + "\n")
    return buffer.getvalue()


def store_with_notes(setup: Setup, name: str, content: str) -> tuple[str, str]:
    """A new store holding ``notes.md``; returns the store id and the memory id."""
    store = ok(setup.http.post("/v1/memory_stores", json={"name": f"{name}-{time.monotonic_ns()}"}))
    memory = ok(
        setup.http.post(f"/v1/memory_stores/{store['id']}/memories", json={"path": "notes.md", "content": content})
    )
    return str(store["id"]), str(memory["id"])


def memory(setup: Setup, store_id: str, memory_id: str) -> tuple[str, list[dict[str, Any]]]:
    """The memory's content on the server and the authors of its versions."""
    content = ok(setup.http.get(f"/v1/memory_stores/{store_id}/memories/{memory_id}"))["content"]
    versions = ok(setup.http.get(f"/v1/memory_stores/{store_id}/memory_versions", params={"memory_id": memory_id}))
    return str(content), [v["created_by"] for v in versions["data"]]


def test_skill_and_memory_stores_in_containers(
    mango_platform: Platform, setup: Setup, runtime_image: str, tmp_path: Path
) -> None:
    started = time.monotonic()
    files = {"file": ("skill.zip", skill_archive(), "application/zip")}
    skill = ok(setup.http.post("/v1/skills", files=files))
    rw_store, rw_memory = store_with_notes(setup, "notes", "v1")
    ro_store, ro_memory = store_with_notes(setup, "policy", "ro-v1")
    resources = [
        {"type": "memory_store", "memory_store_id": rw_store, "access": "read_write"},
        {"type": "memory_store", "memory_store_id": ro_store, "access": "read_only"},
    ]
    skills = [{"type": "custom", "skill_id": skill["id"]}]
    session_id = new_session(setup, "memory-skills", skills=skills, resources=resources)
    mounts = {
        r["memory_store_id"]: r["mount_path"] for r in ok(setup.http.get(f"/v1/sessions/{session_id}"))["resources"]
    }
    rw_notes, ro_notes = f"{mounts[rw_store]}/notes.md", f"{mounts[ro_store]}/notes.md"
    assert rw_notes.startswith("/mnt/memory/")
    assert ro_notes.startswith("/mnt/memory/")

    workspaces = tmp_path / "ws"
    with running_worker(mango_platform, setup, runtime_image, workspaces, tmp_path / "worker.log") as worker:
        say(
            setup.http,
            session_id,
            bash_lines(
                f"cat /workspace/skills/{SKILL_DIR}/helper.txt; cat {rw_notes}; echo; "
                f"printf v2 > {rw_notes}; printf hacked > {ro_notes} && echo ro-edited"
            ),
        )
        wait_idle(setup.http, session_id, "end_turn")
        wait_for(lambda: worker.actions("item.completed"), "the first item to complete")
        (first,) = [text_of(r) for r in results(setup.http, session_id).values()]
        assert HELPER_TEXT in first, first
        assert "v1" in first, first
        assert "ro-edited" in first, first  # Bash is not confined: the tmpfs is writable, the kit never pushes

        rw_content, rw_authors = memory(setup, rw_store, rw_memory)
        assert rw_content == "v2"
        assert {"type": "session_actor", "session_id": session_id} in rw_authors
        ro_content, ro_authors = memory(setup, ro_store, ro_memory)
        assert ro_content == "ro-v1"
        assert len(ro_authors) == 1
        assert all(author.get("type") != "session_actor" for author in ro_authors)
        print(f"activation 1 done in {time.monotonic() - started:.1f}s")

        say(setup.http, session_id, bash_lines(f"cat {rw_notes}; echo; cat {ro_notes}; echo; ls -a /mnt/memory"))
        wait_idle(setup.http, session_id, "end_turn")
        wait_for(lambda: len(worker.actions("item.completed")) >= 2, "the second item to complete")
        assert worker.terminate() == 0
    (second,) = [text_of(r) for r in results(setup.http, session_id).values() if text_of(r) != first]
    assert "v2" in second.splitlines(), second
    assert "ro-v1" in second.splitlines(), second
    assert "hacked" not in second, second
    assert memory(setup, ro_store, ro_memory)[0] == "ro-v1"
    # Skills live in the Session workspace on the host; Memory Stores only in the container's tmpfs.
    assert (workspaces / session_id / "skills" / SKILL_DIR / "helper.txt").read_text() == HELPER_TEXT + "\n"
    assert not any(path.name.startswith(".mango-memory-") for path in workspaces.rglob("*"))
    assert [r["exit_code"] for r in worker.actions("container.exited")] == [0, 0]
    print(f"both activations done in {time.monotonic() - started:.1f}s")


def test_a_mount_path_outside_mnt_memory_ends_unfinished_with_exit_5(
    mango_platform: Platform, setup: Setup, runtime_image: str, tmp_path: Path
) -> None:
    started = time.monotonic()
    store, _ = store_with_notes(setup, "elsewhere", "v1")
    resources = [
        {"type": "memory_store", "memory_store_id": store, "access": "read_write", "mount_path": "/data/elsewhere"}
    ]
    session_id = new_session(setup, "elsewhere", resources=resources)
    with running_worker(mango_platform, setup, runtime_image, tmp_path / "ws", tmp_path / "worker.log") as worker:
        say(setup.http, session_id, bash_lines("echo never"))
        (record,) = wait_for(lambda: worker.actions("item.unfinished"), "the item to end unfinished", timeout=180)
        assert worker.terminate() == 0
    assert record["exit_code"] == 5
    assert not results(setup.http, session_id)
    print(f"unfinished after {time.monotonic() - started:.1f}s")
