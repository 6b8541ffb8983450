"""Helpers for the real-platform worker tests: raw HTTP against the api, a supervisor subprocess."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from mango_server.devstack import Platform, Tenant

TOOLSET = {"type": "agent_toolset_20260401"}


@dataclass
class Setup:
    http: httpx.Client
    environment_id: str
    environment_key: str


def create_environment(platform: Platform, tenant: Tenant, http: httpx.Client, name: str) -> Setup:
    env = http.post("/v1/environments", json={"name": f"{name}-{time.monotonic_ns()}"})
    assert env.status_code == 200, env.text
    environment_id = str(env.json()["id"])

    async def create_key() -> str:
        import asyncpg
        from mango_server.store import credentials

        conn = await asyncpg.connect(platform.database_url)
        try:
            return (await credentials.create_environment_key(conn, tenant.workspace_id, environment_id)).secret
        finally:
            await conn.close()

    return Setup(http, environment_id, asyncio.run(create_key()))


def new_session(
    setup: Setup,
    name: str,
    *,
    ask_bash: bool = False,
    skills: list[dict[str, Any]] | None = None,
    resources: list[dict[str, Any]] | None = None,
) -> str:
    tools: dict[str, Any] = dict(TOOLSET)
    if ask_bash:
        tools["configs"] = [{"name": "bash", "permission_policy": {"type": "always_ask"}}]
    spec: dict[str, Any] = {"name": name, "model": "mango-offline-1", "tools": [tools]}
    if skills:
        spec["skills"] = skills
    agent = setup.http.post("/v1/agents", json=spec)
    assert agent.status_code == 200, agent.text
    body: dict[str, Any] = {"agent": agent.json()["id"], "environment_id": setup.environment_id}
    if resources:
        body["resources"] = resources
    session = setup.http.post("/v1/sessions", json=body)
    assert session.status_code == 200, session.text
    return str(session.json()["id"])


def bash_lines(*commands: str) -> str:
    return "\n".join("/tool bash " + json.dumps({"command": command}) for command in commands)


def say(http: httpx.Client, session_id: str, text: str) -> None:
    event = {"type": "user.message", "content": [{"type": "text", "text": text}]}
    response = http.post(f"/v1/sessions/{session_id}/events", json={"events": [event]})
    assert response.status_code == 200, response.text


def events(http: httpx.Client, session_id: str) -> list[dict[str, Any]]:
    body = http.get(f"/v1/sessions/{session_id}/events", params={"limit": 1000}).json()
    return list(body["data"])


def wait_for(predicate: Any, what: str, timeout: float = 90.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"timed out after {timeout:.0f}s waiting for {what}")


def wait_idle(http: httpx.Client, session_id: str, stop_type: str, timeout: float = 120.0) -> dict[str, Any]:
    def idle() -> dict[str, Any] | None:
        session = http.get(f"/v1/sessions/{session_id}").json()
        ok = session["status"] == "idle" and (session["stop_reason"] or {}).get("type") == stop_type
        return dict(session) if ok else None

    return dict(wait_for(idle, f"session {session_id} idle/{stop_type}", timeout))


def results(http: httpx.Client, session_id: str) -> dict[str, dict[str, Any]]:
    """``user.tool_result`` events by the ``agent.tool_use`` id they answer."""
    return {e["tool_use_id"]: e for e in events(http, session_id) if e["type"] == "user.tool_result"}


def text_of(result: dict[str, Any]) -> str:
    return "".join(block.get("text", "") for block in result["content"])


@dataclass
class Worker:
    process: subprocess.Popen[bytes]
    log_path: Path

    def records(self) -> list[dict[str, Any]]:
        lines = self.log_path.read_text(errors="replace").splitlines()
        return [json.loads(line) for line in lines if line.startswith("{")]

    def actions(self, action: str) -> list[dict[str, Any]]:
        """The supervisor's own records with this action (the SDK logs some of the same names)."""
        return [r for r in self.records() if r.get("action") == action and r["logger"].startswith("mango_worker.")]

    def terminate(self, timeout: float = 120.0) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=timeout)


@contextmanager
def running_worker(
    platform: Platform, setup: Setup, image: str, root: Path | None, log_path: Path, *extra: str
) -> Iterator[Worker]:
    """``mango-worker docker`` (plus ``extra`` options) as a subprocess; SIGTERMed (by pid) and reaped at the end.

    ``root`` is the ``--workspace-root``; None keeps workspaces in Docker volumes.
    """
    command = [sys.executable, "-m", "mango_worker.cli", "--log-format", "json", "docker"]
    command += ["--base-url", platform.base_url, "--environment-id", setup.environment_id, "--image", image]
    command += ["--workspace-root", str(root)] if root is not None else []
    command += ["--memory", "512m", "--max-idle", "3", "--stop-grace", "30", *extra]
    env = {**os.environ, "MANGO_ENVIRONMENT_KEY": setup.environment_key}
    with log_path.open("wb") as log:
        process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    worker = Worker(process, log_path)
    try:
        yield worker
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=120)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
