"""What every local fake provider shares: a Starlette app on a free 127.0.0.1 port, in a thread of its own,
answering scripted replies in order and recording every request.

Lifecycle: ``with Fake(...) as fake:`` starts and stops the server; ``fake.enqueue(...)`` scripts
replies; ``fake.requests`` holds what arrived. A subclass names its route and base URL and handles a
request (``_handle``), taking its next reply with ``_next_reply``. Not responsible for any wire format
(``fake_messages``, ``fake_openai``).
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections import deque
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Generic, Self, TypeVar

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

__all__ = ["RecordedRequest", "ScriptedServer"]

S = TypeVar("S")


@dataclass(frozen=True)
class RecordedRequest:
    """One request as the fake received it."""

    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    #: The client's port: requests with one port came over one (kept-alive) connection.
    client_port: int = 0

    def json(self) -> Any:
        return json.loads(self.body)


class ScriptedServer(Generic[S]):
    """A fake endpoint answering ``S`` replies in order; see the module docstring."""

    #: The one route the fake serves, and the base URL an adapter is given (``{port}`` filled in).
    route_path = ""
    base_url_template = "http://127.0.0.1:{port}"
    name = "fake"

    def __init__(self) -> None:
        self.requests: list[RecordedRequest] = []
        self._script: deque[S] = deque()
        self._lock = threading.Lock()
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self.base_url = ""

    def enqueue(self, *replies: S) -> None:
        """Append replies answered to the next requests, in order."""
        with self._lock:
            self._script.extend(replies)

    def reset(self) -> None:
        """Forget recorded requests and unused replies."""
        with self._lock:
            self._script.clear()
            self.requests.clear()

    @property
    def pending(self) -> int:
        """Scripted replies not yet used."""
        return len(self._script)

    def bodies(self) -> list[Any]:
        """The decoded JSON bodies received so far."""
        return [request.json() for request in self.requests]

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()

    def start(self) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        app = Starlette(routes=[Route(self.route_path, self._handle, methods=["POST"])])
        config = uvicorn.Config(app, log_level="warning", lifespan="off", ws="none", access_log=False)
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [sock]}, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError(f"{self.name} server did not start")
            time.sleep(0.01)
        self.base_url = self.base_url_template.format(port=port)

    def stop(self) -> None:
        if self._server is not None and self._thread is not None:
            self._server.should_exit = True
            self._thread.join(timeout=10)
        self._server = None
        self._thread = None

    async def _record(self, request: Request) -> RecordedRequest:
        port = request.client.port if request.client else 0
        recorded = RecordedRequest(request.method, request.url.path, dict(request.headers), await request.body(), port)
        self.requests.append(recorded)
        return recorded

    def _next_reply(self) -> S | None:
        with self._lock:
            return self._script.popleft() if self._script else None

    async def _handle(self, request: Request) -> Response:
        raise NotImplementedError
