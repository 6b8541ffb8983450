"""The item runner: the process inside an item container (``python3 -m mango_worker.item_runner``).

Order matters, and is the point of this module:

1. make the process non-dumpable (``prctl(PR_SET_DUMPABLE, 0)``) so that same-uid processes it
   later starts (the agent's Bash) cannot read its memory, descriptors or environment through
   ``/proc`` — before any secret exists in this process;
2. read the per-Work secret from stdin, length-framed (``<decimal length>\\n<bytes>``) and bounded,
   then point stdin at ``/dev/null`` so no child inherits the stream;
3. run :meth:`mango.lib.EnvironmentWorker.handle_item` with workdir ``/workspace``: first
   heartbeat, the Session tool loop, final Stop — all owned by the SDK;
4. exit 0 on a clean end, :data:`EXIT_LEASE_LOST` when the lease was lost, :data:`EXIT_CANCELLED`
   after SIGTERM, :data:`EXIT_FAILED` on any other failure, :data:`EXIT_BAD_INPUT` on bad framing or
   configuration.

Non-secret ids come from ``MANGO_BASE_URL``, ``MANGO_ENVIRONMENT_ID``, ``MANGO_WORK_ID`` and
``MANGO_SESSION_ID``. Not responsible for: isolation (the container) or Polling (the supervisor).
"""

from __future__ import annotations

import asyncio
import ctypes
import logging
import os
import signal
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .container import MAX_SECRET_BYTES, WORKDIR

if TYPE_CHECKING:
    from mango.lib import ItemResult

__all__ = ["ItemConfig", "main", "make_non_dumpable", "read_framed_secret"]

log = logging.getLogger(__name__)

PR_SET_DUMPABLE = 4
PR_GET_DUMPABLE = 3
EXIT_OK = 0
EXIT_FAILED = 1
EXIT_BAD_INPUT = 2
EXIT_LEASE_LOST = 3
EXIT_CANCELLED = 143
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

    @classmethod
    def from_env(cls, env: dict[str, str]) -> ItemConfig:
        """Read the ids; a missing one fails naming its variable."""
        names = ("MANGO_BASE_URL", "MANGO_ENVIRONMENT_ID", "MANGO_WORK_ID", "MANGO_SESSION_ID")
        missing = [name for name in names if not env.get(name)]
        if missing:
            raise ValueError(f"missing required environment variable {missing[0]}")
        try:
            max_idle = float(env.get("MANGO_MAX_IDLE_SECONDS", "60"))
        except ValueError:
            raise ValueError("MANGO_MAX_IDLE_SECONDS is not a number") from None
        base_url, environment_id, work_id, session_id = (env[name] for name in names)
        return cls(base_url, environment_id, work_id, session_id, max_idle=max_idle)


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
    from mango.lib import EnvironmentWorker

    worker = EnvironmentWorker(
        base_url=config.base_url,
        environment_id=config.environment_id,
        workdir=WORKDIR,
        max_idle=config.max_idle,
        worker_id=f"docker-{config.work_id}",
    )
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


async def _outcome(task: asyncio.Future[ItemResult], work_id: str) -> int:
    from mango.lib import ItemOutcome

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
            "item failed work_id=%s error=%s: %.500s",
            work_id,
            type(exc).__name__,
            exc,
            extra={"action": "item.failed"},
        )
        return EXIT_FAILED
    if result.outcome == ItemOutcome.LEASE_LOST:
        log.warning("lease lost work_id=%s reason=%s", work_id, result.reason, extra={"action": "item.lease_lost"})
        return EXIT_LEASE_LOST
    log.info("item finished work_id=%s reason=%s", work_id, result.reason, extra={"action": "item.finished"})
    return EXIT_OK


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
