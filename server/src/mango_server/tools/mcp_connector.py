"""The MCP connector: discovery (``initialize`` + ``tools/list``) and tool calls over streamable HTTP.

Built on the official ``mcp`` SDK. Every connection goes through the egress guard
(``tools.egress.guarded_client``), carries no credentials (MCP servers are unauthenticated in this
release) and is bounded by a deadline. One connection per operation: a discovery or a call opens a
session, does its one thing and closes it, so no connection state outlives an activity.

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
from mcp.client.streamable_http import streamable_http_client

from mango_server.domain.json import JsonObject
from mango_server.domain.mcp import DiscoveredTool
from mango_server.tools.egress import EgressPolicy, EgressRefused, guarded_client, normalize_url

log = logging.getLogger(__name__)

_MAX_TOOLS = 256
_MAX_DESCRIPTION = 4096


class McpConnectionError(Exception):
    """The server could not be reached, refused by the egress guard, or broke the protocol (message is public).

    ``maybe_sent``: whether a request may have reached the server (false only when no connection
    was ever made: an egress refusal or a refused connection).
    """

    def __init__(self, message: str, *, maybe_sent: bool = True) -> None:
        super().__init__(message)
        self.maybe_sent = maybe_sent


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
    async def _client(self, url: str) -> AsyncIterator[Client]:
        http = guarded_client(self._policy)
        async with http, Client(streamable_http_client(normalize_url(url), http_client=http), mode="legacy") as c:
            yield c

    async def discover(self, url: str) -> Discovery:
        """Initialise a session and list every tool (following ``nextCursor``), within the deadline."""
        try:
            async with asyncio.timeout(self._timeout), self._client(url) as client:
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
            raise _connection_error(url, exc) from exc

    async def call(self, url: str, name: str, arguments: dict[str, object]) -> CallResult:
        """Call one tool; a transport failure raises :class:`McpConnectionError` (the outcome is then unknown)."""
        try:
            async with asyncio.timeout(self._timeout), self._client(url) as client:
                result = await client.call_tool(name, arguments)
        except Exception as exc:
            raise _connection_error(url, exc) from exc
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
