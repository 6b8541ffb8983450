"""Request snapshots through the Messages adapter against the windowed wire fake: every recorded
recipe rebuilds, through ``mango session inspect``, byte for byte the body the adapter sent, before
and after compaction; usage anchors come from the provider's reported usage."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from mango_server.devstack import DevStack, Platform

from ..support.fake_messages import FakeMessagesServer, MessageReply, RecordedRequest
from ._client import client, history, new_session, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(240)]

API_KEY = "sk-fake-snapshot-key"
WINDOW = 6000


@pytest.fixture
def fake() -> Iterator[FakeMessagesServer]:
    with FakeMessagesServer(api_key=API_KEY, context_window=WINDOW) as server:
        yield server


@pytest.fixture
def platform(
    mango_services: DevStack, fake: FakeMessagesServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Platform]:
    running = Platform(mango_services, tmp_path_factory.mktemp("snapshots"))
    running.extra_env = {
        "MANGO_MODEL_PROVIDER": "messages",
        "MANGO_MODEL_BASE_URL": fake.base_url,
        "MANGO_MODEL_API_KEY": API_KEY,
        "MANGO_MODEL_WINDOWS": f"mango-offline-1={WINDOW}:512",
    }
    running.start()
    try:
        yield running
    finally:
        running.stop()


def _echo(request: RecordedRequest) -> MessageReply:
    last = request.json()["messages"][-1]["content"][-1]
    return MessageReply(content=[{"type": "text", "text": "Echo: " + str(last.get("text", ""))[:1500]}])


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


def test_inspect_rebuilds_exactly_the_body_the_adapter_sent(platform: Platform, fake: FakeMessagesServer) -> None:
    fake.enqueue(*[_echo for _ in range(12)])
    tenant = platform.create_tenant("snapshots")
    with client(platform, tenant) as http:
        sid = new_session(http, "snapshots")
        for turn in range(10):
            say(http, sid, f"turn {turn}: " + " ".join(f"w{turn}-{i}" for i in range(200)))
            wait_status(http, sid, "end_turn", timeout=60)
        events = history(http, sid)
    assert any(e["type"] == "agent.thread_context_compacted" for e in events)
    assert not [e for e in events if e["type"] == "session.error"]  # admission kept every request under the window
    listing = [json.loads(line) for line in _mango(platform, "session", "inspect", sid).decode().splitlines()]
    starts = [e["id"] for e in events if e["type"] == "span.model_request_start"]
    assert [row["id"] for row in listing] == starts
    assert len(fake.requests) == len(listing) == 10
    for row, sent in zip(listing, fake.requests, strict=True):
        rebuilt = _mango(platform, "session", "inspect", sid, "--request", row["id"])
        assert rebuilt == sent.body + b"\n"
        assert row["provider_request_id"] == "req_fake_01"
        assert row["usage"]["input_tokens"] == _measured(sent.json())
    assert any(row["compaction_id"] for row in listing)


def _measured(body: dict[str, Any]) -> int:
    from mango_server.domain.tokens import estimate_request

    return estimate_request(body.get("system"), body["messages"], body.get("tools") or [])


def test_inspect_answers_an_unknown_session_or_request_clearly(platform: Platform) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mango_server", "session", "inspect", "sesn_missing"],
        env={**os.environ, **platform.env()},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert "no Session sesn_missing" in done.stderr
