"""SessionTeardown without Docker: which workspace goes, which stays, the wait for the Session's
containers, failures left for a later attempt, and the supervisor handing it the item."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
from mango_worker.supervisor import Supervisor
from mango_worker.teardown import SessionTeardown, teardown_session_id_of

from .fakes import Item, StaticPoller


class Containers:
    """``containers.list``: the Session's running containers, one answer per call (then none)."""

    def __init__(self, answers: list[int]) -> None:
        self.answers = answers
        self.filters: list[dict[str, str]] = []

    def list(self, filters: dict[str, str]) -> list[object]:
        self.filters.append(filters)
        return [object()] * (self.answers.pop(0) if self.answers else 0)


class Volume:
    def __init__(self, volumes: Volumes, name: str) -> None:
        self.volumes, self.name = volumes, name

    def remove(self) -> None:
        self.volumes.names.remove(self.name)


class Volumes:
    def __init__(self, names: set[str]) -> None:
        self.names = names

    def get(self, name: str) -> Volume:
        import docker.errors

        if name not in self.names:
            raise docker.errors.NotFound(name)
        return Volume(self, name)


class Engine:
    def __init__(self, running: list[int] | None = None, volumes: set[str] | None = None) -> None:
        self.containers = Containers(running or [])
        self.volumes = Volumes(volumes or set())


def teardown_item(session_id: str, work_id: str = "work_t") -> Item:
    return Item(work_id, "env_1", {"type": "session_teardown", "id": session_id})


def make(engine: Engine, root: Path | None, stopped: list[str], **kw: Any) -> SessionTeardown:
    teardown = SessionTeardown(engine, root, "http://127.0.0.1:1", poll_seconds=0.01, **kw)

    async def stop(item: Any) -> None:  # the API Stop is covered by the Docker test
        stopped.append(item.id)

    teardown._stop = stop  # type: ignore[method-assign]
    return teardown


def test_the_item_names_the_deleted_session() -> None:
    assert teardown_session_id_of(teardown_item("sesn_a")) == "sesn_a"
    assert teardown_session_id_of(Item("w", "env_1", {"type": "session", "id": "sesn_a"})) is None


async def test_removes_the_deleted_sessions_directory_and_keeps_the_others(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    outside = tmp_path / "outside.txt"
    outside.write_text("not the workspace's")
    root = tmp_path / "ws"
    (root / "sesn_gone" / "deep").mkdir(parents=True)
    (root / "sesn_gone" / "deep" / "file.txt").write_text("x")
    (root / "sesn_gone" / "link").symlink_to(outside)  # never followed
    (root / "sesn_kept").mkdir()
    (root / "sesn_kept" / "note.txt").write_text("kept")
    stopped: list[str] = []
    engine = Engine()
    await make(engine, root, stopped)(teardown_item("sesn_gone"))
    assert not (root / "sesn_gone").exists()
    assert (root / "sesn_kept" / "note.txt").read_text() == "kept"
    assert outside.read_text() == "not the workspace's"
    assert stopped == ["work_t"]
    assert engine.containers.filters == [{"label": "dev.mango.worker.session-id=sesn_gone"}]
    [record] = [r for r in caplog.records if getattr(r, "action", "") == "workspace.removed"]
    assert (record.session_id, record.existed) == ("sesn_gone", True)  # type: ignore[attr-defined]


async def test_removes_the_deleted_sessions_volume_and_a_missing_one_counts_as_removed() -> None:
    stopped: list[str] = []
    engine = Engine(volumes={"mango-session-sesn_gone", "mango-session-sesn_kept"})
    teardown = make(engine, None, stopped)
    await teardown(teardown_item("sesn_gone", "work_1"))
    await teardown(teardown_item("sesn_gone", "work_2"))  # a retry after a lost Stop answer
    assert engine.volumes.names == {"mango-session-sesn_kept"}
    assert stopped == ["work_1", "work_2"]


async def test_waits_for_the_sessions_running_container(tmp_path: Path) -> None:
    (tmp_path / "sesn_gone").mkdir()
    stopped: list[str] = []
    engine = Engine(running=[1, 1, 1])
    await make(engine, tmp_path, stopped)(teardown_item("sesn_gone"))
    assert len(engine.containers.filters) == 4
    assert not (tmp_path / "sesn_gone").exists()
    assert stopped == ["work_t"]


async def test_a_container_that_keeps_running_leaves_the_item_for_a_later_attempt(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "sesn_busy").mkdir()
    stopped: list[str] = []
    engine = Engine(running=[1] * 1000)
    await make(engine, tmp_path, stopped, wait_seconds=0.05)(teardown_item("sesn_busy"))
    assert (tmp_path / "sesn_busy").is_dir()
    assert stopped == []  # not Stopped: reclaimed once its lease expires, and tried again
    [record] = [r for r in caplog.records if getattr(r, "action", "") == "workspace.teardown_failed"]
    assert "still run" in record.getMessage()


async def test_an_unsafe_session_id_touches_nothing(tmp_path: Path) -> None:
    (tmp_path / "keep").mkdir()
    stopped: list[str] = []
    await make(Engine(), tmp_path / "keep", stopped)(teardown_item(".."))
    assert (tmp_path / "keep").is_dir()
    assert stopped == []


async def test_the_supervisor_hands_teardown_items_to_the_teardown(tmp_path: Path) -> None:
    handled: list[str] = []

    async def tear_down(item: Any) -> None:
        handled.append(item.id)

    class NoLauncher:
        async def run(self, *args: Any) -> None:
            raise AssertionError("a teardown never gets a container")

    poller = StaticPoller([teardown_item("sesn_gone")])
    supervisor = Supervisor(
        poller,
        NoLauncher(),  # type: ignore[arg-type]
        base_url="http://127.0.0.1:1",
        workspace_root=tmp_path,
        tear_down=tear_down,
    )
    await supervisor.run()
    assert handled == ["work_t"]
