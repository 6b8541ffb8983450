"""Agent configuration rules: model normalisation, toolset materialisation and permission policy.

Pure functions over plain dicts (already validated against the wire schema). Responsible for
the semantic rules the schema cannot express; not for storage or versioning.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, Literal, NotRequired, TypedDict
from urllib.parse import urlsplit

from mango_server.domain._generated import wire
from mango_server.domain.errors import ConflictError, InvalidRequestError
from mango_server.domain.json import JsonObject
from mango_server.domain.vaults import refuse_credentials_in_url

TOOLSET_TYPE: Final = "agent_toolset_20260401"
BUILTIN_TOOLS = ("bash", "read", "write", "edit", "glob", "grep", "web_search", "web_fetch")
PROVIDER_NATIVE_TOOLS = frozenset({"web_search", "web_fetch"})
INTERCEPTABLE_WEB_TOOLS = frozenset({"web_fetch"})  # a platform-managed executor exists for these
PLATFORM_TOOLS = frozenset({"load_skill"})  # answered by the orchestrator itself
AGENT_FIELDS = (
    "name", "description", "system", "model", "tools", "mcp_servers", "skills", "context_management", "metadata",
    "multiagent",
)  # fmt: skip


class RosterSelf(TypedDict):
    """The coordinator itself as a stored roster member (shown as this Agent at this version)."""

    type: Literal["self"]


StoredRosterEntry = wire.RosterAgent | wire.RosterAdvisor | RosterSelf


class StoredRoster(TypedDict):
    """A coordinator's stored roster: Agent members pinned to a version, ``self`` and the Advisor."""

    type: Literal["coordinator"]
    agents: list[StoredRosterEntry]


class AgentBody(TypedDict):
    """The stored body of one Agent version, as :func:`build_agent_body` normalises it."""

    name: str
    description: str | None
    system: str | None
    model: wire.ModelConfig
    tools: list[wire.AgentTool]
    mcp_servers: list[wire.McpServer]
    skills: list[wire.SkillRef]
    context_management: wire.ContextManagement | None
    metadata: dict[str, str]
    multiagent: NotRequired[StoredRoster]
    warnings: NotRequired[list[wire.AgentWarning]]


def normalize_model(model: str | Mapping[str, object]) -> dict[str, object]:
    """``"id"`` or ``{"id": ...}`` becomes the full model config object."""
    if isinstance(model, str):
        return {"id": model, "speed": "standard"}
    config = dict(model)
    config.setdefault("speed", "standard")
    return config


def _policy(value: wire.PermissionPolicy | None, default: wire.PermissionPolicy) -> wire.PermissionPolicy:
    return (default if value is None else value).copy()


def _cannot_pause(name: str, policy: wire.PermissionPolicy) -> str:
    return (
        f"{name} runs inside the model provider's call and cannot be paused, so its permission_policy "
        f"must be always_allow (got {policy['type']})"
    )


def materialize_toolset(tool: wire.AgentToolset, warnings: list[wire.AgentWarning] | None = None) -> wire.AgentToolset:
    """Fill ``default_config`` and one ``configs`` entry per built-in tool, as responses show them.

    A tool that cannot pause (``web_search``: provider-native, no platform-managed executor) under a
    toolset-wide ``always_ask`` or ``auto`` is an exception: it is disabled and a warning saying so is
    appended to ``warnings``, never silently allowed. The same policy named in the tool's own config
    entry is refused (400): the request asks for something the tool cannot do.
    """
    default: wire.ToolDefaultConfig = tool.get("default_config") or {}
    default_enabled = default.get("enabled", True)
    default_policy = _policy(default.get("permission_policy"), {"type": "always_allow"})
    overrides: dict[str, wire.ToolConfig] = {}
    for config in tool.get("configs") or []:
        name = config["name"]
        if name not in BUILTIN_TOOLS:
            expected = ", ".join(BUILTIN_TOOLS)
            raise InvalidRequestError(f"tools: unknown built-in tool {name!r}; expected one of {expected}")
        if name in overrides:
            raise InvalidRequestError(f"tools: built-in tool {name!r} is configured twice")
        if config.get("type", name) != name:
            raise InvalidRequestError(
                f"tools: the config of {name!r} has type {config.get('type')!r}; it must be {name!r}"
            )
        overrides[name] = config
    configs: list[wire.ToolConfig] = []
    for name in BUILTIN_TOOLS:
        override: wire.ToolConfig | None = overrides.get(name)
        policy = _policy(override.get("permission_policy") if override else None, default_policy)
        enabled = override.get("enabled", default_enabled) if override else default_enabled
        # web_fetch may ask or be evaluated: those Sessions use the interceptable platform-managed executor.
        if name in PROVIDER_NATIVE_TOOLS - INTERCEPTABLE_WEB_TOOLS and enabled and policy["type"] != "always_allow":
            if override is not None:
                raise InvalidRequestError(f"tools: {_cannot_pause(name, policy)}; unsupported capability")
            enabled = False
            if warnings is not None:
                warnings.append(
                    {
                        "type": "tool_disabled",
                        "tool_name": name,
                        "message": f"{_cannot_pause(name, policy)}: disabled. To use it, enable it with its own "
                        "config entry and permission_policy always_allow.",
                    }
                )
        configs.append({"name": name, "type": name, "enabled": enabled, "permission_policy": policy})
    return {
        "type": TOOLSET_TYPE,
        "default_config": {"enabled": default_enabled, "permission_policy": default_policy},
        "configs": configs,
    }


def normalize_tools(
    tools: list[wire.AgentTool], mcp_servers: list[wire.McpServer], warnings: list[wire.AgentWarning] | None = None
) -> list[wire.AgentTool]:
    """Validate cross-field rules and materialise toolsets (exceptions to a toolset's policy go to ``warnings``)."""
    out: list[wire.AgentTool] = []
    custom_names: set[str] = set()
    server_names = {s["name"] for s in mcp_servers}
    toolsets = 0
    for tool in tools:
        if tool["type"] == TOOLSET_TYPE:
            toolsets += 1
            out.append(materialize_toolset(tool, warnings))
        elif tool["type"] == "custom":
            if tool["name"] in custom_names or tool["name"] in BUILTIN_TOOLS or tool["name"] in PLATFORM_TOOLS:
                raise InvalidRequestError(f"tools: tool name {tool['name']!r} is used twice")
            custom_names.add(tool["name"])
            out.append(tool.copy())
        else:
            if tool["mcp_server_name"] not in server_names:
                raise InvalidRequestError(f"tools: mcp_toolset names unknown MCP server {tool['mcp_server_name']!r}")
            out.append(tool.copy())
    if toolsets > 1:
        raise InvalidRequestError(f"tools: {TOOLSET_TYPE} may appear at most once")
    return out


def validate_mcp_servers(servers: list[wire.McpServer]) -> list[wire.McpServer]:
    """MCP server names must be unique and URLs absolute http(s); the URL is kept exactly as sent."""
    names = [s["name"] for s in servers]
    if len(names) != len(set(names)):
        raise InvalidRequestError("mcp_servers: names must be unique")
    for index, server in enumerate(servers):
        _check_url(str(server["url"]), f"mcp_servers[{index}].url")
    return [s.copy() for s in servers]


def _check_url(url: str, where: str) -> None:
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a malformed port
    except ValueError:
        raise InvalidRequestError(f"{where}: is not a valid URL") from None
    if parts.scheme not in ("http", "https") or not parts.hostname or any(c.isspace() for c in url):
        raise InvalidRequestError(f"{where}: must be an absolute http or https URL")
    refuse_credentials_in_url(url, where)  # credentials belong in a vault, never in an Agent


def build_agent_body(params: Mapping[str, object], base: Mapping[str, object] | None = None) -> JsonObject:
    """The stored body (an :class:`AgentBody`) of a new Agent version: ``params`` (a validated
    ``agents.create`` or ``agents.update`` body) over ``base`` (the previous version)."""
    body: JsonObject = {
        "name": None,
        "description": None,
        "system": None,
        "model": None,
        "tools": [],
        "mcp_servers": [],
        "skills": [],
        "context_management": None,
        "metadata": {},
        "multiagent": None,
    }
    if base:
        body.update({k: base.get(k, body[k]) for k in AGENT_FIELDS})
    for key in AGENT_FIELDS:
        if key in params:
            body[key] = params[key]
    if key_missing := [k for k in ("name", "model") if not body.get(k)]:
        raise InvalidRequestError(f"{key_missing[0]} is required")
    changes = params.get("metadata")
    if base and isinstance(changes, Mapping):
        stored = base.get("metadata")
        merged = dict(stored) if isinstance(stored, Mapping) else {}
        for k, v in changes.items():
            if v is None:
                merged.pop(k, None)
            else:
                merged[k] = v
        body["metadata"] = merged
    body["metadata"] = {k: v for k, v in (body["metadata"] or {}).items() if v is not None}
    if len(body["metadata"]) > 16:
        raise InvalidRequestError("metadata: at most 16 pairs")
    body["model"] = normalize_model(body["model"])
    body["mcp_servers"] = validate_mcp_servers(body["mcp_servers"] or [])
    warnings: list[wire.AgentWarning] = []
    body["tools"] = normalize_tools(body["tools"] or [], body["mcp_servers"], warnings)
    # Tools carried over from ``base`` are already materialised: their exceptions stay as recorded.
    kept = base.get("warnings") if base and "tools" not in params else warnings
    body["warnings"] = list(kept) if isinstance(kept, list) else []
    body["skills"] = list(body["skills"] or [])
    if body.get("multiagent") is None:
        body.pop("multiagent")  # single Agents keep the body they always had
    return body


def custom_tools(tools: Sequence[JsonObject]) -> list[JsonObject]:
    """The application-defined tools of an Agent's ``tools``."""
    return [t for t in tools if t["type"] == "custom"]


def enabled_builtins(tools: Sequence[JsonObject]) -> list[JsonObject]:
    """Enabled built-in tool configs of an Agent's ``tools`` (each with ``name`` and ``permission_policy``)."""
    for tool in tools:
        if tool["type"] == TOOLSET_TYPE:
            return [c for c in tool["configs"] if c["enabled"]]
    return []


def next_version(agent_id: str, current_version: int, archived: bool, expected: int | None) -> int:
    """The version an update writes; an archived Agent or a stale ``expected`` version is a conflict."""
    if archived:
        raise ConflictError(f"agent {agent_id} is archived and read-only")
    if expected is not None and expected != current_version:
        raise ConflictError(
            f"agent {agent_id} is at version {current_version}, not {expected}; reload and retry",
            details={"current_version": current_version},
        )
    return current_version + 1
