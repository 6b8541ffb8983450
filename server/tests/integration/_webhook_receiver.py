"""A webhook receiver on 127.0.0.1 for the integration tests: records every request, answers by script.

``answer`` decides each response from the request count of its ``webhook-id``: a status code,
or ``HANG`` (hold the connection without answering, as an endpoint that is slow while the
dispatcher dies). Requests are recorded before the answer is chosen, with their arrival time.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

HANG = -1


@dataclass
class Received:
    """One request as the receiver saw it."""

    headers: dict[str, str]
    body: bytes
    at: float
    answered: int | None = None


@dataclass
class Receiver:
    """A threaded HTTP server that records deliveries."""

    answer: Callable[[Received, int], int] = lambda request, nth: 204
    requests: list[Received] = field(default_factory=list)
    location: str = "http://example.com/"
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _server: ThreadingHTTPServer | None = None
    _release: threading.Event = field(default_factory=threading.Event)

    def start(self) -> Receiver:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length") or 0))
                request = Received({k.lower(): v for k, v in self.headers.items()}, body, time.monotonic())
                with receiver._lock:
                    receiver.requests.append(request)
                    msg_id = request.headers.get("webhook-id")
                    nth = sum(1 for r in receiver.requests if r.headers.get("webhook-id") == msg_id)
                status = receiver.answer(request, nth)
                if status == HANG:
                    receiver._release.wait(60)
                    return
                request.answered = status
                self.send_response(status)
                if 300 <= status < 400:
                    self.send_header("location", receiver.location)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                return

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    @property
    def url(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_port}/hooks"

    def stop(self) -> None:
        self._release.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    def of_type(self, notification_type: str, resource_id: str | None = None) -> list[Received]:
        import json

        with self._lock:
            out = []
            for r in self.requests:
                data = json.loads(r.body)["data"]
                if data["type"] == notification_type and (resource_id is None or data["id"] == resource_id):
                    out.append(r)
            return out

    def wait_for(self, predicate: Callable[[list[Received]], bool], timeout: float = 30.0) -> list[Received]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                snapshot = list(self.requests)
            if predicate(snapshot):
                return snapshot
            time.sleep(0.05)
        raise AssertionError(f"receiver condition not met within {timeout}s; got {len(self.requests)} request(s)")
