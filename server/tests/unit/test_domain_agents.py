"""Agent configuration rules."""

from __future__ import annotations

import pytest
from mango_server.domain.agents import build_agent_body, enabled_builtins, materialize_toolset
from mango_server.domain.errors import InvalidRequestError


def test_model_string_becomes_config_and_toolset_is_materialized() -> None:
    body = build_agent_body({"name": "a", "model": "m1", "tools": [{"type": "agent_toolset_20260401"}]})
    assert body["model"] == {"id": "m1", "speed": "standard"}
    toolset = body["tools"][0]
    assert toolset["default_config"] == {"enabled": True, "permission_policy": {"type": "always_allow"}}
    assert [c["name"] for c in toolset["configs"]][:2] == ["bash", "read"]
    assert {c["name"] for c in enabled_builtins(body["tools"])} >= {"bash", "web_search"}


def test_per_tool_overrides() -> None:
    toolset = materialize_toolset(
        {
            "type": "agent_toolset_20260401",
            "default_config": {"enabled": False},
            "configs": [{"name": "bash", "enabled": True, "permission_policy": {"type": "always_ask"}}],
        }
    )
    enabled = [c for c in toolset["configs"] if c["enabled"]]
    assert enabled == [{"name": "bash", "type": "bash", "enabled": True, "permission_policy": {"type": "always_ask"}}]


@pytest.mark.parametrize("policy", ["always_ask", "auto"])
def test_provider_native_tools_must_always_allow(policy: str) -> None:
    tools = [
        {"type": "agent_toolset_20260401", "configs": [{"name": "web_search", "permission_policy": {"type": policy}}]}
    ]
    with pytest.raises(InvalidRequestError, match="always_allow"):
        build_agent_body({"name": "a", "model": "m", "tools": tools})


@pytest.mark.parametrize("policy", ["always_ask", "auto"])
def test_web_fetch_may_ask_or_be_evaluated_through_the_managed_executor(policy: str) -> None:
    tools = [
        {"type": "agent_toolset_20260401", "configs": [{"name": "web_fetch", "permission_policy": {"type": policy}}]}
    ]
    body = build_agent_body({"name": "a", "model": "m", "tools": tools})
    [config] = [c for c in body["tools"][0]["configs"] if c["name"] == "web_fetch"]
    assert config["permission_policy"] == {"type": policy}


@pytest.mark.parametrize("policy", ["always_ask", "auto"])
def test_toolset_wide_ask_disables_web_search_with_a_warning(policy: str) -> None:
    tools = [{"type": "agent_toolset_20260401", "default_config": {"permission_policy": {"type": policy}}}]
    body = build_agent_body({"name": "a", "model": "m", "tools": tools})
    configs = {c["name"]: c for c in body["tools"][0]["configs"]}
    assert configs["web_search"]["enabled"] is False
    assert configs["web_fetch"]["enabled"] is True  # the platform-managed executor can pause
    assert configs["bash"]["permission_policy"] == {"type": policy}
    [warning] = body["warnings"]
    assert (warning["type"], warning["tool_name"]) == ("tool_disabled", "web_search")
    assert "cannot be paused" in warning["message"]
    # A later version that leaves the tools alone keeps the exception; one that replaces them recomputes it.
    assert build_agent_body({"system": "v2"}, base=body)["warnings"] == body["warnings"]
    assert build_agent_body({"tools": []}, base=body)["warnings"] == []


def test_config_type_repeats_the_tool_name() -> None:
    toolset = materialize_toolset({"type": "agent_toolset_20260401", "configs": [{"name": "read", "type": "read"}]})
    assert all(c["type"] == c["name"] for c in toolset["configs"])
    with pytest.raises(InvalidRequestError, match="must be 'read'"):
        materialize_toolset({"type": "agent_toolset_20260401", "configs": [{"name": "read", "type": "bash"}]})


def test_disabled_provider_native_tool_may_keep_any_policy() -> None:
    tools = [
        {
            "type": "agent_toolset_20260401",
            "configs": [{"name": "web_fetch", "enabled": False, "permission_policy": {"type": "always_ask"}}],
        }
    ]
    build_agent_body({"name": "a", "model": "m", "tools": tools})


def test_rejects_duplicates_and_unknown_names() -> None:
    custom = {"type": "custom", "name": "x", "description": "", "input_schema": {"type": "object"}}
    with pytest.raises(InvalidRequestError, match="used twice"):
        build_agent_body({"name": "a", "model": "m", "tools": [custom, custom]})
    with pytest.raises(InvalidRequestError, match="unknown built-in"):
        materialize_toolset({"type": "agent_toolset_20260401", "configs": [{"name": "rm"}]})
    with pytest.raises(InvalidRequestError, match="unknown MCP server"):
        build_agent_body({"name": "a", "model": "m", "tools": [{"type": "mcp_toolset", "mcp_server_name": "nope"}]})


def test_update_merges_metadata_and_keeps_unchanged_fields() -> None:
    base = build_agent_body({"name": "a", "model": "m", "system": "s", "metadata": {"k": "v", "drop": "x"}})
    body = build_agent_body({"metadata": {"drop": None, "new": "n"}}, base=base)
    assert body["system"] == "s"
    assert body["metadata"] == {"k": "v", "new": "n"}


def _mcp(url: str) -> dict[str, object]:
    return {"type": "url", "name": "docs", "url": url}


def test_mcp_url_is_kept_exactly_as_sent() -> None:
    from mango_server.domain.agents import validate_mcp_servers

    url = "https://example.com" + "/a" * 1014  # 2,047 characters with no trailing slash
    assert validate_mcp_servers([_mcp(url)])[0]["url"] == url
    assert validate_mcp_servers([_mcp("http://h:8080")])[0]["url"] == "http://h:8080"


@pytest.mark.parametrize("url", ["ftp://h/x", "/relative", "https://", "http://h:99999999", "http://a b/", "nonsense"])
def test_mcp_url_must_be_absolute_http(url: str) -> None:
    from mango_server.domain.agents import validate_mcp_servers

    with pytest.raises(InvalidRequestError, match="url"):
        validate_mcp_servers([_mcp(url)])
