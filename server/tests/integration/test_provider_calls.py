"""The operation journal of provider calls on the real components: every attempt to send a model
request is recorded (``prepared -> started -> completed``, or ``failed`` / ``abandoned``), a crash after
the provider answered is visible in ``mango session inspect``, and the request's usage counts once in
``Session.usage`` and its budget, however many attempts there were.

The first test kills the orchestrator (``kill -9``) while the stand-in Messages provider has sent its
whole answer but the stream's last event; the second runs two turn engines in this process against the
platform's database, as Temporal does when it retries a step whose first execution is still running
(a paused or partitioned orchestrator), and lets each of them commit first in turn.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import httpx
import pytest
from mango_server.app import inspect
from mango_server.app.turn import TurnEngine
from mango_server.devstack import DevStack, Platform
from mango_server.live import NullNotifier
from mango_server.model import ModelRequest, ModelResponse, OfflineModel, TextDeltaCallback
from mango_server.store.db import create_pool

from ..support.fake_messages import FakeMessagesServer, Hold, MessageReply, RawReply, error_body
from ._client import client, history, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(420)]

API_KEY = "sk-fake-provider-calls"
BUDGET = {"type": "limit", "max_tokens": 1_000_000, "max_list_cost": None}


@pytest.fixture
def fake() -> Iterator[FakeMessagesServer]:
    with FakeMessagesServer(api_key=API_KEY) as server:
        yield server


def _platform(services: DevStack, log_dir: Any, extra_env: dict[str, str] | None = None) -> Platform:
    running = Platform(services, log_dir)
    running.extra_env = extra_env or {}
    return running.start()


def _session(http: httpx.Client, name: str) -> str:
    agent = http.post("/v1/agents", json={"name": name, "model": "mango-offline-1"})
    assert agent.status_code == 200, agent.text
    env = http.post("/v1/environments", json={"name": f"{name}-{time.monotonic_ns()}"})
    assert env.status_code == 200, env.text
    body = {"agent": agent.json()["id"], "environment_id": env.json()["id"], "budget": BUDGET}
    session = http.post("/v1/sessions", json=body)
    assert session.status_code == 200, session.text
    return str(session.json()["id"])


def _inspect(platform: Platform, session_id: str) -> list[dict[str, Any]]:
    done = subprocess.run(
        [sys.executable, "-m", "mango_server", "session", "inspect", session_id],
        env={**os.environ, **platform.env()},
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()
    return [json.loads(line) for line in done.stdout.decode().splitlines()]


def _tokens(usage: dict[str, Any]) -> tuple[int, int]:
    return usage["input_tokens"], usage["output_tokens"]


def test_a_crash_after_the_provider_answered_is_journalled_and_counted_once(
    mango_services: DevStack, fake: FakeMessagesServer, tmp_path_factory: pytest.TempPathFactory
) -> None:
    overloaded = RawReply(
        status=529,
        json_body=error_body("overloaded_error", "overloaded", "req_overloaded"),
        headers={"retry-after": "0", "request-id": "req_overloaded"},
    )
    hold = Hold()
    answered = MessageReply(
        content=[{"type": "text", "text": "lost"}], usage={"input_tokens": 900, "output_tokens": 90}, hold=hold
    )
    counted = MessageReply(
        content=[{"type": "text", "text": "counted"}],
        usage={"input_tokens": 21, "output_tokens": 8},
        request_id="req_counted",
    )
    # The adapter's own retries (four) take the first five 529s inside one attempt, which then fails.
    fake.enqueue(*[overloaded] * 5, answered, counted)
    env = {
        "MANGO_MODEL_PROVIDER": "messages",
        "MANGO_MODEL_BASE_URL": fake.base_url,
        "MANGO_MODEL_API_KEY": API_KEY,
    }
    platform = _platform(mango_services, tmp_path_factory.mktemp("provider-calls"), env)
    try:
        tenant = platform.create_tenant("provider-calls")
        with client(platform, tenant) as http:
            sid = _session(http, "provider-calls")
            say(http, sid, "hello")
            assert hold.reached.wait(120), "the provider never answered the retried round"
            platform.kill_role("orchestrator")  # the answer is on the wire; nothing committed it
            hold.release.set()
            platform.start_role("orchestrator")
            session = wait_status(http, sid, "end_turn", timeout=180)
            events = history(http, sid)
        listing = _inspect(platform, sid)
    finally:
        hold.release.set()
        platform.stop()

    assert len(fake.requests) == 7  # five 529s, the answer the crash lost, the one committed
    failed, crashed = listing
    assert [a["state"] for a in failed["attempts"]] == ["failed"]
    assert failed["attempts"][0]["error_type"] == "model_overloaded_error"  # as session.error names it
    assert failed["attempts"][0]["provider_request_id"] == "req_overloaded"
    assert failed["usage"] is None
    first, second = crashed["attempts"]
    assert (first["attempt"], first["state"], first["usage"]) == (1, "abandoned", None)
    assert first["started_at"] is not None
    assert first["ended_at"] is not None
    assert (second["attempt"], second["state"]) == (2, "completed")
    assert second["provider_request_id"] == crashed["provider_request_id"] == "req_counted"
    assert _tokens(second["usage"]) == _tokens(crashed["usage"]) == (21, 8)

    # Counted once: the Session's usage and its budget report are the committed attempt's alone.
    assert _tokens(session["usage"]) == (21, 8)
    [report] = [e for e in events if e["type"] == "session.usage"]
    assert report["usage"] == session["usage"]
    assert [e["content"] for e in events if e["type"] == "agent.message"] == [[{"type": "text", "text": "counted"}]]
    assert [e["type"] for e in events].count("span.model_request_end") == 2  # the failed request's and the answer's


class _GatedModel:
    """The offline model behind gates: each call waits for its gate, then answers with its own output count."""

    def __init__(self, outputs: list[int]) -> None:
        self._inner = OfflineModel()
        self.capabilities = self._inner.capabilities
        self.profile = self._inner.profile
        self.price = self._inner.price
        self.gates = [asyncio.Event() for _ in outputs]
        self.sent = [asyncio.Event() for _ in outputs]
        self._outputs = outputs
        self.calls = 0

    async def create(self, request: ModelRequest, on_text_delta: TextDeltaCallback | None = None) -> ModelResponse:
        index = self.calls
        self.calls += 1
        self.sent[index].set()
        await self.gates[index].wait()
        response = await self._inner.create(request)
        return replace(response, usage=replace(response.usage, output_tokens=self._outputs[index]))


@pytest.mark.parametrize("first_commits", ["retry", "original"])
def test_two_executions_of_one_round_commit_it_once(
    mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory, first_commits: str
) -> None:
    platform = _platform(mango_services, tmp_path_factory.mktemp("provider-calls-race"))
    try:
        platform.kill_role("orchestrator")  # the engines below are the only ones running rounds
        tenant = platform.create_tenant("provider-calls-race")
        with client(platform, tenant) as http:
            sid = _session(http, "provider-calls-race")
            say(http, sid, "hello")
            model = _GatedModel([111, 222])
            outcomes = asyncio.run(_race(platform.database_url, sid, model, retry_first=first_commits == "retry"))
            session = http.get(f"/v1/sessions/{sid}").json()
            events = history(http, sid)
        [request] = asyncio.run(inspect.list_requests(platform.database_url, sid))
    finally:
        platform.stop()

    assert model.calls == 2
    winner, loser = (2, 1) if first_commits == "retry" else (1, 2)
    output = {1: 111, 2: 222}
    assert sorted(outcomes) == ["continue", "idle"]
    assert session["status"] == "idle"
    assert session["usage"]["output_tokens"] == output[winner]  # counted once, the committed attempt's
    [report] = [e for e in events if e["type"] == "session.usage"]
    assert report["usage"] == session["usage"]
    assert [e["type"] for e in events].count("agent.message") == 1
    attempts = {a["attempt"]: a for a in request.attempts}
    assert attempts[winner]["state"] == "completed"
    assert attempts[loser]["state"] == "abandoned"
    # The answer that came too late is kept on its attempt for diagnostics, uncounted.
    assert attempts[loser]["usage"] is not None
    assert attempts[loser]["usage"]["output_tokens"] == output[loser]
    assert request.usage is not None
    assert request.usage["output_tokens"] == output[winner]


async def _race(database_url: str, session_id: str, model: _GatedModel, *, retry_first: bool) -> list[str]:
    """The original execution sends attempt 1 and waits; the retry prepares the round again (abandoning
    attempt 1) and sends attempt 2; then one, then the other, gets its answer."""
    pool = await create_pool(database_url, min_size=1, max_size=4)
    try:
        original = TurnEngine(pool, model, NullNotifier())
        retry = TurnEngine(pool, model, NullNotifier())
        first = asyncio.create_task(original.step(session_id))
        await asyncio.wait_for(model.sent[0].wait(), 60)
        second = asyncio.create_task(retry.step(session_id))
        await asyncio.wait_for(model.sent[1].wait(), 60)
        order = (1, 0) if retry_first else (0, 1)
        tasks = (first, second)
        kinds: list[str] = []
        for index in order:
            model.gates[index].set()
            kinds.append((await asyncio.wait_for(tasks[index], 60)).kind)
        return kinds
    finally:
        await pool.close()
