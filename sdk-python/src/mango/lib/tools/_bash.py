"""``BashTool``: one persistent ``/bin/bash --noprofile --norc`` process per activation.

Each call writes one line to the shell's stdin::

    eval -- '<command>' </dev/null 2>&1; printf '<marker>:%s\\n' "$?"

``<marker>`` embeds 128 random bits generated for that call only, so output that happens to
contain an older or guessed marker cannot end a call early; bash has read the whole line
(marker included) before the command starts, and the command's stdin is ``/dev/null``.
stdout and stderr are combined; only the last 100 KiB is kept ("[output truncated]").
The working directory, variables and background jobs persist between calls.

``restart: true`` replaces the shell (then runs ``command`` if given). A call that exceeds
``timeout_ms`` (default 120 000), is cancelled, or whose shell exits kills the shell's whole
process group and a fresh shell serves the next call, so late output of an old command can
never leak into a later result. The child environment is minimal (``PATH``, ``HOME``, ``LANG``,
``TERM``, ``PAGER`` plus ``env``) and every ``MANGO_*`` variable is removed.

Lifecycle: created by its owner (a tools factory), started lazily on the first call, and
``await close()``-d by the owner; ``close()`` is idempotent and bounded. Not responsible for
isolation (the Work container is the boundary) or confining paths (bash is unconfined).
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import secrets
import shlex
import signal
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import anyio
from anyio.abc import Process

from .._tool import ToolResult
from ._paths import ToolInputError

__all__ = ["DEFAULT_TIMEOUT_MS", "OUTPUT_LIMIT_BYTES", "BashTool", "child_environment"]

log = logging.getLogger(__name__)

DEFAULT_TIMEOUT_MS = 120_000
MAX_TIMEOUT_MS = 3_600_000
OUTPUT_LIMIT_BYTES = 100 * 1024
DEFAULT_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
_ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[@-Z\\-_]")
_TRUNCATED = "[output truncated]\n"


def child_environment(workdir: Path, extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The shell's environment: a minimal base plus ``extra``, without any ``MANGO_*`` variable."""
    base = {"PATH": DEFAULT_PATH, "HOME": str(workdir), "LANG": "C.UTF-8", "TERM": "dumb", "PAGER": "cat"}
    base.update(extra or {})
    return {key: value for key, value in base.items() if not key.upper().startswith("MANGO_")}


class _Output:
    """Collects shell output up to the call's marker, keeping only a bounded tail."""

    def __init__(self, marker: bytes, limit: int) -> None:
        self.marker = marker
        self.limit = limit
        self.buffer = bytearray()
        self.truncated = False
        self.status: int | None = None
        self._end = 0

    def feed(self, chunk: bytes) -> bool:
        """Append ``chunk``; True once the marker line (with the exit status) arrived."""
        search_from = max(0, len(self.buffer) - len(self.marker) - 16)
        self.buffer += chunk
        at = self.buffer.find(self.marker, search_from)
        if at != -1:
            newline = self.buffer.find(b"\n", at)
            if newline != -1:
                status = bytes(self.buffer[at + len(self.marker) + 1 : newline])
                self.status = int(status) if status.isdigit() else 1
                self._end = at
                return True
            return False
        overflow = len(self.buffer) - 2 * self.limit
        if overflow > 0:
            del self.buffer[:overflow]
            self.truncated = True
        return False

    def text(self) -> str:
        data = bytes(self.buffer[: self._end] if self.status is not None else self.buffer)
        if len(data) > self.limit:
            data, self.truncated = data[-self.limit :], True
        text = _ANSI.sub("", data.decode("utf-8", errors="replace")).rstrip("\n")
        return (_TRUNCATED if self.truncated else "") + text


class BashTool:
    """``bash``: ``{"command": str?, "restart": bool?, "timeout_ms": int?}`` in a persistent shell."""

    name = "bash"

    def __init__(
        self,
        workdir: str | os.PathLike[str],
        *,
        env: Mapping[str, str] | None = None,
        default_timeout_ms: int = DEFAULT_TIMEOUT_MS,
        output_limit_bytes: int = OUTPUT_LIMIT_BYTES,
        shell: str = "/bin/bash",
        close_timeout: float = 5.0,
    ) -> None:
        self.workdir = Path(os.path.realpath(workdir))
        self.env = child_environment(self.workdir, env)
        self.default_timeout_ms = default_timeout_ms
        self.output_limit_bytes = output_limit_bytes
        self.shell = shell
        self.close_timeout = close_timeout
        self._process: Process | None = None
        self._lock = anyio.Lock()

    @property
    def pid(self) -> int | None:
        """The running shell's pid (also its process group id), if any."""
        return self._process.pid if self._process is not None else None

    async def run(self, input: Mapping[str, Any]) -> ToolResult:
        try:
            command, restart, timeout_ms = self._parse(input)
        except ToolInputError as exc:
            return ToolResult(str(exc), is_error=True)
        async with self._lock:
            if restart:
                await self._kill()
                if command is None:
                    await self._start()
                    return ToolResult("The shell was restarted.")
            assert command is not None
            return await self._execute(command, timeout_ms)

    def _parse(self, input: Mapping[str, Any]) -> tuple[str | None, bool, int]:
        command, restart = input.get("command"), input.get("restart", False)
        timeout_ms = input.get("timeout_ms", self.default_timeout_ms)
        if restart is None:
            restart = False
        if not isinstance(restart, bool):
            raise ToolInputError("restart must be a boolean")
        if command is not None and not isinstance(command, str):
            raise ToolInputError("command must be a string")
        if (command is None or not command.strip()) and not restart:
            raise ToolInputError("command is required (or restart: true)")
        if isinstance(timeout_ms, bool) or not isinstance(timeout_ms, int) or not 0 < timeout_ms <= MAX_TIMEOUT_MS:
            raise ToolInputError(f"timeout_ms must be an integer between 1 and {MAX_TIMEOUT_MS}")
        return (command if command and command.strip() else None), restart, timeout_ms

    async def _start(self) -> Process:
        if self._process is None:
            self._process = await anyio.open_process(
                [self.shell, "--noprofile", "--norc"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                cwd=self.workdir,
                env=self.env,
                start_new_session=True,
            )
            log.debug("shell started pid=%s", self._process.pid)
        return self._process

    async def _execute(self, command: str, timeout_ms: int) -> ToolResult:
        marker = f"__mango_done_{secrets.token_hex(16)}__"
        line = f"eval -- {shlex.quote(command)} </dev/null 2>&1; printf '{marker}:%s\\n' \"$?\"\n"
        output = _Output(marker.encode(), self.output_limit_bytes)
        finished = False
        try:
            process = await self._start()
            with anyio.move_on_after(timeout_ms / 1000) as timer:
                finished = await self._converse(process, line.encode(), output)
        finally:
            if not finished:
                with anyio.CancelScope(shield=True):
                    status = await self._kill()
        if timer.cancelled_caught:
            return ToolResult(
                f"{output.text()}\n[command timed out after {timeout_ms} ms; the shell was restarted, "
                "so its working directory, variables and background jobs are gone]",
                is_error=True,
            )
        if not finished:
            note = f"[the shell exited (status {status}); a new shell starts with the next call]"
            return ToolResult(f"{output.text()}\n{note}", is_error=True)
        text = output.text() or "(no output)"
        if output.status != 0:
            return ToolResult(f"{text}\n[exit status {output.status}]", is_error=True)
        return ToolResult(text)

    async def _converse(self, process: Process, line: bytes, output: _Output) -> bool:
        """Send one call and read up to its marker; False when the shell went away first."""
        assert process.stdin is not None
        assert process.stdout is not None
        finished = False
        async with anyio.create_task_group() as tg:
            # A background job can keep stdout open after the shell exits, so EOF alone cannot
            # reveal an `exit`: watch the shell process itself.
            tg.start_soon(self._watch_exit, process, tg.cancel_scope)
            try:
                await process.stdin.send(line)
                while not output.feed(await process.stdout.receive(65536)):
                    pass
                finished = True
            except (anyio.EndOfStream, anyio.BrokenResourceError, anyio.ClosedResourceError, OSError):
                finished = False
            tg.cancel_scope.cancel()
        return finished

    @staticmethod
    async def _watch_exit(process: Process, scope: anyio.CancelScope) -> None:
        await process.wait()
        await anyio.sleep(0.05)  # let the reader drain what the shell wrote before exiting
        scope.cancel()

    async def _kill(self) -> int | None:
        """Kill the shell's process group and reap it, within ``close_timeout``."""
        process, self._process = self._process, None
        if process is None:
            return None
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        with anyio.move_on_after(self.close_timeout, shield=True):
            await process.wait()
        with anyio.move_on_after(self.close_timeout, shield=True):
            await process.aclose()
        log.debug("shell stopped pid=%s status=%s", process.pid, process.returncode)
        return process.returncode

    async def close(self) -> None:
        """Kill the shell and everything in its process group (idempotent, bounded)."""
        with anyio.CancelScope(shield=True):
            await self._kill()
