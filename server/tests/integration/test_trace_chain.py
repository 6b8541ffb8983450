"""One trace follows a message from the HTTP request through the outbox (or a step hold) into its turn.

The api app (in process, over an ASGI transport) and the orchestrator role (in process, on the
real Temporal dev server) share this process's tracer provider with an in-memory exporter, so
every span of both roles is visible. Each message's ``turn.step`` (outcome ``idle``) must descend
from that message's ``sessions.events.send`` span through ``outbox.deliver`` (or, for a message sent
while the Session is held, ``orchestration.holds``, through the poke that woke the holder), with the model call
under the turn, and temporalio's interceptor spans (start, workflow run, activity) in between for
the message that started the workflow.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import AsyncIterator

import asyncpg
import httpx
import pytest
from mango_server.api.app import build_app
from mango_server.api.context import Services
from mango_server.devstack import DevStack
from mango_server.live import NatsNotifier
from mango_server.orchestration.worker import run_orchestrator
from mango_server.settings import load_settings
from mango_server.store import credentials, workspaces
from mango_server.store.db import create_pool
from mango_server.store.migrate import apply_migrations
from opentelemetry.sdk.trace import ReadableSpan

from ..support.spans import EXPORTER

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(120)]
HOLD_SECONDS = 2.0  # the orchestrator's step hold (``MANGO_STEP_HOLD_SECONDS``)


async def _migrated_database(stack: DevStack) -> str:
    name = "mango_trace_" + secrets.token_hex(4)
    admin = await asyncpg.connect(stack.database_url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    url = stack.database_url.rsplit("/", 1)[0] + "/" + name
    await asyncio.to_thread(apply_migrations, url)
    return url


@pytest.fixture
async def http(mango_services: DevStack) -> AsyncIterator[httpx.AsyncClient]:
    env = {**mango_services.env(), "MANGO_DATABASE_URL": await _migrated_database(mango_services)}
    queue = f"trace-{secrets.token_hex(4)}"
    settings = load_settings({**env, "MANGO_TEMPORAL_TASK_QUEUE": queue, "MANGO_STEP_HOLD_SECONDS": str(HOLD_SECONDS)})
    conn = await asyncpg.connect(settings.database_url)
    try:
        workspace = await workspaces.create(conn, "traces")
        key = await credentials.create_api_key(conn, workspace.id, "traces")
    finally:
        await conn.close()
    orchestrator = asyncio.create_task(run_orchestrator(settings))
    pool = await create_pool(settings.database_url)
    notifier = await NatsNotifier.connect(settings.nats_url)
    app = build_app(Services(settings=settings, pool=pool, notifier=notifier))
    headers = {"authorization": f"Bearer {key.secret}"}
    try:
        async with httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://mango.test", headers=headers, timeout=30
        ) as client:
            yield client
    finally:
        # Bounded teardown: the spans are already collected, and a role's graceful shutdown is
        # not what this test measures.
        orchestrator.cancel()
        with contextlib.suppress(asyncio.CancelledError, TimeoutError):
            await asyncio.wait_for(orchestrator, 15)
        await notifier.close()
        try:
            await asyncio.wait_for(pool.close(), 10)
        except TimeoutError:
            pool.terminate()


async def _idle_turns(count: int) -> list[ReadableSpan]:
    """The steps that ran a round and left the Session idle (not those that found nothing to do)."""
    deadline = time.monotonic() + 45.0
    while time.monotonic() < deadline:
        spans = EXPORTER.get_finished_spans()
        asked = {s.parent.span_id for s in spans if s.name == "model.request" and s.parent is not None}
        turns = [
            s
            for s in spans
            if s.name == "turn.step"
            and (s.attributes or {}).get("mango.step.outcome") == "idle"
            and s.context.span_id in asked
        ]
        if len(turns) >= count:
            return turns
        await asyncio.sleep(0.1)
    raise AssertionError(f"fewer than {count} idle turns were traced")


def _ancestors(span: ReadableSpan, by_id: dict[int, ReadableSpan]) -> list[str]:
    names: list[str] = []
    while span.parent is not None and span.parent.span_id in by_id:
        span = by_id[span.parent.span_id]
        names.append(span.name)
    return names


async def _say(http: httpx.AsyncClient, session_id: str, text: str) -> None:
    message = {"type": "user.message", "content": [{"type": "text", "text": text}]}
    sent = await http.post(f"/v1/sessions/{session_id}/events", json={"events": [message]})
    assert sent.status_code == 200, sent.text


async def test_post_turn_idle_is_one_trace(http: httpx.AsyncClient) -> None:
    agent = await http.post("/v1/agents", json={"name": "traced", "model": "mango-offline-1"})
    env = await http.post("/v1/environments", json={"name": f"traced-{time.monotonic_ns()}"})
    session = await http.post("/v1/sessions", json={"agent": agent.json()["id"], "environment_id": env.json()["id"]})
    assert session.status_code == 200, session.text
    sid = session.json()["id"]
    EXPORTER.clear()
    await _say(http, sid, "first")
    (first_turn,) = await _idle_turns(1)
    await _say(http, sid, "second")  # while the first turn's step holds the Session (orchestration.holds)
    await _idle_turns(2)
    await asyncio.sleep(HOLD_SECONDS + 1.5)  # the hold ends: the next message goes through the outbox
    await _say(http, sid, "third")
    turns = await _idle_turns(3)
    spans = EXPORTER.get_finished_spans()
    by_id = {s.context.span_id: s for s in spans}
    posts = [s for s in spans if s.name == "sessions.events.send"]
    assert len(posts) == 3
    for post, turn, path in zip(posts, turns, ("outbox", "held", "outbox"), strict=True):
        # Each message's turn belongs to that message's trace: through the outbox relay, or, run by
        # the step that held the Session, through the poke that woke it.
        assert turn.context.trace_id == post.context.trace_id, path
        chain = _ancestors(turn, by_id)
        assert ("outbox.deliver" in chain) == (path == "outbox"), (path, chain)
        assert chain[-1] == "sessions.events.send"
        under_turn = [s.name for s in spans if s.parent and s.parent.span_id == turn.context.span_id]
        assert under_turn.count("model.request") == 1
    # The first message started the workflow: temporalio's spans sit between the relay and the turn.
    first_trace = {s.name for s in spans if s.context.trace_id == first_turn.context.trace_id}
    assert {"SignalWithStartWorkflow:SessionWorkflow", "RunWorkflow:SessionWorkflow", "RunActivity:run_step"} <= (
        first_trace
    ), sorted(first_trace)
    status = (await http.get(f"/v1/sessions/{sid}")).json()
    assert status["status"] == "idle"
