"""``mango connect``: history and live events, messages, approvals and detaching without interrupting."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
from mango_server.devstack import Platform, Tenant

from ._client import client, history, new_session, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(120)]


def _connect(platform: Platform, tenant: Tenant, session_id: str) -> subprocess.Popen[str]:
    env = {**os.environ, "MANGO_BASE_URL": platform.base_url, "MANGO_API_KEY": tenant.api_key}
    return subprocess.Popen(
        [sys.executable, "-m", "mango_server", "connect", session_id],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def test_connect_shows_history_sends_and_detaches(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "connect")
        say(http, sid, "before connecting")
        wait_status(http, sid, "end_turn")
        proc = _connect(mango_platform, mango_tenant, sid)
        assert proc.stdin is not None
        time.sleep(1.5)
        proc.stdin.write("hello from the terminal\n")
        proc.stdin.flush()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            replies = [e for e in history(http, sid) if e["type"] == "agent.message"]
            if len(replies) == 2 and http.get(f"/v1/sessions/{sid}").json()["status"] == "idle":
                break
            time.sleep(0.2)
        time.sleep(0.5)
        proc.stdin.write("/quit\n")
        proc.stdin.flush()
        output, _ = proc.communicate(timeout=30)
        assert proc.returncode == 0, output
        assert "you: before connecting" in output
        assert "agent: You said: before connecting" in output
        assert "agent: You said: hello from the terminal" in output
        assert output.count("agent: You said: hello from the terminal") == 1  # de-duplicated
        assert "detached" in output
        assert not any(e["type"] == "user.interrupt" for e in history(http, sid))


def test_connect_answers_an_approval(mango_platform: Platform, mango_tenant: Tenant) -> None:
    toolset = {
        "type": "agent_toolset_20260401",
        "configs": [{"name": "bash", "permission_policy": {"type": "always_ask"}}],
    }
    with client(mango_platform, mango_tenant) as http:
        agent = http.post("/v1/agents", json={"name": "ask", "model": "mango-offline-1", "tools": [toolset]}).json()
        env = http.post("/v1/environments", json={"name": f"connect-ask-{time.monotonic_ns()}"}).json()
        sid = http.post("/v1/sessions", json={"agent": agent["id"], "environment_id": env["id"]}).json()["id"]
        say(http, sid, '/tool bash {"command": "rm -rf /tmp/x"}')
        wait_status(http, sid, "requires_action")
        proc = _connect(mango_platform, mango_tenant, sid)
        assert proc.stdin is not None
        time.sleep(1.5)
        # An idle interrupt keeps the approval pending, and connect shows it again.
        proc.stdin.write("/interrupt\n")
        proc.stdin.flush()
        deadline = time.monotonic() + 30
        while history(http, sid)[-1]["type"] != "session.status_idle" or not any(
            e["type"] == "user.interrupt" for e in history(http, sid)
        ):
            assert time.monotonic() < deadline, "the interrupt was never recorded"
            time.sleep(0.1)
        time.sleep(0.5)
        proc.stdin.write("/deny not on my machine\n")
        proc.stdin.flush()
        wait_status(http, sid, "end_turn")
        time.sleep(0.5)
        proc.stdin.write("/quit\n")
        proc.stdin.flush()
        output, _ = proc.communicate(timeout=30)
        assert "(needs approval: /allow or /deny)" in output
        call = next(e for e in history(http, sid) if e["type"] == "agent.tool_use")
        after = output[output.index("-- user.interrupt") :]
        assert f"pending: bash id={call['id']} (needs approval: /allow or /deny)" in after
        [confirmation] = [e for e in history(http, sid) if e["type"] == "user.tool_confirmation"]
        assert confirmation["result"] == "deny"
        assert confirmation["deny_message"] == "not on my machine"
        final = [e for e in history(http, sid) if e["type"] == "agent.message"][-1]
        assert "not on my machine" in final["content"][0]["text"]


def test_connect_shows_child_activity_and_relays_a_child_approval(
    mango_platform: Platform, mango_tenant: Tenant
) -> None:
    toolset = {
        "type": "agent_toolset_20260401",
        "configs": [{"name": "bash", "permission_policy": {"type": "always_ask"}}],
    }
    with client(mango_platform, mango_tenant) as http:
        member = http.post("/v1/agents", json={"name": "helper", "model": "mango-offline-1", "tools": [toolset]}).json()
        roster = {"type": "coordinator", "agents": [member["id"]]}
        lead = http.post("/v1/agents", json={"name": "lead", "model": "mango-offline-1", "multiagent": roster}).json()
        env = http.post("/v1/environments", json={"name": f"connect-team-{time.monotonic_ns()}"}).json()
        sid = http.post("/v1/sessions", json={"agent": lead["id"], "environment_id": env["id"]}).json()["id"]
        say(http, sid, '/delegate helper /tool bash {"command": "rm -rf /tmp/x"}')
        deadline = time.monotonic() + 30
        while not any(e["type"] == "agent.tool_use" for e in history(http, sid)):
            assert time.monotonic() < deadline, "the child's call was never cross-posted"
            time.sleep(0.1)
        proc = _connect(mango_platform, mango_tenant, sid)
        assert proc.stdin is not None
        time.sleep(1.5)
        proc.stdin.write("/deny not here\n")
        proc.stdin.flush()
        deadline = time.monotonic() + 30
        while not any(e["type"] == "agent.thread_message_received" for e in history(http, sid)):
            assert time.monotonic() < deadline, "the child never reported"
            time.sleep(0.1)
        wait_status(http, sid, "end_turn")
        time.sleep(0.5)
        proc.stdin.write("/quit\n")
        proc.stdin.flush()
        output, _ = proc.communicate(timeout=30)
        threads = http.get(f"/v1/sessions/{sid}/threads").json()["data"]
        child = next(t for t in threads if t["parent_thread_id"])
        assert f"[thread {child['id']}] [agent.tool_use] bash" in output
        assert "thread created for helper" in output
        assert "helper (" in output  # the report line
        child_events = http.get(f"/v1/sessions/{sid}/threads/{child['id']}/events").json()["data"]
        [confirmation] = [e for e in child_events if e["type"] == "user.tool_confirmation"]
        assert confirmation["result"] == "deny"
        assert confirmation["deny_message"] == "not here"
