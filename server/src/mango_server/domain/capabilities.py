"""The capability snapshot of a turn round: what the Session's Agent offers the model in that round.

Built once per round (``app.turn.prepare``) from the Session's frozen Agent snapshot, the JSON
stored with the Session, plus what the round adds to it: the manifest of the pinned Skill versions,
the MCP tools discovered before the round, the Session's pinned ``web_fetch`` executor and what its model's
pinned endpoint can honour. Every
reader of the round (the request, tool classification and permission, delegation, context
admission, the commit) reads these typed fields. Frozen: a round never changes what it offers.

Pure. Not responsible for the stored Agent snapshot or its wire form (``app.sessions``,
``api.mappers``), reading Skills or discovering MCP tools (``app.turn``) or choosing the
``web_fetch`` executor (``domain.tools.web_fetch_mode``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mango_server.domain.context_policy import CompactionConfig, compaction_config
from mango_server.domain.json import JsonObject
from mango_server.domain.mcp import RoundTool
from mango_server.domain.model_catalogue import ModelCapabilities
from mango_server.domain.roster import roster_of
from mango_server.domain.skills import ManifestEntry

__all__ = ["CapabilitySnapshot"]


@dataclass(frozen=True, slots=True)
class CapabilitySnapshot:
    """One round's Agent: model, prompt, tool configuration and what the round discovered and pinned."""

    model_id: str
    #: The rest of the Agent's model configuration (``speed``, ...).
    model_options: JsonObject
    #: The Agent version the Session runs (``None`` for an Advisor Thread).
    agent_id: str | None
    agent_version: int | None
    system: str | None
    #: The Agent's tool configuration as frozen: its toolset, custom tools and ``mcp_toolset`` entries.
    tools: tuple[JsonObject, ...]
    mcp_servers: tuple[JsonObject, ...]
    #: A coordinator's pinned member snapshots (``domain.roster``); empty for any other Agent.
    roster: tuple[JsonObject, ...]
    compaction: CompactionConfig
    #: The pinned Skill versions offered through ``load_skill`` (each with its archive and announced path).
    skill_manifest: tuple[ManifestEntry, ...] = ()
    #: The MCP tools discovered for this round (``domain.mcp.enabled_tools`` entries).
    mcp_tools: tuple[RoundTool, ...] = ()
    #: Which executor answers ``web_fetch``: ``native``, ``managed`` or ``None`` (not enabled).
    web_fetch_mode: str | None = None
    #: What the model's endpoint (as the Session pinned it) can honour: native tool versions, fast mode.
    endpoint: ModelCapabilities | None = None

    @classmethod
    def of(
        cls,
        agent: JsonObject,
        *,
        skill_manifest: Sequence[ManifestEntry] = (),
        mcp_tools: Sequence[RoundTool] = (),
        web_fetch_mode: str | None = None,
    ) -> CapabilitySnapshot:
        """The snapshot of a stored Agent snapshot (a Session's or a Thread's) and what the round adds."""
        model = dict(agent["model"])
        return cls(
            model_id=str(model.pop("id")),
            model_options=model,
            agent_id=agent.get("id"),
            agent_version=agent.get("version"),
            system=agent.get("system"),
            tools=tuple(agent.get("tools") or ()),
            mcp_servers=tuple(agent.get("mcp_servers") or ()),
            roster=tuple(roster_of(agent)),
            compaction=compaction_config(agent),
            skill_manifest=tuple(skill_manifest),
            mcp_tools=tuple(mcp_tools),
            web_fetch_mode=web_fetch_mode,
        )
