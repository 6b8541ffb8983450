"""SessionToolRunner against the local Mango emulation (real HTTP and SSE)."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import anyio
import pytest
from mango import AsyncMango, RetryPolicy
from mango.lib import LeaseLost, RunnerExit, SessionToolRunner, ToolResult

from .conftest import FakeMango

S = "sesn_1"


class Recorder:
    def __init__(self, fake: FakeMango | None = None, gate: anyio.Event | None = None) -> None:
        self.inputs: list[dict[str, Any]] = []
        self.fake = fake
        self.gate = gate
        self.started = anyio.Event()

    async def run(self, input: Mapping[str, Any]) -> ToolResult:
        self.inputs.append(dict(input))
        self.started.set()
        if self.gate is not None:
            await self.gate.wait()
        return ToolResult(f"ran {dict(input)}")


class Exploding:
    async def run(self, input: Mapping[str, Any]) -> ToolResult:
        raise RuntimeError("boom")


@pytest.fixture
async def client(fake: FakeMango):  # type: ignore[no-untyped-def]
    policy = RetryPolicy(max_retries=2, base_delay=0, max_delay=0, max_retry_after=0, max_reconnects=0)
    async with AsyncMango(base_url=fake.url, api_key="tok-session", retry_policy=policy) as c:
        yield c


@pytest.fixture
async def no_retry_client(fake: FakeMango):  # type: ignore[no-untyped-def]
    """A transport that never retries, so the runner's own history check handles an ambiguous write."""
    policy = RetryPolicy(max_retries=0, base_delay=0, max_delay=0, max_retry_after=0, max_reconnects=0)
    async with AsyncMango(base_url=fake.url, api_key="tok-session", retry_policy=policy) as c:
        yield c


def make(client: AsyncMango, tools: Mapping[str, Any], zero: RetryPolicy, **kwargs: Any) -> SessionToolRunner:
    kwargs.setdefault("max_idle", 0.2)
    kwargs.setdefault("result_window", 2.0)
    return SessionToolRunner(client, S, tools, backoff=zero, **kwargs)


async def run(runner: SessionToolRunner, limit: float = 5.0) -> RunnerExit:
    with anyio.fail_after(limit):
        return await runner.run()


async def test_stream_is_open_before_history_is_read(fake: FakeMango, client: AsyncMango, zero_backoff) -> None:
    fake.stream_delay = 0.2
    tool = Recorder()
    fake.tool_use(S, "bash", {"command": "ls"})
    fake.idle(S)
    assert await run(make(client, {"bash": tool}, zero_backoff)) is RunnerExit.IDLE
    opened = next(at for name, at in fake.marks if name == "stream-open")
    assert fake.of("events.list")[0].at >= opened
    assert fake.of("events.stream")[0].headers["authorization"] == "Bearer tok-session"
    assert tool.inputs == [{"command": "ls"}]


async def test_overlap_between_stream_and_history_runs_a_call_once(
    fake: FakeMango, client: AsyncMango, zero_backoff
) -> None:
    fake.stream_delay = 0.1
    fake.on_stream_connect = lambda: (fake.tool_use(S, "bash", {"command": "overlap"}), fake.idle(S))
    tool = Recorder()
    await run(make(client, {"bash": tool}, zero_backoff))
    assert tool.inputs == [{"command": "overlap"}]
    assert len(fake.results()) == 1


async def test_answered_calls_in_history_are_not_run_again(fake: FakeMango, client: AsyncMango, zero_backoff) -> None:
    done = fake.tool_use(S, "bash", {"command": "old"})
    fake.emit(S, {"type": "user.tool_result", "tool_use_id": done, "content": [], "is_error": False})
    fresh = fake.tool_use(S, "bash", {"command": "new"}, session_thread_id="sthr_1")
    fake.idle(S)
    tool = Recorder()
    runner = make(client, {"bash": tool}, zero_backoff)
    await run(runner)
    assert tool.inputs == [{"command": "new"}]
    posted = fake.of("events.send")[0].body["events"][0]
    assert posted == {
        "type": "user.tool_result",
        "tool_use_id": fresh,
        "content": [{"type": "text", "text": "ran {'command': 'new'}"}],
        "is_error": False,
        "session_thread_id": "sthr_1",
    }
    assert [c.tool_use_id for c in runner.calls] == [fresh]
    assert runner.calls[0].posted


async def test_calls_run_serially_in_commit_order(fake: FakeMango, client: AsyncMango, zero_backoff) -> None:
    order: list[str] = []

    class Slow:
        async def run(self, input: Mapping[str, Any]) -> ToolResult:
            order.append(f"start {input['n']}")
            await anyio.sleep(0.05)
            order.append(f"end {input['n']}")
            return ToolResult("ok")

    for n in range(3):
        fake.tool_use(S, "bash", {"n": n})
    fake.idle(S)
    await run(make(client, {"bash": Slow()}, zero_backoff))
    assert order == ["start 0", "end 0", "start 1", "end 1", "start 2", "end 2"]


async def test_ask_waits_for_allow_and_deny_posts_nothing(fake: FakeMango, client: AsyncMango, zero_backoff) -> None:
    allowed = fake.tool_use(S, "bash", {"command": "allowed"}, permission="ask")
    denied = fake.tool_use(S, "bash", {"command": "denied"}, permission="ask")
    fake.tool_use(S, "bash", {"command": "never"}, permission="deny")
    fake.idle(S, "requires_action")
    tool = Recorder()
    runner = make(client, {"bash": tool}, zero_backoff)
    async with anyio.create_task_group() as tg:
        tg.start_soon(run, runner)
        await anyio.sleep(0.3)
        assert tool.inputs == []
        fake.emit(S, {"type": "user.tool_confirmation", "tool_use_id": denied, "result": "deny"})
        fake.emit(S, {"type": "user.tool_confirmation", "tool_use_id": allowed, "result": "allow"})
        fake.idle(S)
    assert tool.inputs == [{"command": "allowed"}]
    assert [r["tool_use_id"] for r in fake.results()] == [allowed]
    assert {(c.tool_use_id, c.confirmation, c.posted) for c in runner.calls} == {
        (allowed, "allow", True),
        (denied, "deny", False),
    }


async def test_custom_mcp_and_unknown_tools_are_left_alone(fake: FakeMango, client: AsyncMango, zero_backoff) -> None:
    fake.emit(S, {"type": "agent.custom_tool_use", "name": "bash", "input": {}})
    fake.emit(
        S,
        {
            "type": "agent.mcp_tool_use",
            "name": "bash",
            "mcp_server_name": "m",
            "input": {},
            "evaluated_permission": "allow",
        },
    )
    fake.tool_use(S, "web_fetch", {"url": "x"})
    fake.idle(S)
    tool = Recorder()
    assert await run(make(client, {"bash": tool}, zero_backoff)) is RunnerExit.IDLE
    assert tool.inputs == []
    assert fake.of("events.send") == []


async def test_a_tool_exception_becomes_an_error_result(fake: FakeMango, client: AsyncMango, zero_backoff) -> None:
    fake.tool_use(S, "bash", {})
    fake.idle(S)
    await run(make(client, {"bash": Exploding()}, zero_backoff))
    (result,) = fake.results()
    assert result["is_error"] is True
    assert "RuntimeError: boom" in result["content"][0]["text"]


async def test_ambiguous_write_that_committed_is_replayed_by_its_key_and_not_reposted(
    fake: FakeMango, client: AsyncMango, zero_backoff
) -> None:
    fake.tool_use(S, "bash", {"command": "once"})
    fake.idle(S)
    fake.script("events.send", "commit_then_drop")
    runner = make(client, {"bash": Recorder()}, zero_backoff)
    await run(runner)
    sends = fake.of("events.send")
    assert len(sends) == 2
    assert sends[0].headers["Idempotency-Key"] == sends[1].headers["Idempotency-Key"]
    assert len(fake.results()) == 1
    assert runner.calls[0].posted


async def test_ambiguous_write_that_committed_is_found_in_history_and_not_reposted(
    fake: FakeMango, no_retry_client: AsyncMango, zero_backoff
) -> None:
    fake.tool_use(S, "bash", {"command": "once"})
    fake.idle(S)
    fake.script("events.send", "commit_then_drop")
    runner = make(no_retry_client, {"bash": Recorder()}, zero_backoff)
    await run(runner)
    assert len(fake.of("events.send")) == 1
    assert len(fake.results()) == 1
    recheck = [r for r in fake.of("events.list") if r.query.get("types[]") == ["user.tool_result"]]
    assert len(recheck) == 1
    assert runner.calls[0].posted


async def test_ambiguous_write_that_did_not_commit_is_retried(
    fake: FakeMango, client: AsyncMango, zero_backoff
) -> None:
    fake.tool_use(S, "bash", {"command": "once"})
    fake.idle(S)
    fake.script("events.send", "drop", 500)
    tool = Recorder()
    await run(make(client, {"bash": tool}, zero_backoff))
    assert len(fake.of("events.send")) == 3
    assert len(fake.results()) == 1
    assert len(tool.inputs) == 1


async def test_result_writes_give_up_after_the_window(fake: FakeMango, client: AsyncMango, zero_backoff) -> None:
    fake.tool_use(S, "bash", {})
    fake.script("events.send", *([503] * 1000))
    runner = make(client, {"bash": Recorder()}, RetryPolicy(max_retries=0, base_delay=0.05, max_delay=0.05))
    runner.result_window = 0.3
    with pytest.raises(Exception, match="503"):
        await run(runner)


@pytest.mark.parametrize("status", [401, 403, 412])
async def test_lease_loss_on_a_write_stops_without_further_writes(
    fake: FakeMango, client: AsyncMango, zero_backoff, status: int
) -> None:
    fake.tool_use(S, "bash", {"n": 1})
    fake.tool_use(S, "bash", {"n": 2})
    fake.script("events.send", status)
    tool = Recorder()
    runner = make(client, {"bash": tool}, zero_backoff)
    with pytest.raises(LeaseLost):
        await run(runner)
    assert tool.inputs == [{"n": 1}]
    assert len(fake.of("events.send")) == 1
    assert runner.fenced
    assert not await runner.post_interrupted_result()
    assert len(fake.of("events.send")) == 1


async def test_lease_loss_on_the_stream_cancels_a_running_tool(
    fake: FakeMango, client: AsyncMango, zero_backoff
) -> None:
    gate = anyio.Event()
    tool = Recorder(gate=gate)
    fake.tool_use(S, "bash", {})
    runner = make(client, {"bash": tool}, zero_backoff)
    fake.script("events.stream", None, 401)
    async with anyio.create_task_group() as tg:

        async def expect_loss() -> None:
            with pytest.raises(LeaseLost):
                await run(runner)

        tg.start_soon(expect_loss)
        await tool.started.wait()
        fake.drop_streams()
    assert fake.of("events.send") == []


async def test_fence_stops_at_once_and_writes_nothing(fake: FakeMango, client: AsyncMango, zero_backoff) -> None:
    gate = anyio.Event()
    tool = Recorder(gate=gate)
    fake.tool_use(S, "bash", {})
    runner = make(client, {"bash": tool}, zero_backoff)
    async with anyio.create_task_group() as tg:

        async def expect_loss() -> None:
            with pytest.raises(LeaseLost):
                await run(runner)

        tg.start_soon(expect_loss)
        await tool.started.wait()
        runner.fence()
        gate.set()
    assert fake.of("events.send") == []


async def test_end_turn_idle_stops_after_max_idle_of_silence(fake: FakeMango, client: AsyncMango, zero_backoff) -> None:
    fake.idle(S)
    started = time.monotonic()
    assert await run(make(client, {}, zero_backoff, max_idle=0.3)) is RunnerExit.IDLE
    assert time.monotonic() - started >= 0.3


async def test_requires_action_idle_does_not_stop(fake: FakeMango, client: AsyncMango, zero_backoff) -> None:
    fake.idle(S, "requires_action")
    runner = make(client, {}, zero_backoff, max_idle=0.1)
    async with anyio.create_task_group() as tg:
        tg.start_soon(run, runner)
        await anyio.sleep(0.4)
        fake.emit(S, {"type": "session.status_terminated"})
    assert fake.of("events.send") == []


async def test_new_events_postpone_the_idle_stop(fake: FakeMango, client: AsyncMango, zero_backoff) -> None:
    fake.idle(S)
    tool = Recorder()
    runner = make(client, {"bash": tool}, zero_backoff, max_idle=0.4)
    async with anyio.create_task_group() as tg:
        tg.start_soon(run, runner)
        await anyio.sleep(0.2)
        fake.tool_use(S, "bash", {"late": True})
    assert tool.inputs == [{"late": True}]


@pytest.mark.parametrize(
    ("kind", "exit"), [("session.status_terminated", "terminated"), ("session.deleted", "deleted")]
)
async def test_terminated_or_deleted_ends_the_run(
    fake: FakeMango, client: AsyncMango, zero_backoff, kind: str, exit: str
) -> None:
    runner = make(client, {}, zero_backoff, max_idle=None)
    async with anyio.create_task_group() as tg:

        async def check() -> None:
            assert (await run(runner)).value == exit

        tg.start_soon(check)
        await anyio.sleep(0.1)
        fake.emit(S, {"type": kind})


async def test_the_stream_reconnects_with_last_event_id(fake: FakeMango, client: AsyncMango, zero_backoff) -> None:
    fake.idle(S, "requires_action")
    first = fake.tool_use(S, "bash", {"n": 1})
    tool = Recorder()
    runner = make(client, {"bash": tool}, zero_backoff)
    async with anyio.create_task_group() as tg:
        tg.start_soon(run, runner)
        await fake.until(lambda: len(fake.results()) == 1)
        fake.drop_streams()
        fake.tool_use(S, "bash", {"n": 2})
        fake.idle(S)
    assert tool.inputs == [{"n": 1}, {"n": 2}]
    streams = fake.of("events.stream")
    assert len(streams) >= 2
    # The runner resumes after the last event it saw: at least the first call, and the result it posted
    # only if that reached its stream before the drop.
    resumed_after = streams[1].headers.get("last-event-id", "")
    assert resumed_after.startswith("sevt_")
    assert resumed_after >= first


async def test_large_mcp_results_are_downloaded_before_dispatch(
    fake: FakeMango, client: AsyncMango, zero_backoff: RetryPolicy, tmp_path: Path
) -> None:
    fake.files["file_big1"] = b"line\n" * 30000
    fake.emit(
        S,
        {
            "type": "agent.mcp_tool_use",
            "mcp_server_name": "s",
            "name": "dump",
            "input": {},
            "evaluated_permission": "allow",
        },
    )
    fake.emit(
        S,
        {
            "type": "agent.mcp_tool_result",
            "mcp_tool_use_id": "x",
            "content": [],
            "is_error": False,
            "file_id": "file_big1",
        },
    )
    fake.tool_use(S, "bash", {"command": "wc -l .mango-tool-results/file_big1.txt"})
    fake.idle(S)
    seen: list[bool] = []

    class Checks(Recorder):
        async def run(self, input: Mapping[str, Any]) -> ToolResult:
            seen.append((tmp_path / ".mango-tool-results" / "file_big1.txt").read_bytes() == fake.files["file_big1"])
            return await super().run(input)

    await run(make(client, {"bash": Checks()}, zero_backoff, workdir=tmp_path))
    assert seen == [True]
    assert [r.route for r in fake.requests].count("files.content") == 1


def _big_result(fake: FakeMango, file_id: str, announced: bytes) -> None:
    fake.emit(
        S,
        {
            "type": "agent.mcp_tool_result",
            "mcp_tool_use_id": "x",
            "content": [],
            "is_error": False,
            "file_id": file_id,
            "file_size_bytes": len(announced),
            "file_sha256": hashlib.sha256(announced).hexdigest(),
        },
    )


async def test_a_result_file_matching_its_announced_checksum_is_written(
    fake: FakeMango, client: AsyncMango, zero_backoff: RetryPolicy, tmp_path: Path
) -> None:
    fake.files["file_ok1"] = b"row\n" * 40000
    _big_result(fake, "file_ok1", fake.files["file_ok1"])
    fake.tool_use(S, "bash", {"command": "true"})
    fake.idle(S)
    tool = Recorder()
    await run(make(client, {"bash": tool}, zero_backoff, workdir=tmp_path))
    assert (tmp_path / ".mango-tool-results" / "file_ok1.txt").read_bytes() == fake.files["file_ok1"]
    assert tool.inputs == [{"command": "true"}]


async def test_a_corrupt_result_file_is_not_written_and_the_call_does_not_run(
    fake: FakeMango, client: AsyncMango, zero_backoff: RetryPolicy, tmp_path: Path
) -> None:
    fake.files["file_bad1"] = b"truncated"
    _big_result(fake, "file_bad1", b"truncated and then some more bytes")
    fake.tool_use(S, "bash", {"command": "cat .mango-tool-results/file_bad1.txt"})
    fake.idle(S)
    tool = Recorder()
    await run(make(client, {"bash": tool}, zero_backoff, workdir=tmp_path))
    assert tool.inputs == []  # nothing ran against the corrupt result
    assert not (tmp_path / ".mango-tool-results" / "file_bad1.txt").exists()
    assert [r.route for r in fake.requests].count("files.content") == 2  # one retry, then refused
    (result,) = fake.results()
    assert result["is_error"] is True
    assert "do not match" in result["content"][0]["text"]


# ---------------------------------------------------------------- the operation journal


class ReadOnly(Recorder):
    read_only = True


async def test_a_mutating_call_is_started_in_the_journal_before_it_runs(
    fake: FakeMango, client: AsyncMango, zero_backoff: RetryPolicy
) -> None:
    use = fake.tool_use(S, "bash", {"command": "echo x >> log"}, session_thread_id="sthr_1")
    fake.idle(S)
    order: list[str] = []

    class Ordered(Recorder):
        async def run(self, input: Mapping[str, Any]) -> ToolResult:
            order.append(f"run after {len(fake.of('tool_calls.start'))} start(s)")
            return await super().run(input)

    runner = make(client, {"bash": Ordered()}, zero_backoff)
    await run(runner)
    assert fake.starts() == [use]
    assert order == ["run after 1 start(s)"]
    start = fake.of("tool_calls.start")[0]
    assert start.body == {"session_thread_id": "sthr_1"}
    assert start.headers["Idempotency-Key"]
    assert runner.calls[0].journal == "started"
    assert len(fake.results()) == 1


async def test_a_read_only_tool_runs_without_a_start(
    fake: FakeMango, client: AsyncMango, zero_backoff: RetryPolicy
) -> None:
    fake.tool_use(S, "read", {"file_path": "a.txt"})
    fake.idle(S)
    tool = ReadOnly()
    runner = make(client, {"read": tool}, zero_backoff)
    await run(runner)
    assert fake.starts() == []
    assert tool.inputs == [{"file_path": "a.txt"}]
    assert runner.calls[0].journal is None


async def test_a_call_an_earlier_worker_started_is_answered_ambiguous_and_not_run(
    fake: FakeMango, client: AsyncMango, zero_backoff: RetryPolicy
) -> None:
    use = fake.tool_use(S, "bash", {"command": "echo x >> log"})
    fake.ambiguous.add(use)
    fake.idle(S)
    tool = Recorder()
    runner = make(client, {"bash": tool}, zero_backoff)
    assert await run(runner) is RunnerExit.IDLE
    assert tool.inputs == []
    assert fake.of("events.send") == []
    assert [(c.tool_use_id, c.journal, c.posted) for c in runner.calls] == [(use, "ambiguous", False)]


async def test_a_call_already_started_or_answered_is_not_run(
    fake: FakeMango, client: AsyncMango, zero_backoff: RetryPolicy
) -> None:
    use = fake.tool_use(S, "bash", {"command": "echo x >> log"})
    fake.idle(S)
    fake.script("tool_calls.start", 409)
    tool = Recorder()
    runner = make(client, {"bash": tool}, zero_backoff)
    await run(runner)
    assert tool.inputs == []
    assert fake.of("events.send") == []
    assert runner.calls[0].journal == "conflict"
    assert fake.starts() == [use]


async def test_a_call_mango_answered_in_history_is_neither_started_nor_run(
    fake: FakeMango, client: AsyncMango, zero_backoff: RetryPolicy
) -> None:
    use = fake.tool_use(S, "bash", {"command": "echo x >> log"})
    answer = {"type": "agent.tool_result", "tool_use_id": use, "content": [], "is_error": True, "outcome": "ambiguous"}
    fake.emit(S, answer)
    fake.idle(S)
    tool = Recorder()
    runner = make(client, {"bash": tool}, zero_backoff)
    await run(runner)
    assert tool.inputs == []
    assert fake.starts() == []
    assert runner.calls == []


async def test_a_start_whose_answer_was_lost_is_replayed_by_its_key_and_runs_once(
    fake: FakeMango, client: AsyncMango, zero_backoff: RetryPolicy
) -> None:
    fake.tool_use(S, "bash", {"command": "echo x >> log"})
    fake.idle(S)
    fake.script("tool_calls.start", "commit_then_drop")
    tool = Recorder()
    runner = make(client, {"bash": tool}, zero_backoff)
    await run(runner)
    starts = fake.of("tool_calls.start")
    assert len(starts) == 2
    assert starts[0].headers["Idempotency-Key"] == starts[1].headers["Idempotency-Key"]
    assert tool.inputs == [{"command": "echo x >> log"}]
    assert len(fake.results()) == 1


async def test_a_start_that_keeps_failing_retries_with_one_key(
    fake: FakeMango, no_retry_client: AsyncMango, zero_backoff: RetryPolicy
) -> None:
    fake.tool_use(S, "bash", {})
    fake.idle(S)
    fake.script("tool_calls.start", 503, "drop")
    tool = Recorder()
    await run(make(no_retry_client, {"bash": tool}, zero_backoff))
    starts = fake.of("tool_calls.start")
    assert len(starts) == 3
    assert len({s.headers["Idempotency-Key"] for s in starts}) == 1
    assert len(tool.inputs) == 1


async def test_a_refused_start_posts_an_error_result_without_running(
    fake: FakeMango, client: AsyncMango, zero_backoff: RetryPolicy
) -> None:
    fake.tool_use(S, "bash", {})
    fake.idle(S)
    fake.script("tool_calls.start", 400)
    tool = Recorder()
    runner = make(client, {"bash": tool}, zero_backoff)
    await run(runner)
    assert tool.inputs == []
    (result,) = fake.results()
    assert result["is_error"] is True
    assert "did not run" in result["content"][0]["text"]
    assert runner.calls[0].journal == "refused"


@pytest.mark.parametrize("status", [401, 412])
async def test_lease_loss_on_a_start_runs_nothing(
    fake: FakeMango, client: AsyncMango, zero_backoff: RetryPolicy, status: int
) -> None:
    fake.tool_use(S, "bash", {})
    fake.script("tool_calls.start", status)
    tool = Recorder()
    with pytest.raises(LeaseLost):
        await run(make(client, {"bash": tool}, zero_backoff))
    assert tool.inputs == []
    assert fake.of("events.send") == []


def test_only_read_glob_and_grep_are_read_only_built_ins(tmp_path: Path) -> None:
    from mango.lib import default_toolset
    from mango.lib._tool import is_read_only

    tools = default_toolset(tmp_path)
    assert {name for name, tool in tools.items() if is_read_only(tool)} == {"read", "glob", "grep"}
    assert set(tools) == {"bash", "read", "write", "edit", "glob", "grep"}
