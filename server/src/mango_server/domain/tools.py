"""Tool calls of a model round: what kind of tool a call names and what its permission policy decides.

Kinds: ``custom`` (application-defined, answered by the client), ``builtin`` (executed by the
Session's self-hosted worker), ``provider_native`` (run by the model provider inside its own call,
never executed here), ``platform`` (answered by the orchestrator itself, such as ``load_skill`` and a coordinator's
``delegate`` / ``send_to_agent``),
``mcp`` (a tool of an attached MCP server, offered under its MCP tool name once discovered; the
round's ``CapabilitySnapshot`` carries the discovered tools as ``mcp_tools``), ``managed`` (a built-in the
platform executes itself, interceptable like any built-in: ``web_fetch`` when the Session pinned
the managed executor, see :func:`web_fetch_mode`; the round's snapshot says so as
``web_fetch_mode``) and ``unknown``.

Permission: ``always_allow`` allows, ``always_ask`` asks, as does any policy this code does not
know; ``auto`` asks here too: the turn engine asks the evaluator (``app.turn.evaluator``) and records
its allow / ask / deny instead. Pure: no I/O. Not responsible for executing tools.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from mango_server.domain.agents import PLATFORM_TOOLS, PROVIDER_NATIVE_TOOLS, custom_tools, enabled_builtins
from mango_server.domain.capabilities import CapabilitySnapshot
from mango_server.domain.roster import COORDINATOR_TOOLS

ToolKind = Literal["custom", "builtin", "provider_native", "platform", "mcp", "managed", "unknown"]
MANAGED_TOOLS = frozenset({"web_fetch"})  # built-ins the platform can execute when the provider cannot
Permission = Literal["allow", "ask", "deny"]


@dataclass(frozen=True)
class ToolCatalog:
    """The tools one round's capability snapshot offers, by kind."""

    custom: frozenset[str] = frozenset()
    #: Worker built-ins by name -> permission policy type.
    builtins: Mapping[str, str] = field(default_factory=dict)
    provider_native: frozenset[str] = frozenset()
    platform: frozenset[str] = frozenset()
    mcp_servers: frozenset[str] = frozenset()
    #: Discovered MCP tools by model-facing name -> (server name, permission policy type).
    mcp_tools: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    #: Platform-managed built-ins by name -> permission policy type.
    managed: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ToolDecision:
    """How the turn engine treats one call: its kind and whether it may run, must ask, or is refused."""

    kind: ToolKind
    permission: Permission


def catalog(snapshot: CapabilitySnapshot) -> ToolCatalog:
    """The catalogue of a round's snapshot; platform tools are offered only when the Session pins Skills
    (``load_skill``) or its Agent is a coordinator (``delegate``, ``send_to_agent``)."""
    enabled = enabled_builtins(snapshot.tools)
    managed = {
        c["name"]: c["permission_policy"]["type"]
        for c in enabled
        if c["name"] in MANAGED_TOOLS and snapshot.web_fetch_mode == "managed"
    }
    return ToolCatalog(
        custom=frozenset(t["name"] for t in custom_tools(snapshot.tools)),
        builtins={c["name"]: c["permission_policy"]["type"] for c in enabled if c["name"] not in PROVIDER_NATIVE_TOOLS},
        provider_native=frozenset(
            c["name"] for c in enabled if c["name"] in PROVIDER_NATIVE_TOOLS and c["name"] not in managed
        ),
        platform=(PLATFORM_TOOLS if snapshot.skill_manifest else frozenset())
        | (COORDINATOR_TOOLS if snapshot.roster else frozenset()),
        mcp_servers=frozenset(str(t["mcp_server_name"]) for t in snapshot.tools if t.get("type") == "mcp_toolset"),
        mcp_tools=_mcp_tools(snapshot),
        managed=managed,
    )


def web_fetch_mode(snapshot: CapabilitySnapshot, *, native_available: bool) -> str | None:
    """Which executor answers the Agent's ``web_fetch``: ``native``, ``managed``, or ``None`` (not enabled).

    Native only when the model endpoint runs web fetches itself (its capability profile) and the
    policy is ``always_allow``: a provider-native call cannot be paused, so ``always_ask`` and
    ``auto`` need the interceptable platform-managed executor.
    """
    config = next((c for c in enabled_builtins(snapshot.tools) if c["name"] == "web_fetch"), None)
    if config is None:
        return None
    if native_available and config["permission_policy"]["type"] == "always_allow":
        return "native"
    return "managed"


def _mcp_tools(snapshot: CapabilitySnapshot) -> dict[str, tuple[str, str]]:
    """Discovered MCP tools by name; the first server offering a name wins (as in ``app.turn.request``)."""
    out: dict[str, tuple[str, str]] = {}
    for tool in snapshot.mcp_tools:
        out.setdefault(tool["name"], (tool["mcp_server_name"], tool["permission_policy"]["type"]))
    return out


def classify(tools: ToolCatalog, name: str, *, mcp_server: str | None = None) -> ToolKind:
    """The kind of tool a call names (``mcp_server``: the server an MCP tool call came from, if any)."""
    if mcp_server is not None:
        return "mcp" if mcp_server in tools.mcp_servers else "unknown"
    if name in tools.custom:
        return "custom"
    if name in tools.builtins:
        return "builtin"
    if name in tools.managed:
        return "managed"
    if name in tools.platform:
        return "platform"
    if name in tools.provider_native:
        return "provider_native"
    if name in tools.mcp_tools:
        return "mcp"
    return "unknown"


def permission(policy: str) -> Permission:
    """The decision of a permission policy type before any evaluation (``auto`` asks until evaluated)."""
    return "allow" if policy == "always_allow" else "ask"


def decide(tools: ToolCatalog, name: str, *, mcp_server: str | None = None) -> ToolDecision:
    """Kind and permission of one call.

    Custom and platform calls are allowed (the client, or the platform, answers them); built-ins
    and MCP tools follow their policy; provider-native and unknown calls are refused here: the
    provider already ran its own tools, and an unknown name is not available.
    """
    kind = classify(tools, name, mcp_server=mcp_server)
    if kind == "builtin":
        return ToolDecision(kind, permission(tools.builtins[name]))
    if kind == "managed":
        return ToolDecision(kind, permission(tools.managed[name]))
    if kind == "mcp" and name in tools.mcp_tools:
        return ToolDecision(kind, permission(tools.mcp_tools[name][1]))
    if kind in ("custom", "platform"):
        return ToolDecision(kind, "allow")
    return ToolDecision(kind, "deny")


def policy_type(tools: ToolCatalog, name: str) -> str | None:
    """The configured permission policy type of a built-in or MCP tool (``None`` for other kinds)."""
    if name in tools.builtins:
        return tools.builtins[name]
    if name in tools.managed:
        return tools.managed[name]
    if name in tools.mcp_tools:
        return tools.mcp_tools[name][1]
    return None
