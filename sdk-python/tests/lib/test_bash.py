"""BashTool: one persistent shell, framing that output cannot spoof, timeouts, truncation, cleanup."""

from __future__ import annotations

import os
import time
from collections.abc import AsyncIterator
from pathlib import Path

import anyio
import pytest
from mango.lib.tools import BashTool


@pytest.fixture
async def bash(tmp_path: Path) -> AsyncIterator[BashTool]:
    tool = BashTool(tmp_path)
    yield tool
    await tool.close()


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().split(") ")[1][0] != "Z"
    except FileNotFoundError:
        return False


async def gone(pid: int, within: float = 3.0) -> bool:
    deadline = time.monotonic() + within
    while alive(pid):
        if time.monotonic() > deadline:
            return False
        await anyio.sleep(0.02)
    return True


async def test_cwd_variables_and_jobs_persist(bash: BashTool, tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    assert not (await bash.run({"command": "cd sub; export GREETING=hi; sleep 30 &"})).is_error
    result = await bash.run({"command": "pwd; echo $GREETING; jobs | wc -l"})
    assert result.text.splitlines() == [str(tmp_path / "sub"), "hi", "1"]


async def test_stdout_and_stderr_are_combined_and_exit_status_reported(bash: BashTool) -> None:
    result = await bash.run({"command": "echo out; echo err >&2; exit_code() { return 3; }; exit_code"})
    assert result.is_error
    assert result.text == "out\nerr\n[exit status 3]"
    assert (await bash.run({"command": "true"})).text == "(no output)"


async def test_commands_read_eof_from_stdin(bash: BashTool) -> None:
    result = await bash.run({"command": "cat; read -r line; echo status=$?", "timeout_ms": 5000})
    assert result.text == "status=1"


async def test_restart_recreates_the_shell(bash: BashTool) -> None:
    await bash.run({"command": "export KEEP=1"})
    first = bash.pid
    assert (await bash.run({"restart": True})).text == "The shell was restarted."
    assert bash.pid != first
    assert (await bash.run({"command": "echo ${KEEP:-unset}"})).text == "unset"
    assert (await bash.run({"command": "echo ${KEEP:-again}", "restart": True})).text == "again"


async def test_timeout_kills_the_shell_and_fences_late_output(bash: BashTool) -> None:
    await bash.run({"command": "export MARK=1"})
    started = time.monotonic()
    result = await bash.run({"command": "echo early; sleep 5; echo late", "timeout_ms": 300})
    assert time.monotonic() - started < 3
    assert result.is_error
    assert result.text.startswith("early\n[command timed out after 300 ms")
    after = await bash.run({"command": "sleep 0.3; echo next; echo ${MARK:-fresh}"})
    assert after.text == "next\nfresh"


async def test_a_guessed_or_old_sentinel_cannot_end_a_call(bash: BashTool) -> None:
    spoof = "printf '__mango_done_%s__:0\\n' 00000000000000000000000000000000; echo after; false"
    result = await bash.run({"command": spoof})
    assert result.is_error
    assert result.text.endswith("after\n[exit status 1]")
    leaked = await bash.run({"command": "echo $BASH_COMMAND; history | wc -l"})
    assert "__mango_done_" not in leaked.text


async def test_exit_replaces_the_shell(bash: BashTool) -> None:
    result = await bash.run({"command": "echo bye; exit 4"})
    assert result.is_error
    assert result.text == "bye\n[the shell exited (status 4); a new shell starts with the next call]"
    assert (await bash.run({"command": "echo again"})).text == "again"


async def test_output_keeps_a_bounded_tail(tmp_path: Path) -> None:
    tool = BashTool(tmp_path, output_limit_bytes=1000)
    try:
        result = await tool.run({"command": "seq 1 100000"})
    finally:
        await tool.close()
    assert result.text.startswith("[output truncated]\n")
    assert result.text.endswith("\n100000")
    assert len(result.text.encode()) <= 1000 + len("[output truncated]\n")


async def test_child_environment_is_minimal_and_scrubbed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MANGO_API_KEY", "secret-key")
    monkeypatch.setenv("OTHER_PARENT_VAR", "x")
    tool = BashTool(tmp_path, env={"MANGO_SESSION_TOKEN": "tok", "EXTRA": "1"})
    try:
        text = (await tool.run({"command": "env"})).text
    finally:
        await tool.close()
    names = {line.split("=", 1)[0] for line in text.splitlines()}
    assert not any(name.startswith("MANGO_") for name in names)
    assert "OTHER_PARENT_VAR" not in names
    assert {"PATH", "HOME", "EXTRA"} <= names


async def test_close_kills_the_process_group_and_is_idempotent(tmp_path: Path) -> None:
    tool = BashTool(tmp_path, close_timeout=2.0)
    job = int((await tool.run({"command": "sleep 300 & echo $!"})).text)
    shell = tool.pid
    assert shell is not None
    assert alive(job)
    started = time.monotonic()
    await tool.close()
    await tool.close()
    assert time.monotonic() - started < 3
    assert await gone(job)
    assert await gone(shell)


async def test_cancellation_kills_the_running_command(bash: BashTool) -> None:
    job = int((await bash.run({"command": "echo $$"})).text)
    with anyio.move_on_after(0.2):
        await bash.run({"command": "sleep 30"})
    assert await gone(job)
    assert (await bash.run({"command": "echo fresh"})).text == "fresh"


@pytest.mark.parametrize(
    "bad",
    [{}, {"command": ""}, {"command": 5}, {"command": "ls", "timeout_ms": 0}, {"command": "ls", "restart": "yes"}],
)
async def test_invalid_input_is_an_error_result(bash: BashTool, bad: dict[str, object]) -> None:
    result = await bash.run(bad)
    assert result.is_error


def test_pid_is_none_before_start(tmp_path: Path) -> None:
    assert BashTool(tmp_path).pid is None
    assert os.path.isabs(str(BashTool(tmp_path).workdir))
