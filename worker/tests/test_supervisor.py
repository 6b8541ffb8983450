"""Supervisor with a static poller and a recording launcher: dispatch, skipping, slots, shutdown."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest
from mango_worker.container import ItemIds
from mango_worker.launcher import DockerLauncher, ItemOutcome
from mango_worker.supervisor import Supervisor, session_id_of
from mango_worker.workspace import Workspace

from .fakes import Item, StaticPoller


class RecordingLauncher(DockerLauncher):
    def __init__(self, hold: bool = False, exit_code: int = 0) -> None:
        self.exit_code = exit_code
        self.runs: list[tuple[ItemIds, Workspace, str]] = []
        self.cancelled: list[str] = []
        self.hold = hold
        self.changed = asyncio.Event()

    async def wait_runs(self, count: int) -> None:
        while len(self.runs) < count:
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), 5)

    async def run(self, ids: ItemIds, workspace: Workspace, secret: str) -> ItemOutcome:
        self.runs.append((ids, workspace, secret))
        self.changed.set()
        if self.hold:
            try:
                await asyncio.Event().wait()
            except asyncio.CancelledError:
                self.cancelled.append(ids.work_id)
                raise
        return ItemOutcome(self.exit_code, False, "")


def session_item(work_id: str, session_id: str) -> Item:
    return Item(work_id, "env_1", {"type": "session", "id": session_id})


def make(poller: StaticPoller, launcher: RecordingLauncher, root: Path, **kw: Any) -> Supervisor:
    return Supervisor(poller, launcher, base_url="http://127.0.0.1:1", workspace_root=root, **kw)


async def test_runs_each_session_item_with_its_workspace(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    launcher = RecordingLauncher()
    poller = StaticPoller([session_item("work_1", "sesn_a"), session_item("work_2", "sesn_a")])
    await make(poller, launcher, tmp_path).run()
    assert sorted((ids.work_id, ids.session_id, secret) for ids, _, secret in launcher.runs) == [
        ("work_1", "sesn_a", "c2VjcmV0"),
        ("work_2", "sesn_a", "c2VjcmV0"),
    ]
    assert {ws.source for _, ws, _ in launcher.runs} == {str(tmp_path / "sesn_a")}
    assert (tmp_path / "sesn_a").is_dir()
    assert [getattr(r, "action", None) for r in caplog.records].count("work.claimed") == 2
    assert "c2VjcmV0" not in caplog.text


async def test_non_session_and_unsafe_items_are_not_launched(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    launcher = RecordingLauncher()
    poller = StaticPoller(
        [Item("work_h", "env_1", {"type": "healthcheck", "result": None}), session_item("work_x", "../etc")]
    )
    await make(poller, launcher, tmp_path).run()
    assert launcher.runs == []
    actions = [getattr(r, "action", None) for r in caplog.records]
    assert "work.skipped" in actions
    assert "work.failed" in actions


async def test_does_not_pull_more_items_than_free_slots(tmp_path: Path) -> None:
    launcher = RecordingLauncher(hold=True)
    poller = StaticPoller([session_item(f"work_{i}", f"sesn_{i}") for i in range(3)])
    supervisor = make(poller, launcher, tmp_path, max_concurrency=2)
    run = asyncio.create_task(supervisor.run())
    await launcher.wait_runs(2)
    await asyncio.sleep(0.05)
    assert poller.yielded == ["work_0", "work_1"]
    supervisor.shutdown()
    await asyncio.wait_for(run, 5)
    assert sorted(launcher.cancelled) == ["work_0", "work_1"]


async def test_shutdown_cancels_running_items_and_returns(tmp_path: Path) -> None:
    launcher = RecordingLauncher(hold=True)
    poller = StaticPoller([session_item("work_1", "sesn_1")], block_forever=True)
    supervisor = make(poller, launcher, tmp_path)
    run = asyncio.create_task(supervisor.run())
    await launcher.wait_runs(1)
    supervisor.shutdown()
    await asyncio.wait_for(run, 5)
    assert launcher.cancelled == ["work_1"]
    assert supervisor.running == 0


def test_session_id_of_reads_sdk_models_and_dicts() -> None:
    from mango._generated.models import SessionWorkData

    assert session_id_of(Item("w", "e", SessionWorkData(type_="session", id="sesn_9"))) == "sesn_9"
    assert session_id_of(Item("w", "e", {"type": "healthcheck"})) is None


async def test_healthcheck_items_are_answered_on_the_host(tmp_path: Path) -> None:
    launcher = RecordingLauncher()
    answered: list[str] = []

    async def report(item: Any) -> None:
        answered.append(item.id)

    poller = StaticPoller([Item("work_h", "env_1", {"type": "healthcheck", "result": None})])
    await make(poller, launcher, tmp_path, report_health=report).run()
    assert answered == ["work_h"]
    assert launcher.runs == []


@pytest.mark.parametrize(
    ("exit_code", "action", "level"),
    [
        (0, "item.completed", logging.INFO),
        (3, "item.lease_lost", logging.WARNING),
        (4, "item.failed", logging.ERROR),
        (5, "item.unfinished", logging.WARNING),
        (1, "item.error", logging.ERROR),
        (137, "item.killed", logging.ERROR),
    ],
)
async def test_each_exit_code_is_logged_as_an_item_outcome(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, exit_code: int, action: str, level: int
) -> None:
    caplog.set_level(logging.INFO)
    launcher = RecordingLauncher(exit_code=exit_code)
    await make(launcher=launcher, poller=StaticPoller([session_item("work_1", "sesn_1")]), root=tmp_path).run()
    (record,) = [r for r in caplog.records if str(getattr(r, "action", "")).startswith("item.")]
    assert (record.action, record.levelno) == (action, level)  # type: ignore[attr-defined]
    assert (record.work_id, record.session_id, record.exit_code) == ("work_1", "sesn_1", exit_code)  # type: ignore[attr-defined]
