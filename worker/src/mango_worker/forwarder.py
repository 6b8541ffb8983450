"""The API forwarder: the only way out of an item container whose tools have no network.

A host process that accepts connections on one Unix socket and relays the bytes of each to the
API's host and port, read once from the configured base URL: a container can connect to the socket
but cannot name any other destination, so the host's loopback services (PostgreSQL, NATS, Temporal,
S3) stay out of reach. It is a byte relay, not an HTTP proxy: requests, streaming responses and,
for an ``https`` base URL, TLS pass through unchanged, end to end between the item runner and the
API, which authenticates every request itself.

Lifecycle. :class:`ApiForwarder` (the supervisor's handle) creates a socket directory that only
root and uid 65532 can enter, binds and listens on ``api.sock`` there, then starts
``python -m mango_worker.forwarder`` with the listening socket as an inherited descriptor (so
connections queue from the first moment) and keeps the child's stdin open. The directory is
bind-mounted read-only into every item container (:mod:`mango_worker.container`).
:meth:`ApiForwarder.close`, called once every container is gone, ends the child with SIGTERM.
When the supervisor dies instead (SIGKILL, crash), the child sees EOF on stdin and keeps serving
the orphaned containers, which still hold their leases and finish their calls, until no
connection has been open for ``linger`` seconds; then it removes its directory and exits. The
child runs in its own session, so a Ctrl+C meant for the supervisor does not cut the containers
off before their grace period.

Not responsible for: authentication (the API checks each request's token), the container side of
the mount (:mod:`mango_worker.container`) or anything about HTTP.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from ._logging import configure_logging
from .container import API_SOCKET_NAME, CONTAINER_UID

__all__ = ["DEFAULT_LINGER", "ApiForwarder", "Relay", "Target", "main", "serve", "target_of"]

log = logging.getLogger(__name__)

# Longer than the gap between two lease heartbeats (at most 30 s) with their retries, so an orphaned
# item that is still alive always has a connection open, or opens one, within this window.
DEFAULT_LINGER = 120.0
CONNECT_TIMEOUT = 10.0
_CHUNK = 65536


@dataclass(frozen=True)
class Target:
    """The one destination of every relayed connection."""

    host: str
    port: int


def target_of(base_url: str) -> Target:
    """The host and port of an ``http`` or ``https`` base URL (default ports 80 and 443)."""
    url = urlsplit(base_url)
    if url.scheme not in ("http", "https") or not url.hostname:
        raise ValueError(f"the API base URL must be http(s)://host[:port], got {base_url!r}")
    return Target(url.hostname, url.port or (443 if url.scheme == "https" else 80))


class Relay:
    """Relays each accepted connection to the target; counts open connections for the linger rule."""

    def __init__(self, target: Target, *, connect_timeout: float = CONNECT_TIMEOUT) -> None:
        self.target = target
        self.connect_timeout = connect_timeout
        self.open = 0
        self.quiet_since = time.monotonic()

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Serve one accepted connection until both directions are done."""
        self.open += 1
        try:
            try:
                upstream = await asyncio.wait_for(
                    asyncio.open_connection(self.target.host, self.target.port), self.connect_timeout
                )
            except (OSError, TimeoutError) as exc:
                log.warning(
                    "api unreachable target=%s:%s error=%s",
                    self.target.host,
                    self.target.port,
                    type(exc).__name__,
                    extra={"action": "forwarder.unreachable"},
                )
                return
            up_reader, up_writer = upstream
            try:
                await asyncio.gather(_pipe(reader, up_writer), _pipe(up_reader, writer))
            finally:
                _close(up_writer)
        finally:
            _close(writer)
            self.open -= 1
            if self.open == 0:
                self.quiet_since = time.monotonic()

    async def wait_quiet(self, linger: float) -> None:
        """Return once no connection has been open for ``linger`` seconds (counted from now at the earliest)."""
        start = time.monotonic()
        while True:
            quiet = time.monotonic() - max(self.quiet_since, start)
            if self.open == 0 and quiet >= linger:
                return
            await asyncio.sleep(min(1.0, linger - quiet) if self.open == 0 else 1.0)


async def _pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
    try:
        while chunk := await source.read(_CHUNK):
            sink.write(chunk)
            await sink.drain()
        # Pass the half-close on: an HTTP client may finish sending before it reads the answer.
        if sink.can_write_eof():
            sink.write_eof()
    except OSError:
        # One side broke: end both directions, the other pipe then sees EOF.
        _close(sink)


def _close(writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(OSError, RuntimeError):
        writer.close()


async def _stdin_closed() -> None:
    """Return at EOF on stdin, that is when the supervisor that holds the other end is gone."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    transport, _ = await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    try:
        while await reader.read(_CHUNK):
            pass
    finally:
        transport.close()


async def serve(listener: socket.socket, target: Target, *, linger: float = DEFAULT_LINGER) -> None:
    """Relay connections of ``listener`` to ``target`` until the supervisor is gone and the relay is quiet."""
    relay = Relay(target)
    server = await asyncio.start_unix_server(relay.handle, sock=listener)
    async with server:
        log.info("forwarder ready target=%s:%s", target.host, target.port, extra={"action": "forwarder.ready"})
        await _stdin_closed()
        log.warning(
            "supervisor gone, serving orphaned items linger_seconds=%s",
            linger,
            extra={"action": "forwarder.orphaned"},
        )
        await relay.wait_quiet(linger)
    log.info("forwarder quiet, exiting", extra={"action": "forwarder.stopped"})


class ApiForwarder:
    """The supervisor's handle on its forwarder process; see the module docstring for the lifecycle."""

    def __init__(
        self,
        base_url: str,
        *,
        root: str | os.PathLike[str] | None = None,
        linger: float = DEFAULT_LINGER,
        log_format: str = "text",
    ) -> None:
        """Args:
        base_url: The API base URL; its host and port are the only destination.
        root: Where the socket directory is created (default: the temporary directory).
        linger: Seconds an orphaned forwarder keeps serving after its last connection closed.
        log_format: ``text`` or ``json``, like the supervisor's own records.
        """
        self.target = target_of(base_url)
        self._base_url = base_url
        self._linger = linger
        self._log_format = log_format
        self.socket_dir = Path(tempfile.mkdtemp(prefix="mango-api-", dir=root)).resolve()
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def socket_path(self) -> Path:
        """The host path of the listening socket."""
        return self.socket_dir / API_SOCKET_NAME

    def start(self) -> None:
        """Bind the socket and start the forwarder process (again, if an earlier one ended)."""
        listener = self._listen()
        try:
            command = [sys.executable, "-m", "mango_worker.forwarder", "--fd", str(listener.fileno())]
            command += ["--base-url", self._base_url, "--linger", f"{self._linger:g}"]
            command += ["--socket-dir", str(self.socket_dir), "--log-format", self._log_format]
            self._process = subprocess.Popen(
                command, stdin=subprocess.PIPE, pass_fds=(listener.fileno(),), start_new_session=True
            )
        finally:
            listener.close()
        log.info(
            "forwarder started pid=%s socket=%s",
            self._process.pid,
            self.socket_path,
            extra={"action": "forwarder.started"},
        )

    @property
    def running(self) -> bool:
        """Whether the forwarder process is alive."""
        return self._process is not None and self._process.poll() is None

    def ensure_running(self) -> bool:
        """Restart the forwarder if its process ended; True when it was already running."""
        if self.running:
            return True
        exit_code = self._process.returncode if self._process is not None else None
        log.error("forwarder ended exit_code=%s, restarting", exit_code, extra={"action": "forwarder.restarted"})
        _release(self._process)
        self.start()
        return False

    def close(self) -> None:
        """End the forwarder (SIGTERM, by pid) and remove the socket directory."""
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        _release(process)
        shutil.rmtree(self.socket_dir, ignore_errors=True)

    def __enter__(self) -> ApiForwarder:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _listen(self) -> socket.socket:
        path = self.socket_path
        with contextlib.suppress(FileNotFoundError):
            path.unlink()  # a socket left by a forwarder that ended
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            listener.bind(str(path))
            _share_with_container(self.socket_dir, path)
            listener.listen(128)
        except BaseException:
            listener.close()
            raise
        return listener


def _release(process: subprocess.Popen[bytes] | None) -> None:
    if process is not None and process.stdin is not None:
        with contextlib.suppress(OSError):
            process.stdin.close()


def _share_with_container(directory: Path, path: Path) -> None:
    # Connecting needs search permission on the directory and write permission on the socket.
    if os.geteuid() == 0:
        os.chown(directory, CONTAINER_UID, CONTAINER_UID)
        os.chown(path, CONTAINER_UID, CONTAINER_UID)
        directory.chmod(0o700)
        path.chmod(0o600)
    else:
        # Without root the container uid cannot be given ownership; the socket only reaches the API,
        # which every local user can reach over TCP anyway.
        directory.chmod(0o755)
        path.chmod(0o666)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the forwarder process (``python -m mango_worker.forwarder``)."""
    args = _parser().parse_args(argv)
    configure_logging(args.log_level, args.log_format)
    target = target_of(args.base_url)
    listener = socket.socket(fileno=args.fd)

    async def run() -> bool:
        task = asyncio.current_task()
        assert task is not None
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, task.cancel)
        try:
            await serve(listener, target, linger=args.linger)
        except asyncio.CancelledError:
            return False
        return True

    # Only an orphan that went quiet removes the directory: otherwise the supervisor owns it, and
    # may start a new forwarder there that running containers (which mount the directory) still see.
    if asyncio.run(run()) and args.socket_dir is not None:
        shutil.rmtree(args.socket_dir, ignore_errors=True)
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m mango_worker.forwarder", description=__doc__)
    parser.add_argument("--fd", type=int, required=True, help="inherited listening Unix socket")
    parser.add_argument("--base-url", required=True, help="the API; its host:port is the only destination")
    parser.add_argument("--linger", type=float, default=DEFAULT_LINGER)
    parser.add_argument("--socket-dir", default=None, help="removed when an orphaned forwarder exits")
    parser.add_argument("--log-level", default="INFO")
    parser.add_argument("--log-format", choices=("text", "json"), default="text")
    return parser


if __name__ == "__main__":
    sys.exit(main())
