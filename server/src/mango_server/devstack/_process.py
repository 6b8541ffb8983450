"""One supervised child process: spawn it in its own process group, wait for it, stop it.

Responsible for: starting a service binary with its output in a log file under
``state_dir/logs``, polling a readiness check with a bounded timeout, and stopping exactly the
process group it started (by pid: a polite signal first, SIGKILL after a timeout). Not
responsible for: what "ready" means for a given service (each ``_<service>.py`` passes its own
check) or choosing ports (``_ports.py``).
"""

from __future__ import annotations

import contextlib
import logging
import os
import pwd
import signal
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TypedDict

log = logging.getLogger(__name__)

_TAIL_LINES = 40


class ServiceStartError(RuntimeError):
    """A service did not become ready in time or exited early; the message carries its log tail."""


def log_tail(path: Path, lines: int = _TAIL_LINES) -> str:
    """The last ``lines`` lines of a log file, or a note that it is empty or missing."""
    try:
        text = path.read_text(errors="replace")
    except FileNotFoundError:
        return f"(no log file at {path})"
    tail = text.splitlines()[-lines:]
    return "\n".join(tail) if tail else f"(log file {path} is empty)"


class RunAs(TypedDict, total=False):
    user: int
    group: int
    extra_groups: list[int]


def run_as(user: str | None) -> RunAs:
    """``subprocess`` keyword arguments that drop to ``user`` (its uid, primary gid and no other groups)."""
    if user is None:
        return {}
    entry = pwd.getpwnam(user)
    return {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}


class ServiceProcess:
    """A running service binary in its own session and process group."""

    def __init__(
        self,
        name: str,
        argv: Sequence[str | os.PathLike[str]],
        *,
        log_path: Path,
        env: Mapping[str, str] | None = None,
        cwd: Path | None = None,
        user: str | None = None,
        stop_signal: signal.Signals = signal.SIGTERM,
        stop_timeout: float = 15.0,
    ) -> None:
        self.name = name
        self.log_path = log_path
        self.stop_signal = stop_signal
        self.stop_timeout = stop_timeout
        log_path.parent.mkdir(parents=True, exist_ok=True)
        with log_path.open("ab") as log_file:
            log_file.write(f"\n==== {time.strftime('%Y-%m-%d %H:%M:%S')} starting {name}\n".encode())
            log_file.flush()
            # A new session makes the service its own process-group leader, so stop() can reach
            # every child it forks without touching anything else.
            self._popen = subprocess.Popen(
                [os.fspath(a) for a in argv],
                stdin=subprocess.DEVNULL,
                stdout=log_file,
                stderr=subprocess.STDOUT,
                env=dict(env) if env is not None else None,
                cwd=cwd,
                start_new_session=True,
                **run_as(user),
            )
        self.pid = self._popen.pid

    def exit_code(self) -> int | None:
        """The exit code once the process has exited, else None."""
        return self._popen.poll()

    def wait_ready(self, check: Callable[[], bool], *, timeout: float, interval: float = 0.1) -> None:
        """Poll ``check`` until it returns True; raise ServiceStartError on early exit or timeout.

        Exceptions from ``check`` count as "not ready yet"; the last one is quoted on timeout.
        """
        deadline = time.monotonic() + timeout
        last_error = "readiness check never passed"
        while True:
            code = self.exit_code()
            if code is not None:
                raise ServiceStartError(
                    f"{self.name} exited with code {code} before it was ready; "
                    f"last lines of {self.log_path}:\n{log_tail(self.log_path)}"
                )
            try:
                if check():
                    return
            except Exception as exc:
                last_error = f"{type(exc).__name__}: {exc}"
            if time.monotonic() >= deadline:
                raise ServiceStartError(
                    f"{self.name} was not ready after {timeout:.0f}s ({last_error}); "
                    f"last lines of {self.log_path}:\n{log_tail(self.log_path)}"
                )
            time.sleep(interval)

    def stop(self) -> None:
        """Signal the process, wait up to ``stop_timeout``, then SIGKILL its whole process group."""
        if self._popen.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, self.stop_signal)
            try:
                self._popen.wait(self.stop_timeout)
            except subprocess.TimeoutExpired:
                log.warning("service did not stop in time name=%s pid=%s", self.name, self.pid)
        # Children that outlived their leader (or a leader that ignored the signal) still carry
        # the group id, which is the leader's pid because it started its own session.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._popen.wait(5)
        log.info("stopped service name=%s pid=%s code=%s", self.name, self.pid, self._popen.returncode)
