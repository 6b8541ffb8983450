"""The MCP connector: discovery (``initialize`` + ``tools/list``) and tool calls over streamable HTTP,
with the legacy HTTP+SSE transport as a fallback.

Built on the official ``mcp`` SDK. Every connection goes through the egress guard
(``tools.egress.guarded_client``) and is bounded by a deadline. A caller that holds a credential
passes its token (a ``domain.vaults.Secret``): it is attached here, at the transport boundary, as
``Authorization: Bearer``, by an ``httpx2.Auth`` hook that also watches the answers' statuses. A 401
raises :class:`McpUnauthorized`: the server refused the request before acting on it, so the caller
may refresh its token and try again. Error messages never carry the token.

An operation given a ``scope`` (the Session execution row, so one per Session and Thread) runs on
the scope's live client session with the server (``tools.mcp_sessions``: opened by its first
operation, reused by the next ones, closed when idle or when the token changes); without a scope
it opens a session, does its one thing and closes it. A reused session that fails in a way that
proves the request never reached the server (no connection, or the server no longer knows the
session: 404) is dropped and the operation runs once more on a fresh session. A server that refuses
the streamable HTTP ``initialize`` POST with 400, 404 or 405 (a server that predates it) is asked
again over the legacy HTTP+SSE transport, as the MCP specification's backwards-compatibility rule
says.

A call's content is projected for the model (:func:`project`): text, textual embedded resources,
resource links and ``structuredContent`` become text; an image (PNG, JPEG, GIF or WebP whose bytes are
of its ``mimeType``, within the default image bounds of ``domain.media``) is kept for the model as
:class:`McpImage` (:func:`images_of`) and named in the text; other image, audio and binary content
becomes an explicit unsupported-content note; ``_meta`` never reaches the model. Not responsible for
permissions, the journal or what a failure means for the turn (``app.turn.mcp_calls``).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import TypeVar

import httpx2
import mcp_types
from mcp import Client
from mcp.client.sse import sse_client
from mcp.client.streamable_http import streamable_http_client

from mango_server.domain import media
from mango_server.domain.json import JsonObject
from mango_server.domain.mcp import DiscoveredTool
from mango_server.domain.vaults import Secret
from mango_server.tools.egress import EgressPolicy, EgressRefused, GuardedTransport, guarded_client, normalize_url
from mango_server.tools.mcp_sessions import ConnectionLost, LiveSessions

log = logging.getLogger(__name__)

T = TypeVar("T")

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
    """A finished call: the model-visible text, whether the server flagged an error, bounded raw JSON, and
    the images the model may see."""

    text: str
    is_error: bool
    raw: JsonObject | None
    images: tuple[McpImage, ...] = ()


@dataclass(frozen=True)
class McpImage:
    """An image a tool returned: its media type (checked against its bytes) and its base64 data."""

    media_type: str
    data: str


class McpConnector:
    """Runs MCP operations through the egress guard, on live sessions per scope (see the module docstring)."""

    def __init__(
        self,
        policy: EgressPolicy,
        *,
        timeout_seconds: float = 60.0,
        max_sessions: int = 128,
        idle_seconds: float = 300.0,
    ) -> None:
        self._policy = policy
        self._timeout = timeout_seconds
        self._live: LiveSessions[_Bearer] = LiveSessions(max_entries=max_sessions, idle_seconds=idle_seconds)

    @property
    def live_sessions(self) -> int:
        """How many client sessions are open."""
        return len(self._live)

    async def aclose(self) -> None:
        """Close every live session."""
        await self._live.aclose()

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

    async def discover(self, url: str, token: Secret | None = None, *, scope: str | None = None) -> Discovery:
        """Initialise a session and list every tool (following ``nextCursor``), within the deadline.

        ``token``: the bearer token to send; ``scope``: whose live session to use (None: a session
        of its own). Raises :class:`McpUnauthorized` on a 401, else :class:`McpConnectionError`.
        """
        return await self._operate(url, token, scope, _list_tools)

    async def call(
        self,
        url: str,
        name: str,
        arguments: dict[str, object],
        token: Secret | None = None,
        *,
        scope: str | None = None,
    ) -> CallResult:
        """Call one tool; a transport failure raises :class:`McpConnectionError` (the outcome is then unknown).

        A 401 raises :class:`McpUnauthorized` (the server did not run the call). A server that
        refused streamable HTTP's ``initialize`` never saw the call, which is then made over HTTP+SSE.
        """

        async def call_tool(client: Client) -> mcp_types.CallToolResult:
            return await client.call_tool(name, arguments)

        result = await self._operate(url, token, scope, call_tool)
        raw: JsonObject | None = result.model_dump(mode="json", by_alias=True, exclude_none=True)
        if len(json.dumps(raw)) > 100_000:
            raw = None  # the private diagnostic copy is bounded; oversized raw content is omitted
        return CallResult(project(result), bool(result.is_error), raw, images_of(result))

    async def _operate(
        self, url: str, token: Secret | None, scope: str | None, operation: Callable[[Client], Awaitable[T]]
    ) -> T:
        """``operation`` over streamable HTTP, else (refused the way an older server does) over HTTP+SSE."""
        try:
            return await self._attempt(url, token, scope, operation, legacy=False)
        except McpConnectionError as exc:
            if not exc.legacy_refusal:
                raise
        return await self._attempt(url, token, scope, operation, legacy=True)

    async def _attempt(
        self,
        url: str,
        token: Secret | None,
        scope: str | None,
        operation: Callable[[Client], Awaitable[T]],
        *,
        legacy: bool,
    ) -> T:
        if scope is None:
            auth = _Bearer(token)
            try:
                async with asyncio.timeout(self._timeout), self._client(url, auth, legacy=legacy) as client:
                    return await operation(client)
            except Exception as exc:
                raise _failure(url, exc, auth.statuses, token, legacy=legacy) from exc
        try:
            return await self._pooled(url, token, scope, operation, legacy=legacy, retry=True)
        except _Undelivered:
            return await self._pooled(url, token, scope, operation, legacy=legacy, retry=False)

    async def _pooled(
        self,
        url: str,
        token: Secret | None,
        scope: str,
        operation: Callable[[Client], Awaitable[T]],
        *,
        legacy: bool,
        retry: bool,
    ) -> T:
        """One try on the scope's live session; ``retry``: raise :class:`_Undelivered` for a stale reused one."""
        fresh = _Bearer(token)
        seen: list[tuple[_Bearer, int]] = []

        async def measured(client: Client, auth: _Bearer) -> T:
            seen.append((auth, len(auth.statuses)))  # this operation's answers come after the mark
            return await operation(client)

        try:
            async with asyncio.timeout(self._timeout):
                return await self._live.run(
                    _key(scope, url, token, legacy),
                    lambda auth: self._client(url, auth, legacy=legacy),
                    fresh,
                    measured,
                    family=(scope, normalize_url(url)),
                )
        except Exception as exc:
            auth, mark = seen[0] if seen else (fresh, 0)
            statuses = auth.statuses[mark:]
            if retry and auth is not fresh and _never_delivered(exc, statuses):
                raise _Undelivered from exc  # a stale reused session: the request never reached the server
            raise _failure(url, exc, statuses, token, legacy=legacy, opened=auth is fresh) from exc


class _Undelivered(Exception):
    """An operation on a reused session failed before reaching the server (it may run on a fresh one)."""


async def _list_tools(client: Client) -> Discovery:
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


def _key(scope: str, url: str, token: Secret | None, legacy: bool) -> tuple[str, ...]:
    """A live session's key; the token counts by digest only (a new token opens a new session)."""
    digest = hashlib.sha256(token.reveal().encode()).hexdigest() if token is not None else ""
    return (scope, normalize_url(url), "sse" if legacy else "streamable", digest)


def _never_delivered(exc: BaseException, statuses: list[int]) -> bool:
    """Whether a failed operation on a reused session provably never reached the server."""
    if statuses[:1] == [404]:  # the server no longer knows the session: it refused the request
        return True
    leaf = _leaf(exc)
    return not statuses and isinstance(leaf, httpx2.ConnectError)


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


def _failure(
    url: str, exc: BaseException, statuses: list[int], token: Secret | None, *, legacy: bool, opened: bool = True
) -> McpConnectionError:
    """What a failed operation means: a 401, a refusal of streamable HTTP, a lost or failed connection.

    ``statuses``: the HTTP statuses this operation received; ``opened``: whether it opened its session.
    """
    if 401 in statuses:
        return McpUnauthorized(with_token=token is not None)
    if isinstance(_leaf(exc), ConnectionLost):
        return McpConnectionError("the connection to the MCP server was lost")
    error = _connection_error(url, exc)
    # Only the first answer of a new session matters: a refused ``initialize`` means nothing else was sent.
    if opened and not legacy and statuses[:1] and statuses[0] in _LEGACY_STATUSES:
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
        elif (image := _image(block)) is not None:
            parts.append(f"[image: {image.media_type}]")
        else:
            kind = getattr(block, "type", "binary")
            parts.append(f"[unsupported content: {kind} content is not passed to the model]")
    structured = result.structured_content
    if structured is not None and not _already_shown(structured, parts):
        parts.append(json.dumps(structured, ensure_ascii=False, sort_keys=True))
    return "\n".join(parts)


def images_of(result: mcp_types.CallToolResult) -> tuple[McpImage, ...]:
    """The images of a call result the model may see (:func:`_image`), at most ``MediaLimits().max_blocks``."""
    found = [image for block in result.content if (image := _image(block)) is not None]
    return tuple(found[: media.MediaLimits().max_blocks])


def _image(block: object) -> McpImage | None:
    """An image content block whose bytes are the image type it declares and fit the default image bound."""
    if not isinstance(block, mcp_types.ImageContent) or block.mime_type not in media.IMAGE_TYPES:
        return None
    data = media.decode_base64(block.data)
    if data is None or len(data) > media.MediaLimits().image_max_bytes or media.sniff(data) != block.mime_type:
        return None
    return McpImage(block.mime_type, block.data)


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
