"""A running Mango (api + orchestrator roles as child processes) on top of a started DevStack.

Used by integration, conformance, crash and example tests and by benchmarks. Each platform gets
its own database (created from scratch and migrated), its own Temporal task queue and a free
api port, so several can share one DevStack. Roles can be killed (``kill -9``) and restarted
to test crash recovery. Not responsible for the backing services (``DevStack``).
"""

from __future__ import annotations

import asyncio
import os
import secrets
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from ._leaks import find_leaks
from ._ports import free_port
from ._stack import DevStack


@dataclass
class Tenant:
    """A Workspace and a key for it."""

    workspace_id: str
    api_key: str = field(repr=False)  # a failing test prints its fixtures: never the key


@dataclass
class Platform:
    """Handles of one running Mango."""

    stack: DevStack
    log_dir: Path
    database_url: str = ""
    api_port: int = 0
    task_queue: str = ""
    processes: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)
    extra_env: dict[str, str] = field(default_factory=dict)
    issued: list[str] = field(default_factory=list, repr=False)  # credentials handed out, for the log scan

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.api_port}"

    def env(self) -> dict[str, str]:
        return {
            **os.environ,
            **self.stack.env(),
            "MANGO_DATABASE_URL": self.database_url,
            "MANGO_API_PORT": str(self.api_port),
            "MANGO_TEMPORAL_TASK_QUEUE": self.task_queue,
            "MANGO_SSE_PING_SECONDS": "2",
            "MANGO_VALIDATE_RESPONSES": "true",
            **self.extra_env,
        }

    def start(self) -> Platform:
        name = "mango_" + secrets.token_hex(4)
        self.database_url = asyncio.run(_create_database(self.stack.database_url, name))
        if "PYTHONPATH" in self.extra_env:  # another build's roles (a benchmark's baseline): its own schema
            subprocess.run([sys.executable, "-m", "mango_server", "migrate"], env=self.env(), check=True)
        else:
            from mango_server.store.migrate import apply_migrations

            apply_migrations(self.database_url)
        self.api_port = free_port()
        self.task_queue = f"mango-{name}"
        self.log_dir.mkdir(parents=True, exist_ok=True)
        self.start_role("api")
        self.start_role("orchestrator")
        self.wait_ready()
        return self

    def start_role(self, role: str) -> None:
        with (self.log_dir / f"{role}.log").open("ab") as log:
            self.processes[role] = subprocess.Popen(
                [sys.executable, "-m", "mango_server", role], env=self.env(), stdout=log, stderr=subprocess.STDOUT
            )

    def kill_role(self, role: str) -> None:
        """``kill -9`` one role (crash tests)."""
        proc = self.processes.pop(role)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)

    def wait_ready(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.base_url}/v1/readiness", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"api not ready at {self.base_url}; see {self.log_dir}")

    def create_tenant(self, name: str = "test") -> Tenant:
        from mango_server.store import credentials, workspaces

        async def create() -> Tenant:
            import asyncpg

            conn = await asyncpg.connect(self.database_url)
            try:
                workspace = await workspaces.create(conn, name)
                key = await credentials.create_api_key(conn, workspace.id, name)
                self.issued.append(key.secret)
                return Tenant(workspace.id, key.secret)
            finally:
                await conn.close()

        return asyncio.run(create())

    def leaks(self) -> list[str]:
        """Credentials (issued here or credential-shaped) that reached this platform's role or service logs."""
        paths = [*self.log_dir.glob("*.log"), *(self.stack.state_dir / "logs").glob("*.log")]
        return find_leaks(paths, self.issued)

    def stop(self) -> None:
        for proc in self.processes.values():
            if proc.poll() is None:
                proc.send_signal(signal.SIGINT)
        for proc in self.processes.values():
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        self.processes.clear()


async def _create_database(admin_url: str, name: str) -> str:
    import asyncpg

    conn = await asyncpg.connect(admin_url)
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    base, _, _ = admin_url.rpartition("/")
    query = ""
    if "?" in admin_url:
        query = "?" + admin_url.split("?", 1)[1]
    return f"{base}/{name}{query}"
