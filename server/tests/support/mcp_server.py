"""A counting MCP test server on loopback, built with the ``mcp`` SDK's server side.

Role: a real streamable-HTTP MCP server (``MCPServer.streamable_http_app`` under uvicorn, in a
background thread, on ``127.0.0.1`` and a free port) whose tools count their calls, so tests can
prove that a call ran exactly once (or never). Tools:

- ``lookup(key)``: read-only, answers ``value-of-<key>``;
- ``record(note, delay_ms=0)``: "mutating", counts the call *before* sleeping ``delay_ms`` (a test
  can kill the orchestrator while the call is in flight) and answers ``recorded <note>``;
- ``dump(size)``: a text result of ``size`` characters (large results);
- ``picture()``: an image result (unsupported content);
- ``report()``: text plus ``structuredContent``.

Lifecycle: ``with McpTestServer() as server:``; ``server.url`` is the endpoint; ``server.calls``
counts calls by tool name. Not responsible for any Mango behaviour.
"""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections import Counter
from types import TracebackType
from typing import Any

import uvicorn
from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult, ImageContent, TextContent

__all__ = ["McpTestServer"]


class McpTestServer:
    """The server and its call counter."""

    def __init__(self) -> None:
        self.calls: Counter[str] = Counter()
        self._lock = threading.Lock()
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/mcp"

    def _count(self, name: str) -> None:
        with self._lock:
            self.calls[name] += 1

    def _app(self) -> Any:
        mcp = MCPServer("mango-test-mcp", version="1.0.0")

        @mcp.tool(description="Look up a value by key (read-only).")
        def lookup(key: str) -> str:
            self._count("lookup")
            return f"value-of-{key}"

        @mcp.tool(description="Record a note (changes state).")
        async def record(note: str, delay_ms: int = 0) -> str:
            self._count("record")
            await asyncio.sleep(delay_ms / 1000)
            return f"recorded {note}"

        @mcp.tool(description="Return a text of the given size.")
        def dump(size: int) -> str:
            self._count("dump")
            line = "0123456789abcdefghijklmnopqrstuvwxyz\n"
            return (line * (size // len(line) + 1))[:size]

        @mcp.tool(description="Return an image.")
        def picture() -> CallToolResult:
            self._count("picture")
            return CallToolResult(content=[ImageContent(type="image", data="iVBORw0KGgo=", mime_type="image/png")])

        @mcp.tool(description="Return a structured report.")
        def report() -> CallToolResult:
            self._count("report")
            return CallToolResult(
                content=[TextContent(type="text", text="report ready")], structured_content={"rows": 3}
            )

        @mcp.tool(description="Look up a value, and always fail (the server answers with an error result).")
        def lookup_failing(key: str) -> str:
            self._count("lookup_failing")
            raise ValueError(f"failed on purpose: {key}")

        return mcp.streamable_http_app(json_response=True, stateless_http=True)

    def __enter__(self) -> McpTestServer:
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
                raise RuntimeError("the MCP test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        assert self._server is not None
        assert self._thread is not None
        self._server.should_exit = True
        self._thread.join(timeout=10)
