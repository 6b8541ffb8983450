"""The official client's ``EnvironmentWorker`` (``anthropic.lib.environments``) serving a Mango Session:
it polls Mango's work queue with an Environment key, holds the Work's lease, and answers the
Session's ``write``, ``read`` and ``bash`` calls with ``user.tool_result``; the ``bash`` call is
``always_ask`` and runs only once it is approved with ``user.tool_confirmation`` through the API.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import anthropic
import pytest
from anthropic.lib.environments import EnvironmentWorker
from mango_server.devstack import Platform, Tenant

from ._flow import MODEL, event_of, events, say, unique, wait_for, wait_idle
from .conftest import issue_environment_key

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(240)]

TOOLSET = {
    "type": "agent_toolset_20260401",
    "configs": [{"name": "bash", "permission_policy": {"type": "always_ask"}}],
}


class WorkerThread:
    """``EnvironmentWorker.run()`` (which loops until cancelled) on its own event loop in a thread, with
    its own ``AsyncAnthropic`` client (closed on that loop when the worker stops)."""

    def __init__(self, base_url: str, api_key: str, **options: Any) -> None:
        self._client_args = {"base_url": base_url, "api_key": api_key}
        self._options = options
        self._loop = asyncio.new_event_loop()
        self._task: asyncio.Task[None] | None = None
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._main, daemon=True)

    def _main(self) -> None:
        async def run() -> None:
            self._task = asyncio.current_task()
            async with anthropic.AsyncAnthropic(**self._client_args) as client:
                worker = client.beta.environments.work.worker(**self._options)
                assert isinstance(worker, EnvironmentWorker)
                await worker.run()

        try:
            self._loop.run_until_complete(run())
        except asyncio.CancelledError:
            pass
        except BaseException as exc:  # surfaced by the test
            self.error = exc
        finally:
            self._loop.run_until_complete(self._loop.shutdown_asyncgens())
            self._loop.close()

    def __enter__(self) -> WorkerThread:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._task is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._task.cancel)
        self._thread.join(timeout=30)
        assert not self._thread.is_alive(), "the worker did not stop"
        assert self.error is None, f"the worker failed: {self.error!r}"


def _tool_result(client: anthropic.Anthropic, session_id: str, call_id: str) -> Any:
    return wait_for(
        lambda: next(
            (e for e in events(client, session_id) if e.type == "user.tool_result" and e.tool_use_id == call_id), None
        ),
        f"the result of {call_id}",
    )


def _text(result: Any) -> str:
    return "".join(block.text for block in result.content or [] if block.type == "text")


def _call(client: anthropic.Anthropic, session_id: str, after: int) -> Any:
    return wait_for(
        lambda: ([e for e in events(client, session_id) if e.type == "agent.tool_use"][after:] or [None])[0],
        "a tool call",
    )


def test_environment_worker_serves_builtin_tools(
    official: anthropic.Anthropic,
    compat_platform: Platform,
    compat_tenant: Tenant,
    tmp_path: Path,
) -> None:
    agent = official.beta.agents.create(name=unique("compat-worker"), model=MODEL, tools=[TOOLSET])
    env = official.beta.environments.create(name=unique("compat-worker"), config={"type": "self_hosted"})
    session = official.beta.sessions.create(agent=agent.id, environment_id=env.id)
    key = issue_environment_key(compat_platform, compat_tenant, env.id)
    with WorkerThread(
        compat_platform.base_url,
        compat_tenant.api_key,
        environment_id=env.id,
        environment_key=key,
        workdir=tmp_path,
        max_idle=2.0,
    ):
        say(official, session.id, '/tool write {"file_path": "hello.txt", "content": "hi from the official worker\\n"}')
        write = _call(official, session.id, 0)
        assert write.name == "write"
        assert _tool_result(official, session.id, write.id).is_error in (None, False)
        assert (tmp_path / "hello.txt").read_text() == "hi from the official worker\n"
        wait_idle(official, session.id, "end_turn")

        say(official, session.id, '/tool read {"file_path": "hello.txt"}')
        read = _call(official, session.id, 1)
        assert "hi from the official worker" in _text(_tool_result(official, session.id, read.id))
        wait_idle(official, session.id, "end_turn")

        say(official, session.id, '/tool bash {"command": "cat hello.txt | tr a-z A-Z > shout.txt && echo done"}')
        bash = _call(official, session.id, 2)
        assert bash.evaluated_permission == "ask"
        wait_idle(official, session.id, "requires_action")
        assert not (tmp_path / "shout.txt").exists()  # nothing runs before the approval
        official.beta.sessions.events.send(
            session.id, events=[{"type": "user.tool_confirmation", "tool_use_id": bash.id, "result": "allow"}]
        )
        assert "done" in _text(_tool_result(official, session.id, bash.id))
        assert (tmp_path / "shout.txt").read_text() == "HI FROM THE OFFICIAL WORKER\n"
        wait_idle(official, session.id, "end_turn")
    assert official.beta.environments.work.stats(env.id).depth == 0
    assert [e.type for e in events(official, session.id)].count("user.tool_result") == 3
    assert event_of(official, session.id, "user.tool_confirmation").result == "allow"
