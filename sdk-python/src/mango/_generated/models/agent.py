# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agent_toolset import AgentToolset
    from ..models.agent_warning import AgentWarning
    from ..models.context_management import ContextManagement
    from ..models.custom_tool import CustomTool
    from ..models.mcp_server import McpServer
    from ..models.mcp_toolset import McpToolset
    from ..models.metadata import Metadata
    from ..models.model_config import ModelConfig
    from ..models.multiagent import Multiagent
    from ..models.skill_ref import SkillRef


T = TypeVar("T", bound="Agent")


@_attrs_define
class Agent:
    """One immutable version of an Agent.

    Attributes:
        type_ (Literal['agent']): Always `agent`.
        id (str): The Agent id (`agent_...`), shared by all versions.
        name (str): A human name.
        description (None | str): What the Agent is for.
        system (None | str): The system prompt.
        model (ModelConfig): The model an Agent runs on.
        tools (list[AgentToolset | CustomTool | McpToolset]): Toolsets (with materialized defaults) and custom tools.
        mcp_servers (list[McpServer]): MCP servers.
        skills (list[SkillRef]): Skills, each with a concrete version.
        context_management (ContextManagement | None): Context management; null for the defaults (extractive
            compaction).
        metadata (Metadata): Up to 16 string pairs; keys up to 64 characters, values up to 512.
        version (int): This version's number (1 at creation).
        created_at (datetime.datetime): When the Agent (version 1) was created.
        updated_at (datetime.datetime): When this version was created.
        archived_at (datetime.datetime | None): When the Agent was archived.
        multiagent (Multiagent | None | Unset): The coordinator roster with pinned versions; null for a single Agent.
        warnings (list[AgentWarning] | Unset): Parts of this version's request applied differently than written (empty
            when none).
    """

    type_: Literal["agent"]
    id: str
    name: str
    description: None | str
    system: None | str
    model: ModelConfig
    tools: list[AgentToolset | CustomTool | McpToolset]
    mcp_servers: list[McpServer]
    skills: list[SkillRef]
    context_management: ContextManagement | None
    metadata: Metadata
    version: int
    created_at: datetime.datetime
    updated_at: datetime.datetime
    archived_at: datetime.datetime | None
    multiagent: Multiagent | None | Unset = UNSET
    warnings: list[AgentWarning] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_toolset import AgentToolset
        from ..models.context_management import ContextManagement
        from ..models.mcp_toolset import McpToolset
        from ..models.multiagent import Multiagent

        type_ = self.type_

        id = self.id

        name = self.name

        description: None | str
        description = self.description

        system: None | str
        system = self.system

        model = self.model.to_dict()

        tools = []
        for tools_item_data in self.tools:
            tools_item: dict[str, Any]
            if isinstance(tools_item_data, AgentToolset) or isinstance(tools_item_data, McpToolset):
                tools_item = tools_item_data.to_dict()
            else:
                tools_item = tools_item_data.to_dict()

            tools.append(tools_item)

        mcp_servers = []
        for mcp_servers_item_data in self.mcp_servers:
            mcp_servers_item = mcp_servers_item_data.to_dict()
            mcp_servers.append(mcp_servers_item)

        skills = []
        for skills_item_data in self.skills:
            skills_item = skills_item_data.to_dict()
            skills.append(skills_item)

        context_management: dict[str, Any] | None
        if isinstance(self.context_management, ContextManagement):
            context_management = self.context_management.to_dict()
        else:
            context_management = self.context_management

        metadata = self.metadata.to_dict()

        version = self.version

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        archived_at: None | str
        if isinstance(self.archived_at, datetime.datetime):
            archived_at = self.archived_at.isoformat()
        else:
            archived_at = self.archived_at

        multiagent: dict[str, Any] | None | Unset
        if isinstance(self.multiagent, Unset):
            multiagent = UNSET
        elif isinstance(self.multiagent, Multiagent):
            multiagent = self.multiagent.to_dict()
        else:
            multiagent = self.multiagent

        warnings: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.warnings, Unset):
            warnings = []
            for warnings_item_data in self.warnings:
                warnings_item = warnings_item_data.to_dict()
                warnings.append(warnings_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "name": name,
                "description": description,
                "system": system,
                "model": model,
                "tools": tools,
                "mcp_servers": mcp_servers,
                "skills": skills,
                "context_management": context_management,
                "metadata": metadata,
                "version": version,
                "created_at": created_at,
                "updated_at": updated_at,
                "archived_at": archived_at,
            }
        )
        if multiagent is not UNSET:
            field_dict["multiagent"] = multiagent
        if warnings is not UNSET:
            field_dict["warnings"] = warnings

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.agent_toolset import AgentToolset
        from ..models.agent_warning import AgentWarning
        from ..models.context_management import ContextManagement
        from ..models.custom_tool import CustomTool
        from ..models.mcp_server import McpServer
        from ..models.mcp_toolset import McpToolset
        from ..models.metadata import Metadata
        from ..models.model_config import ModelConfig
        from ..models.multiagent import Multiagent
        from ..models.skill_ref import SkillRef

        d = dict(src_dict)
        type_ = cast(Literal["agent"], d.pop("type"))
        if type_ != "agent":
            raise ValueError(f"type must match const 'agent', got '{type_}'")

        id = d.pop("id")

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        def _parse_system(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        system = _parse_system(d.pop("system"))

        model = ModelConfig.from_dict(d.pop("model"))

        tools = []
        _tools = d.pop("tools")
        for tools_item_data in _tools:

            def _parse_tools_item(data: object) -> AgentToolset | CustomTool | McpToolset:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_agent_tool_type_0 = AgentToolset.from_dict(data)

                    return componentsschemas_agent_tool_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_agent_tool_type_1 = McpToolset.from_dict(data)

                    return componentsschemas_agent_tool_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_agent_tool_type_2 = CustomTool.from_dict(data)

                return componentsschemas_agent_tool_type_2

            tools_item = _parse_tools_item(tools_item_data)

            tools.append(tools_item)

        mcp_servers = []
        _mcp_servers = d.pop("mcp_servers")
        for mcp_servers_item_data in _mcp_servers:
            mcp_servers_item = McpServer.from_dict(mcp_servers_item_data)

            mcp_servers.append(mcp_servers_item)

        skills = []
        _skills = d.pop("skills")
        for skills_item_data in _skills:
            skills_item = SkillRef.from_dict(skills_item_data)

            skills.append(skills_item)

        def _parse_context_management(data: object) -> ContextManagement | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                context_management_type_0 = ContextManagement.from_dict(data)

                return context_management_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ContextManagement | None, data)

        context_management = _parse_context_management(d.pop("context_management"))

        metadata = Metadata.from_dict(d.pop("metadata"))

        version = d.pop("version")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        def _parse_archived_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                archived_at_type_0 = datetime.datetime.fromisoformat(data)

                return archived_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        archived_at = _parse_archived_at(d.pop("archived_at"))

        def _parse_multiagent(data: object) -> Multiagent | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                multiagent_type_0 = Multiagent.from_dict(data)

                return multiagent_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Multiagent | None | Unset, data)

        multiagent = _parse_multiagent(d.pop("multiagent", UNSET))

        _warnings = d.pop("warnings", UNSET)
        warnings: list[AgentWarning] | Unset = UNSET
        if _warnings is not UNSET:
            warnings = []
            for warnings_item_data in _warnings:
                warnings_item = AgentWarning.from_dict(warnings_item_data)

                warnings.append(warnings_item)

        agent = cls(
            type_=type_,
            id=id,
            name=name,
            description=description,
            system=system,
            model=model,
            tools=tools,
            mcp_servers=mcp_servers,
            skills=skills,
            context_management=context_management,
            metadata=metadata,
            version=version,
            created_at=created_at,
            updated_at=updated_at,
            archived_at=archived_at,
            multiagent=multiagent,
            warnings=warnings,
        )

        agent.additional_properties = d
        return agent

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
