"""The API forwarder: one fixed destination, socket ownership, the process lifecycle and the orphan rule."""

from __future__ import annotations

import asyncio
import os
import socket
import time
from collections.abc import AsyncIterator, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from threading import Thread
from typing import Any

import httpx
import pytest
from mango_worker.forwarder import ApiForwarder, Relay, Target, target_of


class _Hello(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        body = f"hello {self.path} host={self.headers['Host']}".encode()
        self.send_response(200)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def api() -> Iterator[str]:
    """A tiny HTTP server on 127.0.0.1 standing in for the Mango API; yields its base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Hello)
    thread = Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def get_through(path: Path, url: str) -> httpx.Response:
    with httpx.Client(transport=httpx.HTTPTransport(uds=str(path)), trust_env=False, timeout=10) as client:
        return client.get(url)


def test_target_is_the_base_urls_host_and_port() -> None:
    assert target_of("http://127.0.0.1:8000/") == Target("127.0.0.1", 8000)
    assert target_of("https://mango.example.com/api") == Target("mango.example.com", 443)
    assert target_of("http://mango.example.com") == Target("mango.example.com", 80)
    for bad in ("127.0.0.1:8000", "ftp://host", "http://"):
        with pytest.raises(ValueError, match="base URL"):
            target_of(bad)


@pytest.fixture
async def relay(api: str, tmp_path: Path) -> AsyncIterator[tuple[Relay, Path]]:
    path = tmp_path / "api.sock"
    relay = Relay(target_of(api))
    server = await asyncio.start_unix_server(relay.handle, path=str(path))
    async with server:
        yield relay, path


async def test_every_connection_goes_to_the_target_whatever_the_request_names(relay: tuple[Relay, Path]) -> None:
    _, path = relay
    # The URL's host only becomes the Host header: the relay never dials it.
    response = await asyncio.to_thread(get_through, path, "http://10.0.0.1:5432/v1/x")
    assert response.status_code == 200
    assert response.text == "hello /v1/x host=10.0.0.1:5432"


async def test_quiet_means_no_connection_open_for_the_linger(relay: tuple[Relay, Path]) -> None:
    state, path = relay
    _, writer = await asyncio.open_unix_connection(str(path))
    await asyncio.sleep(0.1)
    assert state.open == 1
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(state.wait_quiet(0.2), 0.6)  # an open connection keeps it serving
    writer.close()
    await writer.wait_closed()
    started = time.monotonic()
    await asyncio.wait_for(state.wait_quiet(0.3), 5)
    assert time.monotonic() - started >= 0.3
    assert state.open == 0


async def test_unreachable_api_closes_the_connection(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # closed again below: nothing listens there
    path = tmp_path / "api.sock"
    server = await asyncio.start_unix_server(Relay(Target("127.0.0.1", port)).handle, path=str(path))
    async with server:
        reader, writer = await asyncio.open_unix_connection(str(path))
        writer.write(b"GET / HTTP/1.1\r\nhost: x\r\n\r\n")
        assert await asyncio.wait_for(reader.read(), 5) == b""
        writer.close()


def test_process_serves_the_socket_and_close_removes_it(api: str, tmp_path: Path) -> None:
    with ApiForwarder(api, root=tmp_path) as forwarder:
        assert get_through(forwarder.socket_path, "http://mango/v1/ok").text == "hello /v1/ok host=mango"
        if os.geteuid() == 0:
            # Only root and the container user may enter the directory and connect.
            for path, mode in ((forwarder.socket_dir, 0o700), (forwarder.socket_path, 0o600)):
                info = path.stat()
                assert (info.st_uid, info.st_gid, info.st_mode & 0o777) == (65532, 65532, mode)
        directory = forwarder.socket_dir
    assert not directory.exists()


def test_a_forwarder_that_ended_is_restarted_on_the_same_path(api: str, tmp_path: Path) -> None:
    with ApiForwarder(api, root=tmp_path) as forwarder:
        assert forwarder.ensure_running() is True
        process = forwarder._process
        assert process is not None
        process.kill()
        process.wait()
        assert not forwarder.running
        assert forwarder.ensure_running() is False
        assert forwarder.running
        assert get_through(forwarder.socket_path, "http://mango/again").text == "hello /again host=mango"


def test_an_orphaned_forwarder_serves_until_quiet_then_cleans_up(api: str, tmp_path: Path) -> None:
    forwarder = ApiForwarder(api, root=tmp_path, linger=1.0)
    forwarder.start()
    process = forwarder._process
    assert process is not None
    assert process.stdin is not None
    try:
        # What a supervisor's death looks like to the forwarder: EOF on its stdin.
        process.stdin.close()
        assert get_through(forwarder.socket_path, "http://mango/orphan").status_code == 200
        assert process.wait(timeout=15) == 0
        assert not forwarder.socket_dir.exists()
    finally:
        forwarder.close()
