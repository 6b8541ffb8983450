"""The web console's static assets at ``/console/``, and the CORS policy of browser callers.

Responsible for: serving the single-page console built from the repository's ``console/``
folder into ``console_static/`` (``make install`` builds it; the files ship inside the
package), and wrapping the app in the CORS middleware when ``MANGO_CORS_ORIGINS`` names
origins. The console is a plain API client: these routes are outside the generated route
table, need no credential and serve only files. Not responsible for: anything the console
does, which goes through the public API with the key the user pastes.
"""

from __future__ import annotations

import logging
from pathlib import Path

from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger(__name__)

STATIC_DIR = Path(__file__).parent / "console_static"
# The console loads only its own files and calls only its own origin.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)
_NOT_BUILT = (
    "<!doctype html><title>Mango console not built</title><h1>The console is not built</h1>"
    "<p>Run <code>make install</code> (or <code>make console</code>) in the repository to build it.</p>"
)


class _SecurityHeaders:
    """Adds the console's CSP and no-referrer headers to every static response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [
                    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
                    (b"referrer-policy", b"no-referrer"),
                    (b"x-content-type-options", b"nosniff"),
                ]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def _to_console(request: Request) -> Response:
    return RedirectResponse("/console/", status_code=308)


async def _not_built(request: Request) -> Response:
    return HTMLResponse(_NOT_BUILT, status_code=503)


def console_routes(static_dir: Path = STATIC_DIR) -> list[BaseRoute]:
    """``/console`` redirects to ``/console/``, which serves the built single-page app."""
    if not (static_dir / "index.html").is_file():
        log.warning("console assets missing dir=%s", static_dir, extra={"action": "api.console_missing"})
        return [Route("/console", _to_console), Mount("/console", routes=[Route("/{path:path}", _not_built)])]
    files = StaticFiles(directory=static_dir, html=True)
    return [Route("/console", _to_console), Mount("/console", app=_SecurityHeaders(files))]


def with_cors(app: ASGIApp, origins: str) -> ASGIApp:
    """Wrap ``app`` in CORS for the comma-separated ``origins`` (none: no cross-origin access at all)."""
    allowed = [origin.strip().rstrip("/") for origin in origins.split(",") if origin.strip()]
    if not allowed:
        return app
    log.info("cors enabled origins=%s", ",".join(allowed), extra={"action": "api.cors"})
    # Bearer keys travel in the Authorization header, never in cookies: no credentials mode.
    return CORSMiddleware(
        app,
        allow_origins=allowed,
        allow_methods=["GET", "POST", "DELETE"],
        allow_headers=["authorization", "content-type", "last-event-id"],
        expose_headers=["request-id", "retry-after", "content-disposition", "content-length"],
        max_age=600,
    )
