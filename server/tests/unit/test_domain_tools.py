"""Tool classification of model calls and the permission decision of built-in tools."""

from __future__ import annotations

from typing import Any

import pytest
from mango_server.domain.agents import build_agent_body
from mango_server.domain.capabilities import CapabilitySnapshot
from mango_server.domain.tools import (
    ToolCatalog,
    ToolDecision,
    catalog,
    classify,
    decide,
    permission,
    policy_type,
    web_fetch_mode,
)

MANIFEST = [{"skill_id": "skill_1", "version": 1, "name": "pdf", "description": "d", "directory": "pdf"}]


def _snapshot(**extra: Any) -> CapabilitySnapshot:
    body = build_agent_body(
        {
            "name": "a",
            "model": "m",
            "tools": [
                {
                    "type": "agent_toolset_20260401",
                    "default_config": {"permission_policy": {"type": "always_allow"}},
                    "configs": [
                        {"name": "bash", "permission_policy": {"type": "always_ask"}},
                        {"name": "write", "permission_policy": {"type": "auto"}},
                        {"name": "grep", "enabled": False},
                    ],
                },
                {"type": "custom", "name": "lookup", "input_schema": {"type": "object"}},
                {"type": "mcp_toolset", "mcp_server_name": "docs"},
            ],
            "mcp_servers": [{"type": "url", "name": "docs", "url": "https://example.com/mcp"}],
        }
    )
    return CapabilitySnapshot.of(body, **extra)


def test_catalog_sorts_the_snapshot_tools_by_kind() -> None:
    tools = catalog(_snapshot(skill_manifest=MANIFEST))
    assert tools.custom == {"lookup"}
    assert tools.builtins["bash"] == "always_ask"
    assert tools.builtins["write"] == "auto"
    assert tools.builtins["read"] == "always_allow"
    assert "grep" not in tools.builtins
    assert tools.provider_native == {"web_search", "web_fetch"}
    assert tools.platform == {"load_skill"}
    assert tools.mcp_servers == {"docs"}


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("lookup", "custom"),
        ("bash", "builtin"),
        ("read", "builtin"),
        ("grep", "unknown"),
        ("web_search", "provider_native"),
        ("load_skill", "platform"),
        ("nope", "unknown"),
    ],
)
def test_classify(name: str, kind: str) -> None:
    assert classify(catalog(_snapshot(skill_manifest=MANIFEST)), name) == kind


def test_load_skill_is_a_platform_tool_only_when_skills_are_pinned() -> None:
    assert classify(catalog(_snapshot()), "load_skill") == "unknown"


def test_mcp_calls_are_named_by_their_server() -> None:
    tools = catalog(_snapshot())
    assert classify(tools, "search", mcp_server="docs") == "mcp"
    assert classify(tools, "search", mcp_server="other") == "unknown"
    assert decide(tools, "search", mcp_server="docs") == ToolDecision("mcp", "deny")


@pytest.mark.parametrize(
    ("policy", "decision"),
    [("always_allow", "allow"), ("always_ask", "ask"), ("auto", "ask"), ("something_new", "ask")],
)
def test_permission(policy: str, decision: str) -> None:
    assert permission(policy) == decision


def test_decide_combines_kind_and_policy() -> None:
    tools = catalog(_snapshot(skill_manifest=MANIFEST))
    assert decide(tools, "bash") == ToolDecision("builtin", "ask")
    assert decide(tools, "write") == ToolDecision("builtin", "ask")
    assert decide(tools, "read") == ToolDecision("builtin", "allow")
    assert decide(tools, "lookup") == ToolDecision("custom", "allow")
    assert decide(tools, "load_skill") == ToolDecision("platform", "allow")
    assert decide(tools, "web_fetch") == ToolDecision("provider_native", "deny")
    assert decide(tools, "nope") == ToolDecision("unknown", "deny")


def test_an_empty_catalog_knows_nothing() -> None:
    assert decide(ToolCatalog(), "bash") == ToolDecision("unknown", "deny")


def _web_fetch_snapshot(policy: str, mode: str | None = None) -> CapabilitySnapshot:
    body = build_agent_body(
        {
            "name": "a",
            "model": "m",
            "tools": [
                {
                    "type": "agent_toolset_20260401",
                    "configs": [{"name": "web_fetch", "permission_policy": {"type": policy}}],
                }
            ],
        }
    )
    return CapabilitySnapshot.of(body, web_fetch_mode=mode)


@pytest.mark.parametrize(
    ("policy", "native", "mode"),
    [
        ("always_allow", True, "native"),
        ("always_allow", False, "managed"),
        ("always_ask", True, "managed"),
        ("auto", True, "managed"),
        ("auto", False, "managed"),
    ],
)
def test_web_fetch_is_native_only_when_the_endpoint_has_it_and_nothing_must_intercept(
    policy: str, native: bool, mode: str
) -> None:
    assert web_fetch_mode(_web_fetch_snapshot(policy), native_available=native) == mode


def test_web_fetch_mode_is_none_when_the_tool_is_disabled() -> None:
    body = build_agent_body(
        {
            "name": "a",
            "model": "m",
            "tools": [{"type": "agent_toolset_20260401", "configs": [{"name": "web_fetch", "enabled": False}]}],
        }
    )
    assert web_fetch_mode(CapabilitySnapshot.of(body), native_available=False) is None


def test_a_managed_web_fetch_is_classified_and_decided_by_its_policy() -> None:
    tools = catalog(_web_fetch_snapshot("always_ask", "managed"))
    assert "web_fetch" not in tools.provider_native
    assert decide(tools, "web_fetch") == ToolDecision("managed", "ask")
    assert policy_type(tools, "web_fetch") == "always_ask"
    native = catalog(_web_fetch_snapshot("always_allow", "native"))
    assert decide(native, "web_fetch") == ToolDecision("provider_native", "deny")
