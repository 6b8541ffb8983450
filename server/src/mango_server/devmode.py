"""``mango dev``: the whole platform on embedded defaults, for a laptop or a fresh machine.

Starts PostgreSQL, Temporal, NATS and SeaweedFS under ``<state_dir>/state``, migrates, starts
the api and orchestrator roles as child processes on its model catalogue (``<state_dir>/models.yaml``,
written from ``dev_models`` on the first run, or ``MANGO_MODELS_FILE``), makes sure a Workspace and an API key
exist (reusing the ones recorded in ``<state_dir>/dev.env``), prints how to connect, and
stops everything it started on Ctrl+C (exit 0). A second run reuses the same state.

As a supervisor it refuses a ``MANGO_API_PORT`` another process holds (and moves off a
remembered or default port that is taken), checks that the api answering is its own (it
knows this run's API key), and restarts a crashed role with ``domain.backoff``'s delay instead
of stopping everything. Output is one progress line, then the banner; its own log records (the
services starting, the migrations) go to ``<state_dir>/logs/dev.log``.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from mango_server.dev_models import DEV_MODELS
from mango_server.devstack import DevStack
from mango_server.devstack._ports import free_port
from mango_server.domain import backoff
from mango_server.store import credentials, workspaces
from mango_server.store.migrate import apply_migrations

DEFAULT_API_PORT = 8400
ROLES = ("api", "orchestrator")
_STABLE_SECONDS = 30.0  # a role that ran this long before exiting starts its backoff over


def _read_env_file(path: Path) -> dict[str, str]:
    values: dict[str, str] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            name, sep, value = line.removeprefix("export ").partition("=")
            if sep:
                values[name.strip()] = value.strip().strip('"')
    return values


class DevError(Exception):
    """``mango dev`` cannot start; the message says why and what to do."""


def write_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` readable by its owner only, from the first byte on.

    The file is created (or truncated) with mode 0600 and re-moded before any byte is written,
    so the API key is never readable by other local users, even for an instant or when an
    older copy of the file had a wider mode.
    """
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        os.fchmod(fd, 0o600)
        data = text.encode()
        while data:
            data = data[os.write(fd, data) :]
    finally:
        os.close(fd)


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
                raise DevError(f"a Mango role exited early with code {proc.returncode}; see the logs folder")
        try:
            if httpx.get(f"{base_url}/v1/readiness", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    raise DevError(f"the api did not become ready at {base_url} within {timeout:.0f}s")


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


def _port_is_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _choose_port(previous: dict[str, str]) -> int:
    """``MANGO_API_PORT`` if set (it must be free), else the last run's port or 8400, else any free port."""
    explicit = os.environ.get("MANGO_API_PORT")
    if explicit:
        if not _port_is_free(int(explicit)):
            raise DevError(
                f"port {explicit} (MANGO_API_PORT) is already in use by another process; stop it or choose another port"
            )
        return int(explicit)
    wanted = int(previous.get("MANGO_API_PORT", DEFAULT_API_PORT))
    if _port_is_free(wanted):
        return wanted
    port = free_port()
    print(f"==> port {wanted} is in use by another process; using {port}", flush=True)
    return port


def _verify_own_api(base_url: str, api_key: str) -> None:
    """The api answering at ``base_url`` must be ours: it knows the key this run just checked."""
    response = httpx.get(f"{base_url}/v1/agents", params={"limit": 1}, headers={"authorization": f"Bearer {api_key}"})
    if response.status_code != 200:
        raise DevError(f"the server at {base_url} is not this run's Mango api (status {response.status_code})")


class _Roles:
    """The api and orchestrator child processes, restarted with backoff when one crashes."""

    def __init__(self, env: dict[str, str], log_dir: Path) -> None:
        self.env, self.log_dir = env, log_dir
        self.procs = {role: _spawn(role, env, log_dir) for role in ROLES}
        self.restarts = dict.fromkeys(ROLES, 0)
        self.started = dict.fromkeys(ROLES, time.monotonic())
        self.due: dict[str, float] = {}

    def check(self) -> None:
        """Schedule a restart for a role that exited; restart the ones whose backoff has passed."""
        now = time.monotonic()
        for role, proc in self.procs.items():
            if proc.poll() is not None and role not in self.due:
                if now - self.started[role] > _STABLE_SECONDS:
                    self.restarts[role] = 0
                pause = backoff.delay(self.restarts[role])
                self.restarts[role] += 1
                self.due[role] = now + pause
                print(
                    f"==> the {role} exited (code {proc.returncode}); restarting in {pause:.1f}s "
                    f"(see {os.path.relpath(self.log_dir)}/{role}.log)",
                    file=sys.stderr,
                    flush=True,
                )
        for role, at in list(self.due.items()):
            if now >= at:
                del self.due[role]
                self.procs[role] = _spawn(role, self.env, self.log_dir)
                self.started[role] = now

    def stop(self) -> None:
        _stop(list(self.procs.values()))


def _models_file(root: Path) -> str:
    """``MANGO_MODELS_FILE`` if set, else ``<state_dir>/models.yaml`` (written from ``DEV_MODELS`` when
    absent); either is validated before any role starts."""
    from mango_server.domain.model_catalogue import CatalogueError
    from mango_server.model import load_catalogue
    from mango_server.settings import Settings

    path = os.environ.get("MANGO_MODELS_FILE") or str(root / "models.yaml")
    if not os.environ.get("MANGO_MODELS_FILE") and not Path(path).exists():
        Path(path).write_text(DEV_MODELS)
    try:
        load_catalogue(Settings(models_file=path))
    except CatalogueError as exc:
        raise DevError(f"the model catalogue is invalid: {exc}") from None
    return path


def _banner(base_url: str, api_key: str, workspace_id: str, env_file: Path, log_dir: Path, models: str) -> str:
    return (
        f"\nMango is running.\n  base URL : {base_url}\n"
        f"  console  : {base_url}/console/ (sign in with the API key)\n"
        f"  API key  : {api_key}\n  workspace: {workspace_id}\n"
        f"  models   : {os.path.relpath(models)} (GET /v1/models)\n"
        f"  logs     : {os.path.relpath(log_dir)}\n\nIn another terminal:\n  source {os.path.relpath(env_file)}\n"
        "  .venv/bin/python examples/quickstart/python/quickstart.py\n\nPress Ctrl+C to stop everything.\n"
    )


def _log_to_file(path: Path) -> None:
    """Send this process's own log records (the embedded services starting, every migration step)
    to ``path``, formatted as they were: the terminal shows one progress line, then the banner."""
    root = logging.getLogger()
    handler = logging.FileHandler(path, encoding="utf-8")
    for previous in root.handlers:
        if previous.formatter is not None:
            handler.setFormatter(previous.formatter)
        for log_filter in previous.filters:
            handler.addFilter(log_filter)
    root.handlers[:] = [handler]


def run_dev(state_dir: str) -> int:
    """Run until Ctrl+C (exit 0); a crashed role is restarted with backoff. Returns the exit code."""
    # SIGTERM (a service manager, `kill`) stops everything exactly like Ctrl+C.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    root = Path(state_dir).resolve()
    log_dir = root / "logs"
    log_dir.mkdir(parents=True, exist_ok=True)
    _log_to_file(log_dir / "dev.log")
    env_file = root / "dev.env"
    previous = _read_env_file(env_file)
    stack: DevStack | None = None
    roles: _Roles | None = None
    try:
        port = _choose_port(previous)
        models_file = _models_file(root)
        print("==> starting Mango (PostgreSQL, Temporal, NATS, SeaweedFS, api, orchestrator)...", flush=True)
        stack = DevStack(root / "state", "default").start()
        env: dict[str, str] = {
            **os.environ,
            **stack.env(),
            "MANGO_API_PORT": str(port),
            "MANGO_MODELS_FILE": models_file,
        }
        env.setdefault("MANGO_LOG_FORMAT", "text")  # a developer reads these logs; operators get JSON
        base_url = f"http://127.0.0.1:{port}"
        apply_migrations(stack.database_url)
        workspace_id, api_key = asyncio.run(_ensure_key(stack.database_url, previous.get("MANGO_API_KEY")))
        roles = _Roles(env, log_dir)
        _wait_ready(base_url, list(roles.procs.values()))
        _verify_own_api(base_url, api_key)
        write_private(
            env_file,
            f"export MANGO_BASE_URL={base_url}\nexport MANGO_API_KEY={api_key}\nexport MANGO_API_PORT={port}\n"
            f"export MANGO_WORKSPACE_ID={workspace_id}\nexport MANGO_DATABASE_URL={stack.database_url}\n"
            f"export MANGO_KEYRING_FILE={stack.env()['MANGO_KEYRING_FILE']}\n",
        )
        print(_banner(base_url, api_key, workspace_id, env_file, log_dir, models_file), flush=True)
        while True:
            roles.check()
            time.sleep(0.5)
    except DevError as exc:
        print(f"mango dev: {exc}", file=sys.stderr, flush=True)
        return 2
    except KeyboardInterrupt:
        print("\n==> stopping", flush=True)
        return 0
    finally:
        # A second Ctrl+C (or a SIGTERM from a supervisor) must not cut the shutdown short and
        # leave services running.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        if roles is not None:
            roles.stop()
        if stack is not None:
            stack.stop()
