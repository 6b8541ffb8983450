"""MCP toolset rules: which discovered tools an Agent's ``mcp_toolset`` offers, with which policy.

Pure. ``enabled_tools`` applies the toolset to a discovery: without ``configs`` the default
(``enabled`` true unless said otherwise) applies to every discovered tool; when ``configs`` lists
names, only listed tools can be enabled, so a tool the server adds later is never offered
silently. The policy is the tool's override, else the toolset default, else ``always_ask``.
``config_digest`` identifies the configuration a snapshot was discovered for: a different digest
invalidates the snapshot. Not responsible for discovery itself or for storing snapshots.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import NotRequired, TypedDict

from mango_server.domain._generated import wire
from mango_server.domain.json import JsonObject

DEFAULT_POLICY = "always_ask"


class DiscoveredTool(TypedDict):
    """One tool as ``tools/list`` reported it, reduced to what the model sees (a discovery snapshot's ``tools``)."""

    name: str
    description: str
    input_schema: JsonObject
    """The tool's JSON Schema, passed to the model as the server sent it."""
    output_schema_digest: NotRequired[str]


class OfferedTool(DiscoveredTool):
    """A discovered tool an ``mcp_toolset`` offers the model, with its server and its permission policy
    (``{"type": ...}``)."""

    mcp_server_name: str
    permission_policy: dict[str, str]


class RoundTool(OfferedTool):
    """An offered tool as a round declares it: with the digest of the discovery snapshot it came from."""

    snapshot_digest: str


class DiscoverySnapshot(TypedDict):
    """What a Session pins of one server's discovery: its identity, its tools and their digest."""

    server_name: str
    server_version: str
    protocol_version: str
    tools: list[DiscoveredTool]
    digest: str
    url: str


def toolsets(snapshot: Mapping[str, object]) -> list[tuple[wire.McpServer, wire.McpToolset]]:
    """(server, toolset) pairs of an Agent snapshot, in toolset order."""
    declared, tools = snapshot.get("mcp_servers"), snapshot.get("tools")
    servers = {s["name"]: s for s in declared} if isinstance(declared, list) else {}
    return [
        (servers[t["mcp_server_name"]], t)
        for t in (tools if isinstance(tools, list) else [])
        if t.get("type") == "mcp_toolset" and t["mcp_server_name"] in servers
    ]


def config_digest(server: Mapping[str, object], toolset: Mapping[str, object]) -> str:
    """The digest of one server's configuration (URL and toolset)."""
    raw = json.dumps({"url": server["url"], "toolset": toolset}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(raw.encode()).hexdigest()


def _policy(config: Mapping[str, object] | None) -> str | None:
    policy = (config or {}).get("permission_policy")
    return str(policy["type"]) if isinstance(policy, Mapping) and policy else None


def enabled_tools(
    server_name: str, toolset: Mapping[str, object], discovered: Sequence[DiscoveredTool]
) -> list[OfferedTool]:
    """The tools offered to the model, each with ``mcp_server_name`` and ``permission_policy``."""
    declared_default, configs = toolset.get("default_config"), toolset.get("configs")
    default: Mapping[str, object] = declared_default if isinstance(declared_default, Mapping) else {}
    overrides: dict[str, Mapping[str, object]] = {c["name"]: c for c in configs} if isinstance(configs, list) else {}
    default_policy = _policy(default) or DEFAULT_POLICY
    out: list[OfferedTool] = []
    for tool in discovered:
        override = overrides.get(tool["name"])
        if overrides and override is None:
            continue  # a listed toolset never offers unlisted (for example newly added) tools
        enabled = (override or {}).get("enabled", default.get("enabled", True))
        if not enabled:
            continue
        policy = _policy(override) or default_policy
        out.append({**tool, "mcp_server_name": server_name, "permission_policy": {"type": policy}})
    return out
