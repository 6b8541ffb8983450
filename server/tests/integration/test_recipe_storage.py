"""Bounded recipe storage on the real components: a request recipe stores what is new since the previous
one (system prompt and tools as content-addressed parts stored once, the entries as the previous
request's plus the appended ones), so its bytes per request stay flat from turn 10 to turn 100 of a
Session, while its full form still names every entry the request sent."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator

import psycopg
import pytest
from mango_server.devstack import DevStack, Platform

from ._client import client, history, new_session, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(600)]

TURNS = 100


@pytest.fixture
def platform(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    running = Platform(mango_services, tmp_path_factory.mktemp("recipes"))
    running.start()
    try:
        yield running
    finally:
        running.stop()


# Each request's stored bytes: its recipe's text and the parts first stored with it (same Workspace, same
# transaction time).
_BYTES = """
SELECT r.id, octet_length(r.recipe::text)
       + coalesce((SELECT sum(octet_length(p.body::text)) FROM recipe_parts p
                   WHERE p.workspace_id = r.workspace_id AND p.created_at = r.created_at), 0),
       json_array_length(mango_request_recipe(r.id)->'entries'), octet_length(mango_request_recipe(r.id)::text)
FROM model_requests r WHERE r.session_id = %s ORDER BY r.seq
"""


def test_recipe_bytes_per_request_stay_flat_as_a_session_grows(platform: Platform) -> None:
    tenant = platform.create_tenant("recipes")
    with client(platform, tenant) as http:
        sid = new_session(http, "recipes")
        for turn in range(TURNS):
            say(http, sid, f"turn {turn}: a short message")
            wait_status(http, sid, "end_turn", timeout=60)
        events = history(http, sid)
    assert not [e for e in events if e["type"] == "session.error"]
    assert not [e for e in events if e["type"] == "agent.thread_context_compacted"]
    with psycopg.connect(platform.database_url) as conn:
        rows = conn.execute(_BYTES, (sid,)).fetchall()
        parts = conn.execute(
            "SELECT count(*) FROM recipe_parts WHERE workspace_id = %s", (tenant.workspace_id,)
        ).fetchone()
    assert len(rows) == TURNS
    sizes = [int(size) for _, size, _, _ in rows]
    full = [int(size) for _, _, _, size in rows]
    assert full[TURNS - 1] > full[9] + 1000  # what a recipe holds in full grows with the Session
    assert parts is not None
    assert parts[0] <= 3  # one system prompt, tool list and tool configuration, stored once
    # The first request stores the parts; every later one only what is new since the previous one.
    assert sizes[0] > sizes[1]
    assert sizes[TURNS - 1] <= sizes[9] + 64, sizes  # flat: the same few hundred bytes at turn 10 and turn 100
    # The full form still names every entry: two per turn (the user's message and the answer), the last one's.
    assert [int(count) for _, _, count, _ in rows] == [2 * turn + 1 for turn in range(TURNS)]
    body = json.loads(_mango(platform, "session", "inspect", sid, "--request", str(rows[-1][0])))
    assert len(body["messages"]) >= 1
    assert f"turn {TURNS - 1}: a short message" in json.dumps(body["messages"][-1])
    assert "turn 0: a short message" in json.dumps(body["messages"][0])


def _mango(platform: Platform, *args: str) -> bytes:
    done = subprocess.run(
        [sys.executable, "-m", "mango_server", *args],
        env={**os.environ, **platform.env()},
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout
