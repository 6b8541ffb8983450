"""Session deletion tears down the sandbox through the work queue: deleting a Session whose Work a
worker claimed queues one ``session_teardown`` item naming it (with the removal of its rows), which
a worker claims, acknowledges and Stops with its own session token; a Session no worker ever
served queues none, and a kept Session's Work is untouched."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from mango_server.devstack import Platform, Tenant

from ._client import client, say
from .test_work import BASH, bearer, claimed, env_key, new_environment, new_session, poll, token_of

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]


def _items(http: httpx.Client, env_id: str) -> list[dict[str, Any]]:
    return list(http.get(f"/v1/environments/{env_id}/work", params={"limit": 100}).json()["data"])


def _teardowns(http: httpx.Client, env_id: str) -> list[dict[str, Any]]:
    return [w for w in _items(http, env_id) if w["data"]["type"] == "session_teardown"]


def _removed(http: httpx.Client, env_id: str, session_id: str, timeout: float = 60.0) -> list[dict[str, Any]]:
    """Wait until the deletion saga removed the Session (its teardown, if any, is queued by then)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not any(w["data"]["type"] == "session" and w["data"]["id"] == session_id for w in _items(http, env_id)):
            return _teardowns(http, env_id)
        time.sleep(0.2)
    raise AssertionError(f"session {session_id} was never removed")


def test_deleting_a_served_session_queues_one_teardown_a_worker_stops(
    mango_platform: Platform, mango_tenant: Tenant
) -> None:
    with client(mango_platform, mango_tenant) as http:
        env_id = new_environment(http, "teardown")
        deleted, kept = new_session(http, env_id), new_session(http, env_id)
        with bearer(mango_platform, env_key(mango_platform, mango_tenant, env_id)) as worker:
            say(http, deleted, BASH)
            work, _ = claimed(mango_platform, worker, env_id)  # a worker served it: a workspace may exist
            assert work["data"] == {"type": "session", "id": deleted}
            say(http, kept, BASH)
            kept_work, _ = claimed(mango_platform, worker, env_id)
            assert http.delete(f"/v1/sessions/{deleted}").status_code == 200
            [teardown] = _removed(http, env_id, deleted)
            assert teardown["data"] == {"type": "session_teardown", "id": deleted}
            assert teardown["state"] == "queued"
            # The worker claims it like any item and Stops it with the item's own token.
            item = poll(worker, env_id)
            assert item["id"] == teardown["id"]
            assert item["data"] == {"type": "session_teardown", "id": deleted}
            assert worker.post(f"/v1/environments/{env_id}/work/{item['id']}/ack").status_code == 200
            with bearer(mango_platform, token_of(item)) as runner:
                assert runner.get(f"/v1/sessions/{deleted}").status_code in (401, 403, 404)
                stopped = runner.post(f"/v1/environments/{env_id}/work/{item['id']}/stop", json={"force": True})
                assert stopped.status_code == 200, stopped.text
                assert stopped.json()["state"] == "stopped"
        # One teardown per deleted Session; the kept Session's Work goes on.
        assert [t["state"] for t in _teardowns(http, env_id)] == ["stopped"]
        current = {w["id"]: w for w in _items(http, env_id)}
        assert current[kept_work["id"]]["state"] == "active"
        assert http.get(f"/v1/sessions/{kept}").status_code == 200


def test_deleting_a_session_no_worker_served_queues_no_teardown(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        env_id = new_environment(http, "no-teardown")
        sid = new_session(http, env_id)
        say(http, sid, BASH)  # Work is queued, but no worker ever claims it
        deadline = time.monotonic() + 30
        while not _items(http, env_id):
            assert time.monotonic() < deadline, "no Work was queued"
            time.sleep(0.1)
        assert http.delete(f"/v1/sessions/{sid}").status_code == 200
        assert _removed(http, env_id, sid) == []
