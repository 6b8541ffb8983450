"""Built-in file tools end within their deadline and when cancelled, and never block the event loop.

Before the tools had deadlines these tests hung (a catastrophic regex held the interpreter, a FIFO
blocked ``open`` forever); the thread-method timeout turns such a hang into a failure.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import anyio
import pytest
from mango.lib.tools import EditTool, GrepTool, ReadTool, Workspace, WriteTool, default_toolset
from mango.lib.tools._files import run_guarded

pytestmark = pytest.mark.timeout(60, method="thread")


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    root = tmp_path / "work"
    root.mkdir()
    return Workspace(root)


async def _ticks_while(coroutine_fn: object) -> tuple[object, int, float]:
    """Run the call while a ticker counts 10 ms sleeps: a blocked event loop counts none."""
    ticks = 0
    result: object = None

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await anyio.sleep(0.01)
            ticks += 1

    began = time.monotonic()
    async with anyio.create_task_group() as tg:
        tg.start_soon(ticker)
        result = await coroutine_fn()  # type: ignore[operator]
        tg.cancel_scope.cancel()
    return result, ticks, time.monotonic() - began


async def test_a_catastrophic_regex_ends_at_the_deadline_without_blocking_the_loop(ws: Workspace) -> None:
    (ws.root / "evil.txt").write_text("a" * 40 + "!\n")
    tool = GrepTool(ws, deadline=1.0)
    result, ticks, seconds = await _ticks_while(lambda: tool.run({"pattern": "^(a+)+$"}))
    assert result.is_error  # type: ignore[attr-defined]
    assert "did not finish within 1 seconds" in result.text  # type: ignore[attr-defined]
    assert seconds < 10
    assert ticks >= 20  # heartbeats would have kept flowing


async def test_grep_still_finds_matches(ws: Workspace) -> None:
    (ws.root / "a.txt").write_text("one\ntwo\n")
    result = await GrepTool(ws).run({"pattern": "tw"})
    assert result.text == "a.txt:2:two"
    assert not result.is_error
    bad = await GrepTool(ws).run({"pattern": "("})
    assert bad.is_error
    assert "not a valid regular expression" in bad.text


async def test_read_write_and_edit_refuse_a_fifo_at_once(ws: Workspace) -> None:
    os.mkfifo(ws.root / "pipe")
    for tool, call in (
        (ReadTool(ws), {"file_path": "pipe"}),
        (WriteTool(ws), {"file_path": "pipe", "content": "x"}),
        (EditTool(ws), {"file_path": "pipe", "old_string": "a", "new_string": "b"}),
    ):
        with anyio.fail_after(10):
            result = await tool.run(call)
        assert result.is_error, tool
        assert "not a regular file" in result.text or "does not exist or is not a file" in result.text


async def test_a_blocked_tool_body_ends_at_the_deadline(ws: Workspace) -> None:
    release = threading.Event()
    try:
        result, ticks, seconds = await _ticks_while(
            lambda: run_guarded(lambda _input: str(release.wait(30)), {}, deadline=0.5, name="read")
        )
    finally:
        release.set()
    assert result.is_error  # type: ignore[attr-defined]
    assert result.text == "The read tool did not finish within 0.5 seconds."  # type: ignore[attr-defined]
    assert seconds < 5
    assert ticks >= 10


async def test_a_blocked_tool_body_is_cancellable(ws: Workspace) -> None:
    release = threading.Event()
    began = time.monotonic()
    try:
        with anyio.move_on_after(0.3) as scope:
            await run_guarded(lambda _input: str(release.wait(30)), {}, deadline=60, name="read")
    finally:
        release.set()
    assert scope.cancelled_caught
    assert time.monotonic() - began < 5


async def test_a_running_grep_is_cancellable_and_leaves_no_process(ws: Workspace) -> None:
    (ws.root / "evil.txt").write_text("a" * 40 + "!\n")
    began = time.monotonic()
    with anyio.move_on_after(1.0) as scope:
        await GrepTool(ws, deadline=60).run({"pattern": "^(a+)+$"})
    assert scope.cancelled_caught
    assert time.monotonic() - began < 10
    assert not _grep_children()


def _grep_children() -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        if b"_grep_child" in cmdline and int(stat.rsplit(")", 1)[1].split()[1]) == os.getpid():
            pids.append(int(entry.name))
    return pids


def test_the_default_toolset_passes_its_deadline(ws: Workspace) -> None:
    tools = default_toolset(ws.root, tool_deadline=7.0)
    assert {name: getattr(tool, "deadline", None) for name, tool in tools.items() if name != "bash"} == {
        "read": 7.0,
        "write": 7.0,
        "edit": 7.0,
        "glob": 7.0,
        "grep": 7.0,
    }
