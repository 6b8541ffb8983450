"""The MCP connector against a real MCP server on loopback: discovery, calls, projection, the egress guard."""

from __future__ import annotations

import base64
from collections.abc import Iterator

import mcp_types
import pytest
from mango_server.tools.egress import EgressPolicy
from mango_server.tools.mcp_connector import McpConnectionError, McpConnector, McpImage, images_of, project

from tests.support.mcp_server import McpTestServer

ALLOW_LOOPBACK = EgressPolicy.from_setting("127.0.0.1/32")


@pytest.fixture(scope="module")
def server() -> Iterator[McpTestServer]:
    with McpTestServer() as running:
        yield running


async def test_discovery_lists_the_tools(server: McpTestServer) -> None:
    found = await McpConnector(ALLOW_LOOPBACK, timeout_seconds=10).discover(server.url)
    names = [t["name"] for t in found.tools]
    assert names == ["lookup", "record", "dump", "picture", "report", "lookup_failing"]
    assert found.server_name == "mango-test-mcp"
    lookup = found.tools[0]
    assert lookup["input_schema"]["properties"]["key"]["type"] == "string"
    assert found.digest() == (await McpConnector(ALLOW_LOOPBACK).discover(server.url)).digest()


async def test_loopback_is_refused_without_the_allowlist(server: McpTestServer) -> None:
    before = sum(server.calls.values())
    with pytest.raises(McpConnectionError, match="loopback"):
        await McpConnector(EgressPolicy(), timeout_seconds=10).discover(server.url)
    with pytest.raises(McpConnectionError, match="loopback"):
        await McpConnector(EgressPolicy(), timeout_seconds=10).call(server.url, "record", {"note": "x"})
    assert sum(server.calls.values()) == before


async def test_a_call_runs_once_and_projects_text(server: McpTestServer) -> None:
    before = server.calls["record"]
    result = await McpConnector(ALLOW_LOOPBACK).call(server.url, "record", {"note": "hi"})
    assert (result.text, result.is_error) == ("recorded hi", False)
    assert server.calls["record"] == before + 1


async def test_an_image_is_kept_for_the_model_and_named_in_the_text(server: McpTestServer) -> None:
    result = await McpConnector(ALLOW_LOOPBACK).call(server.url, "picture", {})
    assert result.text == "[image: image/png]"
    assert result.images == (McpImage("image/png", "iVBORw0KGgo="),)


def test_other_binary_content_is_an_explicit_unsupported_note() -> None:
    png = base64.b64encode(b"\x89PNG\r\n\x1a\n").decode()
    result = mcp_types.CallToolResult(
        content=[
            mcp_types.ImageContent(type="image", data=png, mime_type="image/jpeg"),  # PNG bytes declared as JPEG
            mcp_types.ImageContent(type="image", data=png, mime_type="image/tiff"),
            mcp_types.AudioContent(type="audio", data=png, mime_type="audio/wav"),
        ]
    )
    assert images_of(result) == ()
    assert project(result).splitlines() == [
        "[unsupported content: image content is not passed to the model]",
        "[unsupported content: image content is not passed to the model]",
        "[unsupported content: audio content is not passed to the model]",
    ]


async def test_structured_content_reaches_the_model_as_text(server: McpTestServer) -> None:
    result = await McpConnector(ALLOW_LOOPBACK).call(server.url, "report", {})
    assert result.text == 'report ready\n{"rows": 3}'


async def test_an_unreachable_server_is_a_connection_error() -> None:
    with pytest.raises(McpConnectionError, match=r"could not (reach|connect)"):
        await McpConnector(ALLOW_LOOPBACK, timeout_seconds=5).discover("http://127.0.0.1:9/mcp")
