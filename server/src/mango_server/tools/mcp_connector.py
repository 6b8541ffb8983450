"""The MCP connector: discovery (``initialize`` + ``tools/list``) and tool calls over streamable HTTP,
with the legacy HTTP+SSE transport as a fallback.

Built on the official ``mcp`` SDK. Every connection goes through the egress guard
(``tools.egress.guarded_client``) and is bounded by a deadline. A caller that holds a credential
passes its token (a ``domain.vaults.Secret``): it is attached here, at the transport boundary, as
``Authorization: Bearer``, by an ``httpx2.Auth`` hook that also watches the answers' statuses. A 401
raises :class:`McpUnauthorized`: the server refused the request before acting on it, so the caller
may refresh its token and try again. Error messages never carry the token.

One connection per operation: a discovery or a call opens a session, does its one thing and closes
it, so no connection state outlives an activity. A server that refuses the streamable HTTP
``initialize`` POST with 400, 404 or 405 (a server that predates it) is asked again over the
legacy HTTP+SSE transport, as the MCP specification's backwards-compatibility rule says.

A call's content is projected for the model (:func:`project`): text, textual embedded resources,
resource links and ``structuredContent`` become text; image, audio and binary content become an
explicit unsupported-content note; ``_meta`` never reaches the model. Not responsible for
permissions, the journal or what a failure means for the turn (``app.turn.mcp_calls``).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

import httpx2
import mcp_types
from mcp import Client
from mcp.client.sse import sse_client
from mcp.client.streamable_http import streamable_http_client

from mango_server.domain.json import JsonObject
from mango_server.domain.mcp import DiscoveredTool
from mango_server.domain.vaults import Secret
from mango_server.tools.egress import EgressPolicy, EgressRefused, GuardedTransport, guarded_client, normalize_url

log = logging.getLogger(__name__)

_MAX_TOOLS = 256
_MAX_DESCRIPTION = 4096


class McpConnectionError(Exception):
    """The server could not be reached, refused by the egress guard, or broke the protocol (message is public).

    ``maybe_sent``: whether a request may have reached the server (false only when no connection
    was ever made: an egress refusal or a refused connection). ``legacy_refusal``: the server
    refused streamable HTTP's first request the way a server that predates it does.
    """

    def __init__(self, message: str, *, maybe_sent: bool = True, legacy_refusal: bool = False) -> None:
        super().__init__(message)
        self.maybe_sent = maybe_sent
        self.legacy_refusal = legacy_refusal


class McpUnauthorized(McpConnectionError):
    """The server answered 401: it refused the request before acting on it (nothing ran).

    ``with_token``: whether a token was sent (the caller may refresh it and try once more).
    """

    def __init__(self, *, with_token: bool) -> None:
        message = (
            "the MCP server refused the credential (HTTP 401)"
            if with_token
            else "the MCP server requires authorization (HTTP 401): store a credential for its URL in a vault "
            "named in the Session's vault_ids (see docs/vaults.md)"
        )
        super().__init__(message, maybe_sent=False)
        self.with_token = with_token


#: Statuses with which a server that predates streamable HTTP refuses its ``initialize`` POST.
_LEGACY_STATUSES = frozenset({400, 404, 405})


class _Bearer(httpx2.Auth):
    """Attaches the token (when there is one) to every request, and records each answer's status.

    The statuses tell a 401 (and a pre-streamable-HTTP server) apart from other failures, which the
    ``mcp`` SDK reports alike as a JSON-RPC error.
    """

    def __init__(self, token: Secret | None) -> None:
        self._token = token
        self.statuses: list[int] = []

    def auth_flow(self, request: httpx2.Request):  # type: ignore[no-untyped-def]  # httpx2's generator protocol
        if self._token is not None:
            request.headers["Authorization"] = f"Bearer {self._token.reveal()}"
        response = yield request
        self.statuses.append(response.status_code)


@dataclass(frozen=True)
class Discovery:
    """What ``initialize`` + ``tools/list`` found: the server's identity and its tools (model-facing fields)."""

    server_name: str
    server_version: str
    protocol_version: str
    tools: list[DiscoveredTool]

    def digest(self) -> str:
        """A stable digest of the discovered tool surface."""
        raw = json.dumps(self.tools, sort_keys=True, separators=(",", ":")).encode()
        return hashlib.sha256(raw).hexdigest()


@dataclass(frozen=True)
class CallResult:
    """A finished call: the model-visible text, whether the server flagged an error, bounded raw JSON."""

    text: str
    is_error: bool
    raw: JsonObject | None


class McpConnector:
    """Opens one guarded MCP session per operation."""

    def __init__(self, policy: EgressPolicy, *, timeout_seconds: float = 60.0) -> None:
        self._policy = policy
        self._timeout = timeout_seconds

    @asynccontextmanager
    async def _client(self, url: str, auth: _Bearer, *, legacy: bool = False) -> AsyncIterator[Client]:
        target = normalize_url(url)
        if legacy:
            async with Client(sse_client(target, httpx_client_factory=self._sse_http, auth=auth), mode="legacy") as c:
                yield c
            return
        http = guarded_client(self._policy, auth=auth)
        async with http, Client(streamable_http_client(target, http_client=http), mode="legacy") as c:
            yield c

    def _sse_http(
        self,
        headers: dict[str, str] | None = None,
        timeout: httpx2.Timeout | None = None,
        auth: httpx2.Auth | None = None,
    ) -> httpx2.AsyncClient:
        """The legacy transport's HTTP client: guarded like every other, with the SDK's timeouts."""
        return httpx2.AsyncClient(
            transport=GuardedTransport(self._policy),
            trust_env=False,
            headers=headers,
            timeout=timeout or httpx2.Timeout(self._policy.timeout_seconds),
            auth=auth,
        )

    async def discover(self, url: str, token: Secret | None = None) -> Discovery:
        """Initialise a session and list every tool (following ``nextCursor``), within the deadline.

        ``token``: the bearer token to send. Raises :class:`McpUnauthorized` on a 401, else
        :class:`McpConnectionError`.
        """
        try:
            return await self._discover(url, token, legacy=False)
        except McpConnectionError as exc:
            if not exc.legacy_refusal:
                raise
        return await self._discover(url, token, legacy=True)

    async def _discover(self, url: str, token: Secret | None, *, legacy: bool) -> Discovery:
        auth = _Bearer(token)
        try:
            async with asyncio.timeout(self._timeout), self._client(url, auth, legacy=legacy) as client:
                listed: list[mcp_types.Tool] = []
                cursor: str | None = None
                while len(listed) < _MAX_TOOLS:
                    page = await client.list_tools(cursor=cursor, cache_mode="refresh")
                    listed += page.tools
                    cursor = page.next_cursor
                    if not cursor:
                        break
                info = client.server_info
                return Discovery(
                    server_name=info.name if info else "",
                    server_version=info.version if info else "",
                    protocol_version=client.protocol_version,
                    tools=[_tool(t) for t in listed[:_MAX_TOOLS]],
                )
        except Exception as exc:
            raise _failure(url, exc, auth, token, legacy=legacy) from exc

    async def call(self, url: str, name: str, arguments: dict[str, object], token: Secret | None = None) -> CallResult:
        """Call one tool; a transport failure raises :class:`McpConnectionError` (the outcome is then unknown).

        A 401 raises :class:`McpUnauthorized` (the server did not run the call). A server that
        refused streamable HTTP's ``initialize`` never saw the call, which is then made over HTTP+SSE.
        """
        try:
            return await self._call(url, name, arguments, token, legacy=False)
        except McpConnectionError as exc:
            if not exc.legacy_refusal:
                raise
        return await self._call(url, name, arguments, token, legacy=True)

    async def _call(
        self, url: str, name: str, arguments: dict[str, object], token: Secret | None, *, legacy: bool
    ) -> CallResult:
        auth = _Bearer(token)
        try:
            async with asyncio.timeout(self._timeout), self._client(url, auth, legacy=legacy) as client:
                result = await client.call_tool(name, arguments)
        except Exception as exc:
            raise _failure(url, exc, auth, token, legacy=legacy) from exc
        raw: JsonObject | None = result.model_dump(mode="json", by_alias=True, exclude_none=True)
        if len(json.dumps(raw)) > 100_000:
            raw = None  # the private diagnostic copy is bounded; oversized raw content is omitted
        return CallResult(project(result), bool(result.is_error), raw)


def _tool(tool: mcp_types.Tool) -> DiscoveredTool:
    schema = tool.input_schema if isinstance(tool.input_schema, dict) else {"type": "object"}
    out: DiscoveredTool = {
        "name": tool.name,
        "description": (tool.description or "")[:_MAX_DESCRIPTION],
        "input_schema": schema,
    }
    if tool.output_schema:
        raw = json.dumps(tool.output_schema, sort_keys=True).encode()
        out["output_schema_digest"] = hashlib.sha256(raw).hexdigest()
    return out


def _leaf(exc: BaseException) -> BaseException:
    """The first non-group exception (anyio task groups wrap transport errors)."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


def _failure(url: str, exc: BaseException, auth: _Bearer, token: Secret | None, *, legacy: bool) -> McpConnectionError:
    """What a failed operation means: a 401, a refusal of streamable HTTP, or a connection error."""
    if 401 in auth.statuses:
        return McpUnauthorized(with_token=token is not None)
    error = _connection_error(url, exc)
    # Only the first answer matters: a refused ``initialize`` means nothing else was sent.
    if not legacy and auth.statuses[:1] and auth.statuses[0] in _LEGACY_STATUSES:
        error.legacy_refusal = True
    return error


def _connection_error(url: str, exc: BaseException) -> McpConnectionError:
    leaf = _leaf(exc)
    if isinstance(leaf, EgressRefused):
        return McpConnectionError(str(leaf), maybe_sent=False)
    if isinstance(leaf, httpx2.ConnectError):
        return McpConnectionError("could not connect to the MCP server", maybe_sent=False)
    if isinstance(leaf, TimeoutError | asyncio.TimeoutError):
        return McpConnectionError("the MCP server did not answer within the deadline")
    log.info("mcp connection failed url=%s error=%r", url, leaf, extra={"action": "mcp.connection_failed"})
    return McpConnectionError(f"could not reach the MCP server ({type(leaf).__name__})")


def project(result: mcp_types.CallToolResult) -> str:
    """The model-visible text of a call result (see the module docstring)."""
    parts: list[str] = []
    for block in result.content:
        if isinstance(block, mcp_types.TextContent):
            parts.append(block.text)
        elif isinstance(block, mcp_types.EmbeddedResource) and isinstance(
            block.resource, mcp_types.TextResourceContents
        ):
            parts.append(block.resource.text)
        elif isinstance(block, mcp_types.ResourceLink):
            parts.append(f"[resource link] {block.name}: {block.uri}")
        else:
            kind = getattr(block, "type", "binary")
            parts.append(f"[unsupported content: {kind} content is not passed to the model]")
    structured = result.structured_content
    if structured is not None and not _already_shown(structured, parts):
        parts.append(json.dumps(structured, ensure_ascii=False, sort_keys=True))
    return "\n".join(parts)


def _already_shown(structured: object, texts: list[str]) -> bool:
    """Whether a text block already carries ``structuredContent`` (servers serialise it for old clients,
    and SDK servers wrap a plain return value as ``{"result": value}``)."""
    for text in texts:
        if isinstance(structured, dict) and structured.get("result") == text and len(structured) == 1:
            return True
        try:
            if json.loads(text) == structured:
                return True
        except ValueError:
            continue
    return False
