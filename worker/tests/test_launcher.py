"""DockerLauncher against a fake Engine: create, stdin framing, wait, cancellation, removal."""

from __future__ import annotations

import asyncio
import logging

import docker.errors
import pytest
from mango_worker.container import ItemIds, Limits, Network
from mango_worker.launcher import DockerLauncher, sanitize_tail
from mango_worker.workspace import Workspace

from .fakes import FakeContainer, FakeDocker

IDS = ItemIds("work_1", "env_1", "sesn_1", "http://127.0.0.1:8000")
WORKSPACE = Workspace("/srv/ws/sesn_1", is_volume=False)
NETWORK = Network("/tmp/mango-api-x")


@pytest.fixture(autouse=True)
def _fake_not_found(monkeypatch: pytest.MonkeyPatch) -> None:
    from . import fakes

    monkeypatch.setattr(docker.errors, "NotFound", fakes.NotFound)


async def test_runs_container_and_frames_secret_on_stdin(caplog: pytest.LogCaptureFixture) -> None:
    client = FakeDocker(exit_code=0)
    caplog.set_level(logging.INFO)
    outcome = await DockerLauncher(client, "img", Limits(), NETWORK).run(IDS, WORKSPACE, "s3cr3t")
    (container,) = client.created
    assert container.read_stdin() == b"6\ns3cr3t"
    assert container.calls == ["attach", "start", "remove"]
    assert outcome.exit_code == 0
    assert not outcome.cancelled
    actions = [getattr(r, "action", None) for r in caplog.records]
    assert actions == ["container.started", "container.exited"]
    assert "s3cr3t" not in caplog.text


async def test_cancellation_stops_with_grace_then_removes() -> None:
    client = FakeDocker(hang=True)
    launcher = DockerLauncher(client, "img", Limits(), NETWORK, stop_grace=7)
    task = asyncio.create_task(launcher.run(IDS, WORKSPACE, "s3cr3t"))
    assert await asyncio.to_thread(client.created_event.wait, 5)
    assert await asyncio.to_thread(client.created[0].started.wait, 5)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    (container,) = client.created
    assert container.calls == ["attach", "start", "stop", "remove"]
    assert container.stop_timeout == 7


async def test_leftover_container_of_the_same_item_is_removed_first() -> None:
    client = FakeDocker()
    leftover = FakeContainer({"name": "mango-work-work_1"}, 0, False, b"")
    client.leftovers.append(leftover)
    await DockerLauncher(client, "img", Limits(), NETWORK).run(IDS, WORKSPACE, "s3cr3t")
    assert leftover.calls == ["remove"]


async def test_failed_item_logs_only_a_bounded_sanitised_tail(caplog: pytest.LogCaptureFixture) -> None:
    noisy = b"A" * 10_000 + b"\x1b[31mred\x07\n"
    client = FakeDocker(exit_code=3, output=noisy)
    outcome = await DockerLauncher(client, "img", Limits(), NETWORK).run(IDS, WORKSPACE, "s3cr3t")
    assert outcome.exit_code == 3
    assert len(outcome.tail) <= 2100
    assert "\x1b" not in outcome.tail
    assert "\\x1b[31mred\\x07" in outcome.tail


def test_sanitize_tail_keeps_newlines() -> None:
    assert sanitize_tail(b"a\nb\tc\x00") == "a\nb\tc\\x00"
