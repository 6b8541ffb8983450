"""``mango dev``: the whole platform on embedded defaults, for a laptop or a fresh machine.

Starts PostgreSQL, Temporal, NATS and SeaweedFS under ``<state_dir>/state``, migrates, starts
the api and orchestrator roles as child processes, makes sure a Workspace and an API key
exist (reusing the ones recorded in ``<state_dir>/dev.env``), prints how to connect, and
stops everything it started on Ctrl+C. A second run reuses the same state.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

from mango_server.devstack import DevStack
from mango_server.store import credentials, workspaces
from mango_server.store.migrate import apply_migrations

DEFAULT_API_PORT = 8400


def _read_env_file(path: Path) -> dict[str, str]:
    values: dict[str, str] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            name, sep, value = line.removeprefix("export ").partition("=")
            if sep:
                values[name.strip()] = value.strip().strip('"')
    return values


async def _ensure_key(database_url: str, known_key: str | None) -> tuple[str, str]:
    import asyncpg

    conn = await asyncpg.connect(database_url)
    try:
        if known_key:
            row = await credentials.find_api_key(conn, known_key)
            if row:
                return row.workspace_id, known_key
        async with conn.transaction():
            workspace = await workspaces.create(conn, "dev")
            key = await credentials.create_api_key(conn, workspace.id, "dev")
        return workspace.id, key.secret
    finally:
        await conn.close()


def _wait_ready(base_url: str, processes: list[subprocess.Popen[bytes]], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for proc in processes:
            if proc.poll() is not None:
                raise RuntimeError(f"a Mango role exited early with code {proc.returncode}; see the logs folder")
        try:
            if httpx.get(f"{base_url}/v1/readiness", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    raise RuntimeError(f"the api did not become ready at {base_url} within {timeout:.0f}s")


def _spawn(role: str, env: dict[str, str], log_dir: Path) -> subprocess.Popen[bytes]:
    with (log_dir / f"{role}.log").open("ab") as log_file:
        return subprocess.Popen(
            [sys.executable, "-m", "mango_server", role], env=env, stdout=log_file, stderr=subprocess.STDOUT
        )


def _stop(processes: list[subprocess.Popen[bytes]]) -> None:
    for proc in processes:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
    for proc in processes:
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


def run_dev(state_dir: str) -> int:
    """Run until Ctrl+C; returns the exit code."""
    # SIGTERM (a service manager, `kill`) stops everything exactly like Ctrl+C.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    root = Path(state_dir).resolve()
    log_dir = root / "logs"
    log_dir.mkdir(parents=True, exist_ok=True)
    env_file = root / "dev.env"
    previous = _read_env_file(env_file)
    print("==> starting PostgreSQL, Temporal, NATS and SeaweedFS", flush=True)
    stack = DevStack(root / "state", "default").start()
    processes: list[subprocess.Popen[bytes]] = []
    try:
        env: dict[str, Any] = {**os.environ, **stack.env()}
        env.setdefault("MANGO_API_PORT", previous.get("MANGO_API_PORT", str(DEFAULT_API_PORT)))
        env.setdefault("MANGO_LOG_FORMAT", "text")  # a developer reads these logs; operators get JSON
        base_url = f"http://127.0.0.1:{env['MANGO_API_PORT']}"
        print("==> migrating the schema", flush=True)
        apply_migrations(stack.database_url)
        workspace_id, api_key = asyncio.run(_ensure_key(stack.database_url, previous.get("MANGO_API_KEY")))
        print("==> starting the api and the orchestrator", flush=True)
        processes = [_spawn("api", env, log_dir), _spawn("orchestrator", env, log_dir)]
        _wait_ready(base_url, processes)
        env_file.write_text(
            f"export MANGO_BASE_URL={base_url}\nexport MANGO_API_KEY={api_key}\n"
            f"export MANGO_API_PORT={env['MANGO_API_PORT']}\n"
            f"export MANGO_WORKSPACE_ID={workspace_id}\nexport MANGO_DATABASE_URL={stack.database_url}\n"
        )
        env_file.chmod(0o600)
        rel = os.path.relpath(env_file)
        print(
            f"\nMango is running.\n  base URL : {base_url}\n  API key  : {api_key}\n  workspace: {workspace_id}\n"
            f"  logs     : {os.path.relpath(log_dir)}\n\nIn another terminal:\n  source {rel}\n"
            "  .venv/bin/python examples/quickstart/python/quickstart.py\n\nPress Ctrl+C to stop everything.\n",
            flush=True,
        )
        while all(proc.poll() is None for proc in processes):
            time.sleep(0.5)
        print("a Mango role exited; stopping (see the logs folder)", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\n==> stopping", flush=True)
        return 0
    finally:
        # A second Ctrl+C (or a SIGTERM from a supervisor) must not cut the shutdown short and
        # leave services running.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        _stop(processes)
        stack.stop()
