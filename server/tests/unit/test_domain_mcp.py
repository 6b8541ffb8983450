"""mcp_toolset resolution: enable all or listed, per-tool overrides, always_ask default, invalidation."""

from __future__ import annotations

from mango_server.domain import mcp, tools
from mango_server.domain.capabilities import CapabilitySnapshot

DISCOVERED = [
    {"name": "lookup", "description": "", "input_schema": {"type": "object"}},
    {"name": "record", "description": "", "input_schema": {"type": "object"}},
]
SERVER = {"type": "url", "name": "s", "url": "https://mcp.example.com/mcp"}


def _offered(toolset: dict[str, object]) -> list[tuple[str, str]]:
    return [(t["name"], t["permission_policy"]["type"]) for t in mcp.enabled_tools("s", toolset, DISCOVERED)]


def test_every_tool_is_offered_and_asks_by_default() -> None:
    assert _offered({"type": "mcp_toolset", "mcp_server_name": "s"}) == [
        ("lookup", "always_ask"),
        ("record", "always_ask"),
    ]


def test_the_default_config_and_overrides_apply() -> None:
    toolset = {
        "default_config": {"permission_policy": {"type": "auto"}},
        "configs": [{"name": "lookup", "permission_policy": {"type": "always_allow"}}, {"name": "record"}],
    }
    assert _offered(toolset) == [("lookup", "always_allow"), ("record", "auto")]


def test_a_listed_toolset_never_offers_unlisted_tools() -> None:
    assert _offered({"configs": [{"name": "lookup"}]}) == [("lookup", "always_ask")]
    assert _offered({"default_config": {"enabled": False}}) == []
    assert _offered({"default_config": {"enabled": False}, "configs": [{"name": "record", "enabled": True}]}) == [
        ("record", "always_ask")
    ]


def test_a_changed_configuration_changes_the_digest() -> None:
    toolset = {"type": "mcp_toolset", "mcp_server_name": "s"}
    digest = mcp.config_digest(SERVER, toolset)
    assert digest == mcp.config_digest(dict(SERVER), dict(toolset))
    assert digest != mcp.config_digest({**SERVER, "url": "https://other.example.com/mcp"}, toolset)
    assert digest != mcp.config_digest(SERVER, {**toolset, "configs": [{"name": "lookup"}]})


def test_discovered_tools_are_classified_and_decided() -> None:
    snapshot = CapabilitySnapshot.of(
        {"model": {"id": "m"}, "tools": [{"type": "mcp_toolset", "mcp_server_name": "s"}], "mcp_servers": [SERVER]},
        mcp_tools=mcp.enabled_tools(
            "s",
            {"configs": [{"name": "lookup", "permission_policy": {"type": "always_allow"}}, {"name": "record"}]},
            DISCOVERED,
        ),
    )
    catalog = tools.catalog(snapshot)
    assert tools.decide(catalog, "lookup") == tools.ToolDecision("mcp", "allow")
    assert tools.decide(catalog, "record") == tools.ToolDecision("mcp", "ask")
    assert tools.decide(catalog, "missing") == tools.ToolDecision("unknown", "deny")
    assert tools.policy_type(catalog, "record") == "always_ask"
