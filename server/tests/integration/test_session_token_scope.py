"""A per-Work session token answers only tool calls, and only while its lease holds: it may send
``user.tool_result`` and ``user.custom_tool_result`` and nothing else (403), and a reclaim that
commits between authentication and the admission transaction refuses the result (401) instead of
recording it."""

from __future__ import annotations

import asyncio
import secrets
import threading
import time
from typing import Any

import asyncpg
import httpx
import pytest
from mango_server.devstack import Platform, Tenant
from mango_server.store import credentials

from ._client import CUSTOM_TOOL, client, history, say
from .test_work import bearer, claimed, env_key, new_environment

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]

BOTH = '/tool bash {"command": "echo hi"}\n/tool get_weather {"city": "Oslo"}'


def _session(http: httpx.Client, env_id: str) -> str:
    tools = [
        {
            "type": "agent_toolset_20260401",
            "configs": [{"name": "bash", "permission_policy": {"type": "always_allow"}}],
        },
        CUSTOM_TOOL,
    ]
    agent = http.post("/v1/agents", json={"name": "scope", "model": "mango-offline-1", "tools": tools})
    assert agent.status_code == 200, agent.text
    session = http.post("/v1/sessions", json={"agent": agent.json()["id"], "environment_id": env_id})
    assert session.status_code == 200, session.text
    return str(session.json()["id"])


def _calls(http: httpx.Client, sid: str) -> dict[str, str]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found = {e["type"]: e["id"] for e in history(http, sid) if e["type"].endswith("tool_use")}
        if len(found) == 2:
            return found
        time.sleep(0.1)
    raise AssertionError(f"the two tool calls never appeared: {history(http, sid)}")


def _text(text: str) -> list[dict[str, Any]]:
    return [{"type": "text", "text": text}]


def test_session_token_answers_tool_calls_only(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        env_id = new_environment(http, "scope")
        sid = _session(http, env_id)
        say(http, sid, BOTH)
        calls = _calls(http, sid)
        with bearer(mango_platform, env_key(mango_platform, mango_tenant, env_id)) as worker:
            _, token = claimed(mango_platform, worker, env_id)
        before = len(history(http, sid))
        with bearer(mango_platform, token) as runner:
            for other in (
                {"type": "user.message", "content": _text("from the sandbox")},
                {"type": "user.tool_confirmation", "tool_use_id": calls["agent.tool_use"], "result": "allow"},
                {"type": "user.interrupt"},
            ):
                refused = runner.post(f"/v1/sessions/{sid}/events", json={"events": [other]})
                assert refused.status_code == 403, refused.text
                assert refused.json()["error"]["type"] == "permission_error"
            assert len(history(http, sid)) == before  # nothing of a refused request is kept
            custom = {
                "type": "user.custom_tool_result",
                "custom_tool_use_id": calls["agent.custom_tool_use"],
                "content": _text("sunny"),
            }
            answered = runner.post(f"/v1/sessions/{sid}/events", json={"events": [custom]})
            assert answered.status_code == 200, answered.text
        [recorded] = [e for e in history(http, sid) if e["type"] == "user.custom_tool_result"]
        assert recorded["custom_tool_use_id"] == calls["agent.custom_tool_use"]


def test_reclaim_during_admission_refuses_the_result(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        env_id = new_environment(http, "fence")
        sid = _session(http, env_id)
        say(http, sid, BOTH)
        calls = _calls(http, sid)
        with bearer(mango_platform, env_key(mango_platform, mango_tenant, env_id)) as worker:
            work, token = claimed(mango_platform, worker, env_id)
        result = {"type": "user.tool_result", "tool_use_id": calls["agent.tool_use"], "content": _text("hi")}
        status = asyncio.run(_send_across_reclaim(mango_platform, token, sid, work["id"], result))
        assert status == 401
        assert not [e for e in history(http, sid) if e["type"] == "user.tool_result"]


async def _send_across_reclaim(platform: Platform, token: str, sid: str, work_id: str, result: dict[str, Any]) -> int:
    """Hold the Session row while the token's request authenticates and queues for it, rotate the token
    as a reclaim would, then let the request's transaction proceed; returns its HTTP status."""
    conn = await asyncpg.connect(platform.database_url)
    answer: list[int] = []
    try:
        holder = conn.transaction()
        await holder.start()
        await conn.execute("SELECT 1 FROM sessions WHERE id = $1 FOR UPDATE", sid)

        def send() -> None:
            with bearer(platform, token) as runner:
                answer.append(runner.post(f"/v1/sessions/{sid}/events", json={"events": [result]}).status_code)

        thread = threading.Thread(target=send)
        thread.start()
        await _until_blocked(conn)
        await conn.execute(
            "UPDATE work SET token_digest = $2 WHERE id = $1", work_id, credentials.digest(secrets.token_hex(16))
        )
        await holder.commit()
        await asyncio.to_thread(thread.join, 30)
    finally:
        await conn.close()
    return answer[0]


async def _until_blocked(conn: asyncpg.Connection) -> None:
    """Wait until another backend of this database waits on a lock (the request, past authentication)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        waiting = await conn.fetchval(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
        )
        if waiting:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the request never queued for the Session row")
