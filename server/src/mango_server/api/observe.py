"""HTTP telemetry at the edge: a span, request metrics and log context for every request.

A pure ASGI middleware around the router, so it sees each request once whatever the handler
does (streams included). The span starts as ``HTTP <method>`` and is renamed to the operationId
once routing has chosen a route (the route's ``name`` is the operationId, see ``app.build_app``);
paths with ids never become labels. SSE responses count in ``mango_sse_connections`` while open
and stay out of the latency histogram. Not responsible for the request id or authentication
(``app._endpoint`` binds those to the log context).
"""

from __future__ import annotations

import time

from opentelemetry.trace import SpanKind, Status, StatusCode
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mango_server.telemetry import metrics, traces

__all__ = ["ObserveMiddleware"]


def _operation(scope: Scope) -> str:
    route: object = scope.get("route")
    name = getattr(route, "name", None)
    return str(name) if name else "unmatched"


class ObserveMiddleware:
    """Wraps the Starlette app; one instance per app."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.monotonic()
        state = {"status": 500, "sse": False}

        async def observed_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                state["status"] = message["status"]
                headers = dict(message.get("headers") or [])
                if headers.get(b"content-type", b"").startswith(b"text/event-stream"):
                    state["sse"] = True
                    metrics.SSE_CONNECTIONS.inc()
            await send(message)

        with traces.span_under(f"HTTP {scope['method']}", None, kind=SpanKind.SERVER) as span:
            try:
                await self.app(scope, receive, observed_send)
            finally:
                operation, status = _operation(scope), int(state["status"])
                span.update_name(operation)
                span.set_attribute("http.request.method", scope["method"])
                span.set_attribute("http.response.status_code", status)
                if status >= 500:
                    span.set_status(Status(StatusCode.ERROR))
                metrics.HTTP_REQUESTS.labels(operation, str(status)).inc()
                if state["sse"]:
                    metrics.SSE_CONNECTIONS.dec()
                else:
                    metrics.HTTP_DURATION.labels(operation).observe(time.monotonic() - started)
