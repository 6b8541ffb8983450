"""Test doubles: a Docker client recording what the launcher asks of it, and a static Work poller."""

from __future__ import annotations

import socket
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any


class NotFound(Exception):
    pass


class FakeContainer:
    short_id = "c0ffee"

    def __init__(self, config: dict[str, Any], exit_code: int, hang: bool, output: bytes) -> None:
        self.config = config
        self.exit_code = exit_code
        self.hang = hang
        self.output = output
        self.calls: list[str] = []
        self.stdin = b""
        self.stop_timeout: int | None = None
        self._peer: socket.socket | None = None
        self._stopped = threading.Event()
        self.started = threading.Event()

    def attach_socket(self, params: dict[str, int]) -> socket.socket:
        self.calls.append("attach")
        assert params == {"stdin": 1, "stream": 1}
        ours, self._peer = socket.socketpair()
        return ours

    def start(self) -> None:
        self.calls.append("start")
        self.started.set()

    def read_stdin(self) -> bytes:
        return self.stdin

    def _drain_peer(self) -> None:
        if self._peer is None:
            return
        chunks = []
        while chunk := self._peer.recv(4096):
            chunks.append(chunk)
        self.stdin = b"".join(chunks)
        self._peer.close()
        self._peer = None

    def wait(self) -> dict[str, int]:
        if self.hang:
            assert self._stopped.wait(timeout=10)
        return {"StatusCode": self.exit_code}

    def stop(self, timeout: int) -> None:
        self.calls.append("stop")
        self.stop_timeout = timeout
        self.exit_code = 143
        self._stopped.set()

    def logs(self, **kwargs: Any) -> bytes:
        return self.output

    def remove(self, force: bool) -> None:
        self.calls.append("remove")
        self._drain_peer()


class FakeContainers:
    def __init__(self, client: FakeDocker) -> None:
        self._client = client

    def create(self, **config: Any) -> FakeContainer:
        container = FakeContainer(config, self._client.exit_code, self._client.hang, self._client.output)
        self._client.created.append(container)
        self._client.created_event.set()
        return container

    def get(self, name: str) -> FakeContainer:
        for container in self._client.leftovers:
            if container.config["name"] == name:
                return container
        raise NotFound(name)


class FakeDocker:
    def __init__(self, exit_code: int = 0, hang: bool = False, output: bytes = b"") -> None:
        self.exit_code = exit_code
        self.hang = hang
        self.output = output
        self.created: list[FakeContainer] = []
        self.leftovers: list[FakeContainer] = []
        self.created_event = threading.Event()
        self.containers = FakeContainers(self)


@dataclass
class Item:
    id: str
    environment_id: str
    data: Any
    secret: str | None = "c2VjcmV0"


@dataclass
class StaticPoller:
    items: list[Item]
    yielded: list[str] = field(default_factory=list)
    block_forever: bool = False

    async def __aiter__(self) -> AsyncIterator[Item]:
        import asyncio

        for item in self.items:
            self.yielded.append(item.id)
            yield item
        if self.block_forever:
            await asyncio.Event().wait()
