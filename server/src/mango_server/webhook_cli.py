"""``mango webhook listen``: a local receiver that verifies and prints webhook deliveries.

It serves ``POST /`` on ``--host``/``--port`` (127.0.0.1:8787 by default), checks each delivery's
Standard Webhooks signature with the endpoint's secret and prints one line per notification
(verified or not). With ``--create`` it registers its own endpoint through the API
(``MANGO_BASE_URL``, ``MANGO_API_KEY``), uses the secret of that answer, and deletes the
endpoint when stopped, so a new user sees webhooks work in one terminal; otherwise the secret
comes from ``--secret`` or ``MANGO_WEBHOOK_SECRET``. The server must admit loopback egress
(``MANGO_EGRESS_ALLOW=127.0.0.1/32``) to reach it. Not responsible for delivery semantics.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TextIO

from mango_server.domain.webhooks import SESSION_TYPES, verify

_MAX_BODY = 1024 * 1024


def describe(body: bytes, headers: dict[str, str], secret: str, now: int) -> str:
    """One printed line for a delivery: verification, id, type, resource and extra fields."""
    ok = verify(secret, headers, body, now=now)
    mark = "verified" if ok else "INVALID SIGNATURE"
    try:
        payload = json.loads(body)
        data = payload.get("data", {})
        extra = {k: v for k, v in data.items() if k not in ("type", "id", "workspace_id")}
        summary = f"{data.get('type')} {data.get('id')}" + (f" {json.dumps(extra)}" if extra else "")
    except (ValueError, AttributeError):
        summary = "(not JSON)"
    return f"[{mark}] webhook-id={headers.get('webhook-id', '?')} {summary}"


def make_handler(secret: str, out: TextIO) -> type[BaseHTTPRequestHandler]:
    """The request handler class of a receiver that prints to ``out``."""

    class Receiver(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = min(int(self.headers.get("content-length") or 0), _MAX_BODY)
            body = self.rfile.read(length)
            headers = {k.lower(): v for k, v in self.headers.items()}
            line = describe(body, headers, secret, int(time.time()))
            print(line, file=out, flush=True)
            # An invalid signature is still acknowledged: this tool shows deliveries, it is not a gate.
            self.send_response(204)
            self.end_headers()

        def log_message(self, format: str, *args: object) -> None:
            return  # the one printed line per delivery is the output

    return Receiver


def _create_endpoint(url: str, event_types: list[str]) -> tuple[str, str, Callable[[], None]]:
    from mango import Mango

    client = Mango()
    created = client.webhooks.create(url=url, event_types=event_types, description="mango webhook listen")

    def remove() -> None:
        client.webhooks.delete(created.id)
        client.close()

    return created.id, created.secret, remove


def run_listen(host: str, port: int, secret: str | None, create: bool, event_types: list[str] | None) -> int:
    """Serve until Ctrl+C; returns the exit code."""
    server = ThreadingHTTPServer((host, port), BaseHTTPRequestHandler)
    url = f"http://{host}:{server.server_port}/"
    remove: Callable[[], None] | None = None
    if create:
        try:
            webhook_id, secret, remove = _create_endpoint(url, event_types or list(SESSION_TYPES))
        except Exception as exc:  # the SDK's errors carry the server's message, never a secret
            server.server_close()
            print(f"mango webhook listen: could not create the endpoint: {exc}", file=sys.stderr)
            return 1
        print(f"created webhook {webhook_id} -> {url} (deleted on exit)", flush=True)
    secret = secret or os.environ.get("MANGO_WEBHOOK_SECRET")
    if not secret:
        server.server_close()
        print("mango webhook listen: pass --create, --secret or MANGO_WEBHOOK_SECRET", file=sys.stderr)
        return 2
    server.RequestHandlerClass = make_handler(secret, sys.stdout)
    print(f"listening on {url} (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        if remove is not None:
            remove()
    return 0
