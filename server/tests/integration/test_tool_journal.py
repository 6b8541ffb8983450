"""The operation journal of worker-run built-ins on the real components: ``sessions.tool_calls.start`` is a
conditional, lease-fenced start (racing starts: one wins); a call whose worker was reclaimed after starting it is
answered ``ambiguous`` at the next lease's first heartbeat and never runs again, including a Python worker kit
process killed with SIGKILL in the middle of a ``bash`` call that appends a line to a file of its workspace."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from mango_server.devstack import Platform, Tenant

from ._client import client, history, say, wait_status
from .test_work import bearer, claimed, env_key, heartbeat, new_environment, new_session, poll, token_of, tool_use
from .test_worker_kit_live import drain_worker

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(240)]

APPEND = "echo journal-line >> journal.txt"


def _start(http: httpx.Client, sid: str, tool_use_id: str, **body: Any) -> httpx.Response:
    return http.post(f"/v1/sessions/{sid}/tool_calls/{tool_use_id}/start", json=body or None)


def _journal(platform: Platform, tool_use_id: str) -> tuple[str, str | None] | None:
    with psycopg.connect(platform.database_url) as conn:
        row = conn.execute("SELECT state, work_id FROM tool_calls WHERE event_id = %s", (tool_use_id,)).fetchone()
    return None if row is None else (str(row[0]), row[1])


def _answers(events: list[dict[str, Any]], tool_use_id: str) -> list[dict[str, Any]]:
    return [e for e in events if e.get("tool_use_id") == tool_use_id and e["type"].endswith("tool_result")]


def test_racing_starts_of_one_call_start_it_once(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        env_id = new_environment(http, "journal-race")
        sid = new_session(http, env_id)
        say(http, sid, "/tool bash " + json.dumps({"command": APPEND}))
        use = tool_use(http, sid)
        with bearer(mango_platform, env_key(mango_platform, mango_tenant, env_id)) as worker:
            _, token = claimed(mango_platform, worker, env_id)
        answers: list[httpx.Response] = []
        barrier = threading.Barrier(6)

        def race(credential: str) -> None:
            with bearer(mango_platform, credential) as racer:
                barrier.wait()
                answers.append(_start(racer, sid, use["id"]))

        racers = [threading.Thread(target=race, args=(c,)) for c in [token] * 3 + [mango_tenant.api_key] * 3]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join()
        statuses = sorted(a.status_code for a in answers)
        assert statuses == [200, 409, 409, 409, 409, 409], [a.text for a in answers]
        won = next(a.json() for a in answers if a.status_code == 200)
        assert (won["type"], won["id"], won["name"], won["state"]) == ("tool_call", use["id"], "bash", "started")
        assert won["finished_at"] is None
        lost = next(a.json() for a in answers if a.status_code == 409)
        assert lost["error"]["type"] == "conflict_error"
        assert "already started" in lost["error"]["message"]
        assert _journal(mango_platform, use["id"]) == ("started", won["work_id"])

        with bearer(mango_platform, token) as runner:
            # Another request of the winning lease (a new Idempotency-Key) is refused as well.
            assert _start(runner, sid, use["id"]).status_code == 409
            result = {"type": "user.tool_result", "tool_use_id": use["id"], "content": [{"type": "text", "text": "1"}]}
            assert runner.post(f"/v1/sessions/{sid}/events", json={"events": [result]}).status_code == 200
            assert _journal(mango_platform, use["id"]) == ("completed", won["work_id"])
            again = _start(runner, sid, use["id"])
            assert again.status_code == 409, again.text
            assert _start(runner, sid, "sevt_missing").status_code == 404
        wait_status(http, sid, "end_turn", timeout=60)


def _short_lease(platform: Platform, worker: httpx.Client, env_id: str, ttl: int = 2) -> tuple[dict[str, Any], str]:
    """Poll, Ack and the first heartbeat asking for a ``ttl`` second lease: an item and its token."""
    work = poll(worker, env_id)
    assert worker.post(f"/v1/environments/{env_id}/work/{work['id']}/ack").status_code == 200
    token = token_of(work)
    with bearer(platform, token) as runner:
        assert heartbeat(runner, env_id, work["id"], "NO_HEARTBEAT", ttl=ttl).status_code == 200
    return work, token


def test_a_start_is_replayed_by_its_key_and_fenced_by_the_lease(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        env_id = new_environment(http, "journal-fence")
        sid = new_session(http, env_id)
        say(http, sid, "/tool bash " + json.dumps({"command": APPEND}))
        use = tool_use(http, sid)
        with bearer(mango_platform, env_key(mango_platform, mango_tenant, env_id)) as worker:
            work, token = _short_lease(mango_platform, worker, env_id)
            with bearer(mango_platform, token) as runner:
                key = {"idempotency-key": f"journal-{time.monotonic_ns()}"}
                path = f"/v1/sessions/{sid}/tool_calls/{use['id']}/start"
                first, replay = runner.post(path, headers=key), runner.post(path, headers=key)
                assert first.status_code == replay.status_code == 200, (first.text, replay.text)
                assert replay.headers.get("idempotent-replayed") == "true"
                assert replay.json() == first.json()
                assert first.json()["work_id"] == work["id"]
            time.sleep(2.5)  # the lease lapses and the item is reclaimed: the old token is refused
            assert poll(worker, env_id)["id"] == work["id"]
            with bearer(mango_platform, token) as stale:
                assert _start(stale, sid, use["id"]).status_code == 401
                result = {"type": "user.tool_result", "tool_use_id": use["id"], "content": []}
                assert stale.post(f"/v1/sessions/{sid}/events", json={"events": [result]}).status_code == 401


def test_a_call_started_under_a_reclaimed_lease_is_answered_ambiguous(
    mango_platform: Platform, mango_tenant: Tenant
) -> None:
    with client(mango_platform, mango_tenant) as http:
        env_id = new_environment(http, "journal-reclaim")
        sid = new_session(http, env_id)
        say(http, sid, "/tool bash " + json.dumps({"command": APPEND}))
        use = tool_use(http, sid)
        with bearer(mango_platform, env_key(mango_platform, mango_tenant, env_id)) as worker:
            work, token = _short_lease(mango_platform, worker, env_id)
            with bearer(mango_platform, token) as first:
                assert _start(first, sid, use["id"]).json()["state"] == "started"
            time.sleep(2.5)  # the first worker died mid-call: its lease lapses
            reclaimed = poll(worker, env_id)
            assert reclaimed["id"] == work["id"]
            assert worker.post(f"/v1/environments/{env_id}/work/{work['id']}/ack").status_code == 200
            assert _answers(history(http, sid), use["id"]) == []  # nothing is answered before the new lease starts
            with bearer(mango_platform, token_of(reclaimed)) as second:
                assert heartbeat(second, env_id, work["id"], "NO_HEARTBEAT").status_code == 200
                [answer] = _answers(history(http, sid), use["id"])
                assert answer["type"] == "agent.tool_result"
                assert answer["outcome"] == "ambiguous"
                assert answer["is_error"] is True
                assert "stopped before it reported a result" in answer["content"][0]["text"]
                refused = _start(second, sid, use["id"])
                assert refused.status_code == 409, refused.text
        assert _journal(mango_platform, use["id"]) == ("ambiguous", work["id"])
        wait_status(http, sid, "end_turn", timeout=60)
        reply = [e for e in history(http, sid) if e["type"] == "agent.message"][-1]["content"][0]["text"]
        assert "(error): The worker running this tool call stopped" in reply


def test_a_start_under_a_new_lease_answers_a_call_the_old_lease_started(
    mango_platform: Platform, mango_tenant: Tenant
) -> None:
    """A worker that skips the heartbeat settlement (its start comes first) still never runs the call."""
    with client(mango_platform, mango_tenant) as http:
        env_id = new_environment(http, "journal-late")
        sid = new_session(http, env_id)
        say(http, sid, "/tool bash " + json.dumps({"command": APPEND}))
        use = tool_use(http, sid)
        with bearer(mango_platform, env_key(mango_platform, mango_tenant, env_id)) as worker:
            _, token = _short_lease(mango_platform, worker, env_id)
            with bearer(mango_platform, token) as first:
                assert _start(first, sid, use["id"]).json()["state"] == "started"
            time.sleep(2.5)
            reclaimed = poll(worker, env_id)
            assert worker.post(f"/v1/environments/{env_id}/work/{reclaimed['id']}/ack").status_code == 200
            with bearer(mango_platform, token_of(reclaimed)) as second:  # acknowledged, no heartbeat yet
                answer = _start(second, sid, use["id"])
                assert answer.status_code == 200, answer.text
                assert answer.json()["state"] == "ambiguous"
                assert answer.json()["finished_at"] is not None
        [event] = _answers(history(http, sid), use["id"])
        assert event["outcome"] == "ambiguous"
        wait_status(http, sid, "end_turn", timeout=60)


_KIT_WORKER = """
import asyncio, os, sys
from mango.lib import EnvironmentWorker

worker = EnvironmentWorker(
    base_url=sys.argv[1],
    environment_id=sys.argv[2],
    environment_key=os.environ["MANGO_ENVIRONMENT_KEY"],
    workdir=sys.argv[3],
    desired_ttl_seconds=3,
    memory_sync_interval=None,
    max_idle=60.0,
)
asyncio.run(worker.run())
"""


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.append(int(entry.name))
    return found


def _wait(predicate: Any, what: str, timeout: float = 60.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def test_a_worker_killed_mid_bash_is_not_run_again_after_reclaim(
    mango_platform: Platform, mango_tenant: Tenant, tmp_path: Path
) -> None:
    workdir = tmp_path / "work"
    workdir.mkdir()
    marker = workdir / "journal.txt"
    with client(mango_platform, mango_tenant) as http:
        env_id = new_environment(http, "journal-kill")
        sid = new_session(http, env_id)
        key = env_key(mango_platform, mango_tenant, env_id)
        say(http, sid, "/tool bash " + json.dumps({"command": APPEND + "; sleep 60"}))
        use = tool_use(http, sid)
        first = subprocess.Popen(
            [sys.executable, "-c", _KIT_WORKER, mango_platform.base_url, env_id, str(workdir)],
            env={**os.environ, "MANGO_ENVIRONMENT_KEY": key},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        shells: list[int] = []
        try:
            _wait(lambda: marker.exists() and marker.read_text() == "journal-line\n", "the bash call to append")
            shells = _children(first.pid)  # the persistent shell, in a process group of its own
            first.send_signal(signal.SIGKILL)
            first.wait(timeout=30)
        finally:
            if first.poll() is None:
                first.kill()
                first.wait()
            for shell in shells:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(shell, signal.SIGKILL)
        assert _journal(mango_platform, use["id"]) is not None
        assert _answers(history(http, sid), use["id"]) == []
        time.sleep(3.5)  # the killed worker's 3 s lease lapses, so the queue offers the item again

        drain_worker(mango_platform, mango_tenant, env_id, workdir, max_idle=1.0, memory_sync_interval=None)

        wait_status(http, sid, "end_turn", timeout=60)
        events = history(http, sid)
        [answer] = _answers(events, use["id"])
        assert (answer["type"], answer["outcome"], answer["is_error"]) == ("agent.tool_result", "ambiguous", True)
        assert not [e for e in events if e["type"] == "user.tool_result"]
        reply = [e for e in events if e["type"] == "agent.message"][-1]["content"][0]["text"]
        assert "(error): The worker running this tool call stopped" in reply
    assert marker.read_text() == "journal-line\n"  # the line is there once: the call never ran again
    assert _journal(mango_platform, use["id"]) is not None
    assert _journal(mango_platform, use["id"])[0] == "ambiguous"  # type: ignore[index]
