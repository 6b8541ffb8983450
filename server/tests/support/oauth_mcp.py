"""An MCP server on loopback that requires OAuth bearer tokens, and the token endpoint that issues them.

Role: a real MCP server built with the ``mcp`` SDK's server side (``MCPServer`` with a
``TokenVerifier``, so the SDK's own bearer middleware answers 401 to a missing, unknown or expired
token), served by uvicorn in a background thread on ``127.0.0.1``, next to a ``/token`` route
(starlette) implementing the refresh-token grant with client authentication ``none``,
``client_secret_basic`` or ``client_secret_post``. ``transport="sse"`` serves the legacy HTTP+SSE
transport instead of streamable HTTP (at the same ``/mcp`` URL).

The issuer (:class:`Issuer`) keeps every token in memory: tests mint tokens, expire or revoke
them, make refresh tokens rotate, slow the endpoint down (to make refreshers overlap), hold one
request open (to crash its caller mid-refresh) and count refresh requests.
Tool: ``whoami()`` answers ``"hello <client_id>"``; ``calls`` counts its runs
(and ``calls["initialize"]`` the sessions clients opened).

Lifecycle: ``with OAuthMcpServer() as server:``; ``server.url`` is the MCP endpoint and
``server.token_url`` the token endpoint. Not responsible for any Mango behaviour.
"""

from __future__ import annotations

import base64
import secrets
import socket
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, Literal
from urllib.parse import unquote_plus

import anyio
import uvicorn
from mcp.server.auth.provider import AccessToken
from mcp.server.auth.settings import AuthSettings
from mcp.server.mcpserver import MCPServer
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

__all__ = ["CLIENT_ID", "CLIENT_SECRET", "Hold", "Issuer", "OAuthMcpServer"]

CLIENT_ID = "mango-tests"
CLIENT_SECRET = "client-secret-" + "c" * 24


@dataclass
class Hold:
    """A refresh request held open: ``reached`` is set when it arrives, ``release`` lets it be answered."""

    reached: threading.Event = field(default_factory=threading.Event)
    release: threading.Event = field(default_factory=threading.Event)


@dataclass
class Issuer:
    """Tokens in memory (see the module docstring)."""

    client_auth: Literal["none", "client_secret_basic", "client_secret_post"] = "none"
    access_ttl: float = 3600.0
    rotate: bool = False
    delay: float = 0.0  # seconds the token endpoint waits before answering
    hold: Hold | None = None  # one-shot: the next refresh request waits for ``hold.release``
    access: dict[str, float] = field(default_factory=dict)  # token -> expiry (epoch seconds)
    refresh: set[str] = field(default_factory=set)
    refreshes: int = 0  # refresh requests answered with a token
    requests: list[dict[str, str]] = field(default_factory=list)  # every form received (tests check fields)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def mint_access(self, ttl: float | None = None) -> str:
        token = "at-" + secrets.token_urlsafe(24)
        with self.lock:
            self.access[token] = time.time() + (self.access_ttl if ttl is None else ttl)
        return token

    def mint_refresh(self) -> str:
        token = "rt-" + secrets.token_urlsafe(24)
        with self.lock:
            self.refresh.add(token)
        return token

    def expire(self, token: str) -> None:
        with self.lock:
            self.access[token] = 0.0

    def revoke_all_refresh(self) -> None:
        with self.lock:
            self.refresh.clear()

    def valid(self, token: str) -> bool:
        with self.lock:
            return self.access.get(token, 0.0) > time.time()

    def all_values(self) -> set[str]:
        """Every secret this issuer ever made or knows (for leak scans)."""
        with self.lock:
            return set(self.access) | set(self.refresh) | {CLIENT_SECRET}

    def _client_ok(self, request: Request, form: dict[str, str]) -> bool:
        if self.client_auth == "client_secret_basic":
            header = request.headers.get("authorization", "")
            if not header.lower().startswith("basic "):
                return False
            user, _, password = base64.b64decode(header[6:]).decode().partition(":")
            return unquote_plus(user) == CLIENT_ID and unquote_plus(password) == CLIENT_SECRET
        if form.get("client_id") != CLIENT_ID:
            return False
        return self.client_auth == "none" or form.get("client_secret") == CLIENT_SECRET

    async def token_endpoint(self, request: Request) -> Response:
        form = {k: str(v) for k, v in (await request.form()).items()}
        with self.lock:
            self.requests.append(form)
        if self.delay:
            await anyio.sleep(self.delay)
        hold, self.hold = self.hold, None
        if hold is not None:  # the caller is left waiting, holding whatever it holds, until the test releases it
            hold.reached.set()
            await anyio.to_thread.run_sync(hold.release.wait)
        if not self._client_ok(request, form):
            return JSONResponse({"error": "invalid_client"}, status_code=401)
        if form.get("grant_type") != "refresh_token":
            return JSONResponse({"error": "unsupported_grant_type"}, status_code=400)
        presented = form.get("refresh_token", "")
        with self.lock:
            if presented not in self.refresh:
                return JSONResponse({"error": "invalid_grant", "error_description": f"bad {presented}"}, 400)
            if self.rotate:
                self.refresh.discard(presented)
            self.refreshes += 1
        answer: dict[str, Any] = {"access_token": self.mint_access(), "token_type": "Bearer"}
        answer["expires_in"] = int(self.access_ttl)
        if self.rotate:
            answer["refresh_token"] = self.mint_refresh()
        return JSONResponse(answer)


class _Verifier:
    def __init__(self, issuer: Issuer, resource: str) -> None:
        self._issuer = issuer
        self._resource = resource

    async def verify_token(self, token: str) -> AccessToken | None:
        if not self._issuer.valid(token):
            return None
        return AccessToken(token=token, client_id=CLIENT_ID, scopes=[], resource=self._resource)


class OAuthMcpServer:
    """The server, its issuer and its call counter."""

    def __init__(self, issuer: Issuer | None = None, transport: Literal["streamable", "sse"] = "streamable") -> None:
        self.issuer = issuer or Issuer()
        self.transport = transport
        self.calls: Counter[str] = Counter()
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/mcp"

    @property
    def token_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/token"

    def _app(self) -> Any:
        base = f"http://127.0.0.1:{self.port}"
        auth = AuthSettings(
            issuer_url=base,  # type: ignore[arg-type]
            resource_server_url=self.url,  # type: ignore[arg-type]
            validate_token_resource=True,
        )
        mcp = MCPServer(
            "mango-oauth-test-mcp", version="1.0.0", token_verifier=_Verifier(self.issuer, self.url), auth=auth
        )

        @mcp.tool(description="Say who the token belongs to.")
        def whoami() -> str:
            self.calls["whoami"] += 1
            return f"hello {CLIENT_ID}"

        @mcp.custom_route("/token", methods=["POST"])
        async def token(request: Request) -> Response:
            return await self.issuer.token_endpoint(request)

        if self.transport == "sse":
            return self._counting(mcp.sse_app(sse_path="/mcp", message_path="/messages/"))
        return self._counting(mcp.streamable_http_app(json_response=True, stateless_http=True))

    def _counting(self, app: Any) -> Any:
        """``app`` counting the ``initialize`` requests it receives (``calls["initialize"]``)."""

        async def counted(scope: Any, receive: Any, send: Any) -> None:
            if scope["type"] != "http" or scope["method"] != "POST":
                return await app(scope, receive, send)

            async def watched() -> Any:
                message = await receive()
                if b'"method":"initialize"' in message.get("body", b"").replace(b" ", b""):
                    self.calls["initialize"] += 1
                return message

            return await app(scope, watched, send)

        return counted

    def __enter__(self) -> OAuthMcpServer:
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        sock.close()
        config = uvicorn.Config(self._app(), host="127.0.0.1", port=self.port, log_level="warning", lifespan="on")
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the OAuth MCP test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        assert self._server is not None
        assert self._thread is not None
        self._server.should_exit = True
        self._thread.join(timeout=10)
