"""The item runner: secret framing, configuration, non-dumpable flag and exit codes."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import subprocess
import sys
from typing import Any

import mango.lib
import pytest
from mango.lib import ItemOutcome, ItemResult
from mango_worker import item_runner
from mango_worker.container import outcome_of
from mango_worker.item_runner import FramingError, ItemConfig, read_framed_secret

CONFIG = ItemConfig("http://127.0.0.1:9", "env_1", "work_1", "sesn_1")


def pipe_with(data: bytes) -> int:
    read, write = os.pipe()
    os.write(write, data)
    os.close(write)
    return read


def test_reads_a_framed_secret_and_leaves_the_rest() -> None:
    fd = pipe_with(b"5\nhello-trailing")
    try:
        assert read_framed_secret(fd) == "hello"
        assert os.read(fd, 100) == b"-trailing"
    finally:
        os.close(fd)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "before the secret length"),
        (b"12", "before the secret length"),
        (b"123456\n", "too long"),
        (b"x\nabc", "not a number"),
        (b"0\n", "not a number in range"),
        (b"9000\n", "not a number in range"),
        (b"10\nshort", "inside the secret"),
        (b"2\n\xff\xfe", "not UTF-8"),
    ],
)
def test_rejects_bad_framing(data: bytes, message: str) -> None:
    fd = pipe_with(data)
    try:
        with pytest.raises(FramingError, match=message):
            read_framed_secret(fd)
    finally:
        os.close(fd)


def test_config_names_the_missing_variable() -> None:
    with pytest.raises(ValueError, match="MANGO_WORK_ID"):
        ItemConfig.from_env({"MANGO_BASE_URL": "u", "MANGO_ENVIRONMENT_ID": "e", "MANGO_SESSION_ID": "s"})


def test_config_reads_the_optional_api_socket() -> None:
    env = {"MANGO_BASE_URL": "u", "MANGO_ENVIRONMENT_ID": "e", "MANGO_WORK_ID": "w", "MANGO_SESSION_ID": "s"}
    assert ItemConfig.from_env(env).api_socket is None
    assert ItemConfig.from_env({**env, "MANGO_API_SOCKET": "/run/mango/api.sock"}).api_socket == "/run/mango/api.sock"


def test_config_reads_the_tool_deadline() -> None:
    env = {"MANGO_BASE_URL": "u", "MANGO_ENVIRONMENT_ID": "e", "MANGO_WORK_ID": "w", "MANGO_SESSION_ID": "s"}
    assert ItemConfig.from_env(env).tool_deadline == 60
    assert ItemConfig.from_env({**env, "MANGO_TOOL_DEADLINE_SECONDS": "2.5"}).tool_deadline == 2.5
    with pytest.raises(ValueError, match="MANGO_TOOL_DEADLINE_SECONDS"):
        ItemConfig.from_env({**env, "MANGO_TOOL_DEADLINE_SECONDS": "0"})


def test_make_non_dumpable_clears_the_flag() -> None:
    code = (
        "import ctypes; from mango_worker.item_runner import make_non_dumpable; make_non_dumpable(); "
        "print(ctypes.CDLL(None).prctl(3, 0, 0, 0, 0))"
    )
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "0\n"


def test_bad_framing_exits_2_without_echoing_input() -> None:
    env = {**os.environ, "MANGO_BASE_URL": "http://127.0.0.1:9", "MANGO_ENVIRONMENT_ID": "e"}
    env.update(MANGO_WORK_ID="w", MANGO_SESSION_ID="s")
    done = subprocess.run(
        [sys.executable, "-m", "mango_worker.item_runner"], input=b"zz\nnot-a-secret", env=env, capture_output=True
    )
    assert done.returncode == 2
    assert b"not-a-secret" not in done.stderr


class FakeWorker:
    outcome: BaseException | None = None
    calls: list[dict[str, Any]] = []  # noqa: RUF012

    def __init__(self, **kwargs: Any) -> None:
        self.kwargs = kwargs

    async def handle_item(self, **kwargs: Any) -> ItemResult:
        FakeWorker.calls.append({**self.kwargs, **kwargs})
        if FakeWorker.outcome == "hang":
            await asyncio.Event().wait()
        if isinstance(FakeWorker.outcome, ItemOutcome):
            return ItemResult(kwargs["work_id"], FakeWorker.outcome, "reason")
        if isinstance(FakeWorker.outcome, BaseException):
            raise FakeWorker.outcome
        return ItemResult(kwargs["work_id"], ItemOutcome.COMPLETED, "idle")


class FakeLeaseLost(Exception):
    pass


@pytest.fixture
def fake_worker(monkeypatch: pytest.MonkeyPatch) -> type[FakeWorker]:
    monkeypatch.setattr(mango.lib, "EnvironmentWorker", FakeWorker, raising=False)
    monkeypatch.setattr(mango.lib, "LeaseLost", FakeLeaseLost, raising=False)
    FakeWorker.calls = []
    FakeWorker.outcome = None
    return FakeWorker


async def test_clean_end_exits_0_with_workspace_skills_and_memory(fake_worker: type[FakeWorker]) -> None:
    assert await item_runner.run_item(CONFIG, "sekret") == 0
    (call,) = fake_worker.calls
    assert call["workdir"] == "/workspace"
    assert call["skills"] is True
    assert call["memory_root"] == "/mnt/memory"
    assert call.get("memory_sync_interval", 15.0) is not None
    assert call["secret"] == "sekret"
    assert (call["work_id"], call["environment_id"], call["session_id"]) == ("work_1", "env_1", "sesn_1")


@pytest.mark.parametrize(
    ("outcome", "code", "action"),
    [
        (ItemOutcome.COMPLETED, 0, "item.completed"),
        (ItemOutcome.LEASE_LOST, 3, "item.lease_lost"),
        (ItemOutcome.FAILED, 4, "item.failed"),
        (ItemOutcome.UNFINISHED, 5, "item.unfinished"),
        (FakeLeaseLost(), 3, "item.lease_lost"),
        (RuntimeError("x"), 1, "item.error"),
    ],
)
async def test_outcomes_map_to_exit_codes(
    fake_worker: type[FakeWorker], caplog: pytest.LogCaptureFixture, outcome: object, code: int, action: str
) -> None:
    fake_worker.outcome = outcome  # type: ignore[assignment]
    caplog.set_level(logging.INFO)
    assert await item_runner.run_item(CONFIG, "sekret") == code
    assert action in [getattr(r, "action", None) for r in caplog.records]
    assert "sekret" not in caplog.text


def test_every_sdk_outcome_has_its_own_exit_code() -> None:
    codes = {outcome: item_runner.exit_code_of(ItemResult("w", outcome, ""), "w") for outcome in ItemOutcome}
    assert len(set(codes.values())) == len(ItemOutcome)
    assert all(outcome_of(code) == outcome.value for outcome, code in codes.items())


async def test_sigterm_cancels_the_item(fake_worker: type[FakeWorker]) -> None:
    fake_worker.outcome = "hang"  # type: ignore[assignment]
    loop = asyncio.get_running_loop()
    loop.call_later(0.1, os.kill, os.getpid(), signal.SIGTERM)
    assert await asyncio.wait_for(item_runner.run_item(CONFIG, "sekret"), 5) == 143
