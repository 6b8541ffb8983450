"""Rounds the loop must not drop: thinking blocks (kept exactly, announced by ``agent.thinking``), a
``pause_turn`` stop continued with the same transcript, and a ``max_tokens`` stop surfaced in the idle event."""

from __future__ import annotations

import json
import time

import psycopg
import pytest
from mango_server.devstack import Platform, Tenant

from ._client import client, history, new_session, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]


def _assistant_blocks(platform: Platform, session_id: str) -> list[list[dict[str, object]]]:
    with psycopg.connect(platform.database_url) as conn:
        rows = conn.execute(
            "SELECT blocks::text FROM provider_transcript WHERE session_id = %s AND role = 'assistant'"
            " ORDER BY created_at, position",
            (session_id,),
        ).fetchall()
    return [json.loads(row[0]) for row in rows]


def test_thinking_is_announced_and_kept_exactly(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "thinking")
        say(http, sid, "/thinking private chain\n/text visible")
        wait_status(http, sid, "end_turn")
        events = history(http, sid)
        types = [e["type"] for e in events]
        assert types.index("agent.thinking") < types.index("agent.message")
        thinking = next(e for e in events if e["type"] == "agent.thinking")
        assert "private chain" not in json.dumps([e for e in events if e["type"] != "user.message"])
        assert set(thinking) <= {"type", "id", "processed_at", "created_at", "session_thread_id"}
        [blocks] = _assistant_blocks(mango_platform, sid)
        assert blocks[0]["type"] == "thinking"
        assert blocks[0]["thinking"] == "private chain"


def test_pause_turn_continues_with_the_same_transcript(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "pause")
        say(http, sid, "/pause\n/text continued")
        wait_status(http, sid, "end_turn")
        events = history(http, sid)
        types = [e["type"] for e in events]
        assert types.count("span.model_request_start") == 2
        assert types.count("session.status_idle") == 1
        assert len(_assistant_blocks(mango_platform, sid)) == 2


def test_max_tokens_stop_is_surfaced_in_the_idle_event(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "max-tokens")
        say(http, sid, "/max-tokens\n/text cut")
        session = wait_status(http, sid, "max_tokens")
        assert session["stop_reason"] == {"type": "max_tokens"}
        idle = history(http, sid)[-1]
        assert idle["type"] == "session.status_idle"
        assert idle["stop_reason"] == {"type": "max_tokens"}
        say(http, sid, "again")
        wait_status(http, sid, "end_turn")  # the Session goes on


def test_a_round_commits_its_start_before_the_model_answers(mango_platform: Platform, mango_tenant: Tenant) -> None:
    """Every model is asked outside the transaction that opened its round: the round's start commits
    first, and the answer commits with the idle status in one append (one ``created_at``)."""

    def round_times(events: list[dict[str, object]], after: int) -> list[object]:
        kinds = ("span.model_request_start", "agent.message", "session.status_idle")
        return [next(e["created_at"] for e in events[after:] if e["type"] == kind) for kind in kinds]

    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "two-commits")
        for n, text in enumerate(("hello", "/sleep 300\nslow")):
            before = len(history(http, sid))
            say(http, sid, text)
            deadline = time.monotonic() + 30
            later = history(http, sid)
            while "session.status_idle" not in [e["type"] for e in later[before:]]:
                assert time.monotonic() < deadline, f"turn {n} never went idle"
                time.sleep(0.1)
                later = history(http, sid)
            start, message, idle = round_times(later, before)
            assert start != message
            assert message == idle
