"""EnvironmentWorker against the local Mango emulation: lease first, renewal, loss, Stop, cancellation."""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

import anyio
import anyio.abc
import pytest
from mango import RetryPolicy
from mango.lib import EnvironmentWorker, ItemOutcome, ToolContext, ToolResult, WorkSecretError, _lease

from .conftest import FakeMango, make_secret

S = "sesn_1"


class Probe:
    """A tool that records what the server had seen when it ran, and whether it finished."""

    def __init__(self, fake: FakeMango, gate: anyio.Event | None = None) -> None:
        self.fake = fake
        self.gate = gate
        self.heartbeats_at_run: list[int] = []
        self.started = anyio.Event()
        self.finished = False
        self.cancelled = False
        self.closed = 0

    async def run(self, input: Mapping[str, Any]) -> ToolResult:
        self.heartbeats_at_run.append(self.fake.heartbeat_count)
        self.started.set()
        try:
            if self.gate is not None:
                await self.gate.wait()
        except BaseException:
            self.cancelled = True
            raise
        self.finished = True
        return ToolResult("done")

    async def close(self) -> None:
        self.closed += 1


class Factory:
    def __init__(self, fake: FakeMango, tool: Probe) -> None:
        self.fake = fake
        self.tool = tool
        self.contexts: list[ToolContext] = []
        self.heartbeats_at_build: list[int] = []

    def __call__(self, context: ToolContext) -> dict[str, Any]:
        self.contexts.append(context)
        self.heartbeats_at_build.append(self.fake.heartbeat_count)
        return {"bash": self.tool}


@pytest.fixture(autouse=True)
def fast_heartbeats(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_lease, "HEARTBEAT_FLOOR", 0.05)


def worker(fake: FakeMango, tmp_path: Path, factory: Factory, zero: RetryPolicy, **kwargs: Any) -> EnvironmentWorker:
    kwargs.setdefault("max_idle", 0.2)
    kwargs.setdefault("base_url", fake.url)
    return EnvironmentWorker(
        environment_id="env_1",
        environment_key="env-key",
        workdir=tmp_path,
        tools_factory=factory,
        backoff=zero,
        poll_backoff=zero,
        **kwargs,
    )


async def handle(w: EnvironmentWorker, secret: str | None = None, limit: float = 5.0) -> Any:
    with anyio.fail_after(limit):
        return await w.handle_item(
            work_id="work_1", environment_id="env_1", session_id=S, secret=secret or make_secret()
        )


async def test_first_heartbeat_precedes_tools_and_a_normal_end_stops(
    fake: FakeMango, tmp_path: Path, zero_backoff
) -> None:
    tool = Probe(fake)
    factory = Factory(fake, tool)
    use = fake.tool_use(S, "bash", {"command": "ls"})
    fake.auto_idle = True
    w = worker(fake, tmp_path, factory, zero_backoff, base_url="http://127.0.0.1:9")
    result = await handle(w, make_secret("tok-item", fake.url))
    assert result.outcome is ItemOutcome.COMPLETED
    assert result.reason == "idle"
    assert [c.tool_use_id for c in result.calls] == [use]
    first = fake.requests[0]
    assert first.route == "heartbeat"
    assert first.query["expected_last_heartbeat"] == ["NO_HEARTBEAT"]
    assert first.headers["authorization"] == "Bearer tok-item"
    assert factory.heartbeats_at_build == [1]
    assert tool.heartbeats_at_run[0] >= 1
    assert factory.contexts == [ToolContext(tmp_path, S, "work_1", "env_1")]
    (stop,) = fake.of("stop")
    assert stop.body == {"force": True}
    assert fake.requests[-1].route == "stop"
    assert tool.closed == 1
    assert all(r.headers["authorization"] == "Bearer tok-item" for r in fake.requests)


async def test_stop_conflict_is_ignored(fake: FakeMango, tmp_path: Path, zero_backoff) -> None:
    fake.idle(S)
    fake.script("stop", 409)
    result = await handle(worker(fake, tmp_path, Factory(fake, Probe(fake)), zero_backoff))
    assert result.outcome is ItemOutcome.COMPLETED


async def test_renewal_echoes_last_heartbeat(fake: FakeMango, tmp_path: Path, zero_backoff) -> None:
    fake.ttl = 1
    fake.idle(S)
    w = worker(fake, tmp_path, Factory(fake, Probe(fake)), zero_backoff, max_idle=1.2)
    assert (await handle(w)).outcome is ItemOutcome.COMPLETED
    echoed = [r.query["expected_last_heartbeat"][0] for r in fake.of("heartbeat")]
    assert len(echoed) >= 3
    assert echoed[:3] == ["NO_HEARTBEAT", "hb-1", "hb-2"]


@pytest.mark.parametrize(
    "answer",
    [
        412,
        401,
        {"type": "work_heartbeat", "last_heartbeat": "x", "lease_extended": False, "state": "active", "ttl_seconds": 1},
        {
            "type": "work_heartbeat",
            "last_heartbeat": "x",
            "lease_extended": True,
            "state": "stopping",
            "ttl_seconds": 1,
        },
    ],
)
async def test_lease_loss_cancels_execution_and_skips_stop(
    fake: FakeMango, tmp_path: Path, zero_backoff, answer: Any
) -> None:
    fake.ttl = 1
    tool = Probe(fake, gate=anyio.Event())
    fake.tool_use(S, "bash", {})
    fake.script("heartbeat", None, answer)
    started = time.monotonic()
    result = await handle(worker(fake, tmp_path, Factory(fake, tool), zero_backoff))
    assert result.outcome is ItemOutcome.LEASE_LOST
    assert time.monotonic() - started < 3
    assert tool.cancelled
    assert not tool.finished
    assert fake.of("events.send") == []
    assert fake.of("stop") == []
    assert tool.closed == 1


async def test_renewals_failing_longer_than_the_ttl_lose_the_lease(
    fake: FakeMango, tmp_path: Path, zero_backoff
) -> None:
    fake.ttl = 1
    fake.idle(S, "requires_action")
    fake.script("heartbeat", None, *([503] * 100))
    backoff = RetryPolicy(max_retries=0, base_delay=0.1, max_delay=0.1, rand=lambda: 1.0)
    result = await handle(worker(fake, tmp_path, Factory(fake, Probe(fake)), backoff))
    assert result.outcome is ItemOutcome.LEASE_LOST
    assert "no successful heartbeat" in result.reason
    assert fake.of("stop") == []


async def test_a_first_heartbeat_that_never_succeeds_fails_boundedly(
    fake: FakeMango, tmp_path: Path, zero_backoff
) -> None:
    fake.tool_use(S, "bash", {})
    fake.script("heartbeat", *(["drop", 503] * 100))
    factory = Factory(fake, Probe(fake))
    backoff = RetryPolicy(max_retries=0, base_delay=0.05, max_delay=0.05, rand=lambda: 1.0)
    w = worker(fake, tmp_path, factory, backoff, first_heartbeat_timeout=0.4)
    started = time.monotonic()
    result = await handle(w)
    assert result.outcome is ItemOutcome.LEASE_LOST
    assert time.monotonic() - started < 2
    assert factory.contexts == []
    assert {r.route for r in fake.requests} == {"heartbeat"}


async def test_first_heartbeat_refused_runs_nothing(fake: FakeMango, tmp_path: Path, zero_backoff) -> None:
    fake.tool_use(S, "bash", {})
    fake.script("heartbeat", 412)
    factory = Factory(fake, Probe(fake))
    result = await handle(worker(fake, tmp_path, factory, zero_backoff))
    assert result.outcome is ItemOutcome.LEASE_LOST
    assert factory.contexts == []
    assert len(fake.requests) == 1


async def test_caller_cancellation_answers_the_cut_call_then_stops(
    fake: FakeMango, tmp_path: Path, zero_backoff
) -> None:
    tool = Probe(fake, gate=anyio.Event())
    use = fake.tool_use(S, "bash", {"command": "sleep 100"})
    w = worker(fake, tmp_path, Factory(fake, tool), zero_backoff)
    with anyio.CancelScope() as scope:
        async with anyio.create_task_group() as tg:
            tg.start_soon(handle, w)
            await tool.started.wait()
            scope.cancel()
    assert tool.cancelled
    (result,) = fake.results()
    assert result["tool_use_id"] == use
    assert result["is_error"] is True
    assert len(fake.of("stop")) == 1
    assert [r.route for r in fake.requests[-2:]] == ["events.send", "stop"]
    assert tool.closed == 1


async def test_malformed_secret_is_fatal_before_any_call(fake: FakeMango, tmp_path: Path, zero_backoff) -> None:
    with pytest.raises(WorkSecretError):
        await handle(worker(fake, tmp_path, Factory(fake, Probe(fake)), zero_backoff), secret="bad!")
    assert fake.requests == []


async def test_fail_item_reports_an_input_failure(fake: FakeMango, tmp_path: Path, zero_backoff) -> None:
    w = worker(fake, tmp_path, Factory(fake, Probe(fake)), zero_backoff)
    await w.fail_item(work_id="work_1", environment_id="env_1", secret=make_secret("tok-f"), message="bad skill")
    fake.script("fail", 409)
    await w.fail_item(work_id="work_1", environment_id="env_1", secret=make_secret("tok-f"), message="again")
    first = fake.of("fail")[0]
    assert first.body == {"error": {"type": "session_input_failed_error", "message": "bad skill"}}
    assert first.headers["authorization"] == "Bearer tok-f"


async def test_run_drains_the_queue_with_the_environment_key(fake: FakeMango, tmp_path: Path, zero_backoff) -> None:
    fake.enqueue("work_1", secret=make_secret("tok-1"))
    fake.enqueue("work_h", data={"type": "healthcheck", "result": None})
    fake.tool_use(S, "bash", {})
    fake.auto_idle = True
    tool = Probe(fake)
    w = worker(fake, tmp_path, Factory(fake, tool), zero_backoff)
    with anyio.fail_after(5):
        await w.run(drain=True)
    assert tool.heartbeats_at_run == [1]
    auth = {r.route: r.headers["authorization"] for r in fake.requests}
    assert auth["poll"] == auth["ack"] == auth["healthcheck"] == "Bearer env-key"
    assert auth["heartbeat"] == auth["stop"] == auth["events.send"] == "Bearer tok-1"
    assert fake.of("healthcheck")[0].body["status"] == "healthy"
    assert len(fake.of("stop")) == 1


async def test_run_stops_a_deleted_sessions_teardown_with_its_token(
    fake: FakeMango, tmp_path: Path, zero_backoff
) -> None:
    fake.enqueue("work_t", secret=make_secret("tok-t"), data={"type": "session_teardown", "id": "sesn_gone"})
    (tmp_path / "kept.txt").write_text("the shared workdir is not a Session's")
    w = worker(fake, tmp_path, Factory(fake, Probe(fake)), zero_backoff)
    with anyio.fail_after(5):
        await w.run(drain=True)
    [stop] = fake.of("stop")
    assert stop.headers["authorization"] == "Bearer tok-t"
    assert stop.body == {"force": True}
    assert not fake.of("heartbeat")  # no tool loop for a deleted Session
    assert (tmp_path / "kept.txt").exists()


@contextlib.asynccontextmanager
async def unix_relay(fake: FakeMango, path: Path, accepted: list[int]) -> AsyncIterator[None]:
    """A byte relay from a Unix socket to the fake API, standing in for a launcher's forwarder."""
    port = int(fake.url.rsplit(":", 1)[1])

    async def pipe(source: anyio.abc.ByteStream, sink: anyio.abc.ByteStream) -> None:
        with contextlib.suppress(anyio.EndOfStream, anyio.BrokenResourceError, anyio.ClosedResourceError):
            while True:
                await sink.send(await source.receive())

    async def serve(client: anyio.abc.SocketStream) -> None:
        accepted.append(1)
        async with client, await anyio.connect_tcp("127.0.0.1", port) as upstream, anyio.create_task_group() as pair:
            pair.start_soon(pipe, client, upstream)
            await pipe(upstream, client)
            pair.cancel_scope.cancel()

    async with await anyio.create_unix_listener(path) as listener, anyio.create_task_group() as tg:
        tg.start_soon(listener.serve, serve)
        yield
        tg.cancel_scope.cancel()


async def test_api_socket_carries_every_request(fake: FakeMango, tmp_path: Path, zero_backoff: RetryPolicy) -> None:
    socket_path = tmp_path / "api.sock"
    accepted: list[int] = []
    fake.tool_use(S, "bash", {"command": "ls"})
    fake.auto_idle = True
    tool = Probe(fake)
    # Nothing listens on port 9, and the secret names another unreachable host: only the socket works.
    w = worker(fake, tmp_path, Factory(fake, tool), zero_backoff, base_url="http://127.0.0.1:9", api_socket=socket_path)
    async with unix_relay(fake, socket_path, accepted):
        result = await handle(w, make_secret("tok-uds", "http://mango.invalid:1"))
        await w.fail_item(work_id="work_1", environment_id="env_1", secret=make_secret("tok-f"), message="x")
        with anyio.fail_after(5):
            await w.run(drain=True)  # Poll, with the Environment key, goes the same way
    assert result.outcome is ItemOutcome.COMPLETED
    assert tool.finished
    assert accepted
    assert {r.route for r in fake.requests} >= {"heartbeat", "events.send", "stop", "fail", "poll"}
    assert fake.of("heartbeat")[0].headers["Host"] == "mango.invalid:1"
