"""The item runner: the process inside an item container (``python3 -m mango_worker.item_runner``).

Order matters, and is the point of this module:

1. make the process non-dumpable (``prctl(PR_SET_DUMPABLE, 0)``) so that same-uid processes it
   later starts (the agent's Bash) cannot read its memory, descriptors or environment through
   ``/proc`` — before any secret exists in this process;
2. read the per-Work secret from stdin, length-framed (``<decimal length>\\n<bytes>``) and bounded,
   then point stdin at ``/dev/null`` so no child inherits the stream;
3. run :meth:`mango.lib.EnvironmentWorker.handle_item` with workdir ``/workspace``, Skills
   materialised under ``/workspace/skills`` and Memory Stores mirrored under ``/mnt/memory`` (the
   container's tmpfs): first heartbeat, inputs, the Session tool loop, Memory sync, final Stop — all
   owned by the SDK;
4. exit with the code of the item's outcome (:data:`mango_worker.container.EXIT_OUTCOMES`):
   ``0`` completed, ``3`` lease lost, ``4`` failed (the Work was Failed for a permanent input
   problem), ``5`` unfinished (left for reclaim), ``1`` unexpected error (also left for reclaim),
   ``2`` bad framing or configuration, ``143`` cancelled by SIGTERM.

Non-secret ids come from ``MANGO_BASE_URL``, ``MANGO_ENVIRONMENT_ID``, ``MANGO_WORK_ID`` and
``MANGO_SESSION_ID``. ``MANGO_API_SOCKET``, when set, is the supervisor's forwarder socket: every
API call goes through it, since the container usually has no network at all. ``MANGO_EGRESS_SOCKET``,
when set (``--tool-network proxy``), is the item's egress proxy (``MANGO_TOOL_VARIABLES`` names the
variables the shell tool gets: the proxy settings and each secret's placeholder): the runner relays
``127.0.0.1:$MANGO_EGRESS_PORT`` to it for the tools (:mod:`mango_worker.egress_relay`) before the
first tool runs; its own API calls never use that proxy (the kit's client ignores ``HTTP_PROXY``). Not responsible for:
isolation (the container), the forwarder, or Polling (the supervisor).
"""

from __future__ import annotations

import asyncio
import ctypes
import logging
import os
import signal
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .container import (
    EXIT_BAD_INPUT,
    EXIT_CANCELLED,
    EXIT_COMPLETED,
    EXIT_ERROR,
    EXIT_FAILED,
    EXIT_LEASE_LOST,
    EXIT_UNFINISHED,
    MAX_SECRET_BYTES,
    MEMORY_ROOT,
    WORKDIR,
)

if TYPE_CHECKING:
    from mango.lib import ItemResult

__all__ = ["ItemConfig", "exit_code_of", "main", "make_non_dumpable", "read_framed_secret"]

log = logging.getLogger(__name__)

PR_SET_DUMPABLE = 4
PR_GET_DUMPABLE = 3
_MAX_HEADER = len(str(MAX_SECRET_BYTES)) + 1


class FramingError(Exception):
    """The secret on stdin is missing, malformed or too large."""


@dataclass(frozen=True)
class ItemConfig:
    """The item's non-secret ids, from the container environment."""

    base_url: str
    environment_id: str
    work_id: str
    session_id: str
    max_idle: float = 60.0
    api_socket: str | None = None
    tool_deadline: float = 60.0
    egress_socket: str | None = None
    egress_port: int = 3128
    tool_env: tuple[tuple[str, str], ...] = ()

    @classmethod
    def from_env(cls, env: dict[str, str]) -> ItemConfig:
        """Read the ids; a missing one fails naming its variable."""
        names = ("MANGO_BASE_URL", "MANGO_ENVIRONMENT_ID", "MANGO_WORK_ID", "MANGO_SESSION_ID")
        missing = [name for name in names if not env.get(name)]
        if missing:
            raise ValueError(f"missing required environment variable {missing[0]}")
        max_idle = _seconds(env, "MANGO_MAX_IDLE_SECONDS", "60")
        tool_deadline = _seconds(env, "MANGO_TOOL_DEADLINE_SECONDS", "60")
        base_url, environment_id, work_id, session_id = (env[name] for name in names)
        api_socket = env.get("MANGO_API_SOCKET") or None
        egress_port = env.get("MANGO_EGRESS_PORT", "3128")
        if not egress_port.isdigit() or not 0 < int(egress_port) < 65536:
            raise ValueError("MANGO_EGRESS_PORT is not a port")
        return cls(
            base_url,
            environment_id,
            work_id,
            session_id,
            max_idle=max_idle,
            api_socket=api_socket,
            tool_deadline=tool_deadline,
            egress_socket=env.get("MANGO_EGRESS_SOCKET") or None,
            egress_port=int(egress_port),
            tool_env=tuple(
                (name, env[name]) for name in env.get("MANGO_TOOL_VARIABLES", "").split(",") if name and name in env
            ),
        )


def _seconds(env: dict[str, str], name: str, default: str) -> float:
    try:
        value = float(env.get(name, default))
    except ValueError:
        raise ValueError(f"{name} is not a number") from None
    if not value > 0:
        raise ValueError(f"{name} must be positive")
    return value


def make_non_dumpable() -> None:
    """Clear this process's dumpable flag; raises OSError when the kernel refuses."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, os.strerror(errno))
    if libc.prctl(PR_GET_DUMPABLE, 0, 0, 0, 0) != 0:
        raise OSError("process is still dumpable")


def read_framed_secret(fd: int) -> str:
    """Read ``<decimal length>\\n<secret>`` from ``fd``; bounded by :data:`MAX_SECRET_BYTES`."""
    header = b""
    while not header.endswith(b"\n"):
        chunk = os.read(fd, 1)
        if not chunk:
            raise FramingError("stdin ended before the secret length")
        header += chunk
        if len(header) > _MAX_HEADER:
            raise FramingError("secret length header too long")
    digits = header[:-1]
    if not digits.isdigit() or not 0 < int(digits) <= MAX_SECRET_BYTES:
        raise FramingError("secret length is not a number in range")
    length = int(digits)
    data = bytearray()
    while len(data) < length:
        chunk = os.read(fd, length - len(data))
        if not chunk:
            raise FramingError("stdin ended inside the secret")
        data += chunk
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise FramingError("secret is not UTF-8") from None


def _detach_stdin() -> None:
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)


async def run_item(config: ItemConfig, secret: str) -> int:
    """Run one item through the SDK worker kit and map its ending to an exit code."""
    from mango.lib import EnvironmentWorker, ToolContext
    from mango.lib.tools import default_toolset

    from .egress_relay import start_relay

    def tools(context: ToolContext) -> dict[str, Any]:
        return default_toolset(
            context.workdir,
            context.read_only_roots,
            allowed_roots=context.allowed_roots,
            tool_deadline=config.tool_deadline,
            env=dict(config.tool_env),  # the proxy variables and secret placeholders (proxy mode)
        )

    worker = EnvironmentWorker(
        base_url=config.base_url,
        environment_id=config.environment_id,
        workdir=WORKDIR,
        skills=True,
        memory_root=MEMORY_ROOT,
        tools_factory=tools,
        max_idle=config.max_idle,
        worker_id=f"docker-{config.work_id}",
        api_socket=config.api_socket,
    )
    # Before any tool runs: the tools' HTTP_PROXY is this relay (the egress proxy on the host).
    relay = await start_relay(config.egress_socket, config.egress_port) if config.egress_socket else None
    task = asyncio.ensure_future(
        worker.handle_item(
            work_id=config.work_id,
            environment_id=config.environment_id,
            session_id=config.session_id,
            secret=secret,
        )
    )
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, task.cancel)
    try:
        return await _outcome(task, config.work_id)
    finally:
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(signum)
        if relay is not None:
            relay.close()


async def _outcome(task: asyncio.Future[ItemResult], work_id: str) -> int:
    try:
        result = await task
    except asyncio.CancelledError:
        log.info("item cancelled work_id=%s", work_id, extra={"action": "item.cancelled"})
        return EXIT_CANCELLED
    except Exception as exc:
        if _is_lease_lost(exc):
            log.warning("lease lost work_id=%s", work_id, extra={"action": "item.lease_lost"})
            return EXIT_LEASE_LOST
        log.error(
            "item error, left for reclaim work_id=%s error=%s: %.500s",
            work_id,
            type(exc).__name__,
            exc,
            extra={"action": "item.error"},
        )
        return EXIT_ERROR
    return exit_code_of(result, work_id)


def exit_code_of(result: ItemResult, work_id: str) -> int:
    """Log the item's outcome and return its exit code; every :class:`mango.lib.ItemOutcome` has one."""
    from mango.lib import ItemOutcome

    reason = f"{result.reason:.500}"
    if result.outcome == ItemOutcome.COMPLETED:
        log.info("item completed work_id=%s reason=%s", work_id, reason, extra={"action": "item.completed"})
        return EXIT_COMPLETED
    if result.outcome == ItemOutcome.LEASE_LOST:
        log.warning("lease lost work_id=%s reason=%s", work_id, reason, extra={"action": "item.lease_lost"})
        return EXIT_LEASE_LOST
    if result.outcome == ItemOutcome.FAILED:
        log.error("work failed work_id=%s reason=%s", work_id, reason, extra={"action": "item.failed"})
        return EXIT_FAILED
    if result.outcome == ItemOutcome.UNFINISHED:
        log.warning(
            "item unfinished, left for reclaim work_id=%s reason=%s",
            work_id,
            reason,
            extra={"action": "item.unfinished"},
        )
        return EXIT_UNFINISHED
    log.error("unknown item outcome work_id=%s outcome=%s", work_id, result.outcome, extra={"action": "item.error"})
    return EXIT_ERROR


def _is_lease_lost(exc: BaseException) -> bool:
    from mango.lib import LeaseLost

    return isinstance(exc, LeaseLost)


def main() -> int:
    """Entry point inside the container; returns the process exit code."""
    make_non_dumpable()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s", stream=sys.stderr)
    try:
        config = ItemConfig.from_env(dict(os.environ))
        secret = read_framed_secret(0)
    except (ValueError, FramingError) as exc:
        log.error("bad item input: %s", exc, extra={"action": "item.bad_input"})
        return EXIT_BAD_INPUT
    finally:
        _detach_stdin()
    return asyncio.run(run_item(config, secret))


if __name__ == "__main__":
    sys.exit(main())
