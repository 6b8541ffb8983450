"""Real platform + real Docker: a catastrophic grep and a read of a FIFO inside the item container end
with error results (the grep at ``--tool-deadline``), and the Session's turn completes."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from mango_server.devstack import Platform

from .sessions import Setup, bash_lines, events, new_session, running_worker, say, wait_idle

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.docker, pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(600)]


def _tool(name: str, arguments: dict[str, Any]) -> str:
    return f"/tool {name} {json.dumps(arguments)}"


def test_a_hanging_grep_and_a_fifo_read_end_with_error_results(
    mango_platform: Platform, setup: Setup, runtime_image: str, tmp_path: Path
) -> None:
    session_id = new_session(setup, "deadlines")
    prepare = bash_lines("mkfifo /workspace/pipe && printf 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!\\n' > evil.txt")
    calls = [
        _tool("read", {"file_path": "pipe"}),
        _tool("grep", {"pattern": "^(a+)+$", "path": "evil.txt"}),
        _tool("grep", {"pattern": "a!$", "path": "evil.txt"}),
    ]
    extra = ("--tool-deadline", "3")
    with running_worker(mango_platform, setup, runtime_image, tmp_path / "ws", tmp_path / "worker.log", *extra):
        began = time.monotonic()
        say(setup.http, session_id, "\n".join([prepare, *calls]))
        wait_idle(setup.http, session_id, "end_turn", timeout=180)
        seconds = time.monotonic() - began
    history = events(setup.http, session_id)
    uses = {e["id"]: e["name"] for e in history if e["type"] == "agent.tool_use"}
    answered = [(uses[e["tool_use_id"]], e) for e in history if e["type"] == "user.tool_result"]
    assert [name for name, _ in answered] == ["bash", "read", "grep", "grep"]
    texts = ["".join(block.get("text", "") for block in e["content"]) for _, e in answered]
    assert answered[0][1].get("is_error") is not True, texts[0]
    assert answered[1][1]["is_error"] is True
    assert "not a regular file" in texts[1]
    assert answered[2][1]["is_error"] is True
    assert texts[2] == "The grep tool did not finish within 3 seconds."
    assert answered[3][1].get("is_error") is not True
    assert texts[3] == "evil.txt:1:" + "a" * 40 + "!"
    assert seconds < 120
