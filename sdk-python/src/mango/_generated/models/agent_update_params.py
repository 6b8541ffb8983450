# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agent_toolset import AgentToolset
    from ..models.context_management import ContextManagement
    from ..models.custom_tool import CustomTool
    from ..models.mcp_server import McpServer
    from ..models.mcp_toolset import McpToolset
    from ..models.metadata_patch import MetadataPatch
    from ..models.model_config import ModelConfig
    from ..models.multiagent_params import MultiagentParams
    from ..models.skill_ref import SkillRef


T = TypeVar("T", bound="AgentUpdateParams")


@_attrs_define
class AgentUpdateParams:
    """The body of `agents.update`; present fields replace the current values.

    Attributes:
        version (int | Unset): Optimistic concurrency check; must equal the current version (409 otherwise).
        name (str | Unset): A human name.
        description (None | str | Unset): What the Agent is for.
        system (None | str | Unset): The system prompt.
        model (ModelConfig | str | Unset): A bare model id, or a ModelConfig. Responses always carry a ModelConfig.
        tools (list[AgentToolset | CustomTool | McpToolset] | Unset): Toolsets and custom tools (full replacement).
        mcp_servers (list[McpServer] | Unset): MCP servers (full replacement).
        skills (list[SkillRef] | Unset): Skills (full replacement).
        context_management (ContextManagement | None | Unset): Context management (full replacement; null resets to the
            defaults).
        multiagent (MultiagentParams | None | Unset): A coordinator roster; null (the default) for a single Agent.
        metadata (MetadataPatch | Unset): Metadata changes merged into the current pairs; a null value deletes the key.
    """

    version: int | Unset = UNSET
    name: str | Unset = UNSET
    description: None | str | Unset = UNSET
    system: None | str | Unset = UNSET
    model: ModelConfig | str | Unset = UNSET
    tools: list[AgentToolset | CustomTool | McpToolset] | Unset = UNSET
    mcp_servers: list[McpServer] | Unset = UNSET
    skills: list[SkillRef] | Unset = UNSET
    context_management: ContextManagement | None | Unset = UNSET
    multiagent: MultiagentParams | None | Unset = UNSET
    metadata: MetadataPatch | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_toolset import AgentToolset
        from ..models.context_management import ContextManagement
        from ..models.mcp_toolset import McpToolset
        from ..models.model_config import ModelConfig
        from ..models.multiagent_params import MultiagentParams

        version = self.version

        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        system: None | str | Unset
        if isinstance(self.system, Unset):
            system = UNSET
        else:
            system = self.system

        model: dict[str, Any] | str | Unset
        if isinstance(self.model, Unset):
            model = UNSET
        elif isinstance(self.model, ModelConfig):
            model = self.model.to_dict()
        else:
            model = self.model

        tools: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.tools, Unset):
            tools = []
            for tools_item_data in self.tools:
                tools_item: dict[str, Any]
                if isinstance(tools_item_data, AgentToolset) or isinstance(tools_item_data, McpToolset):
                    tools_item = tools_item_data.to_dict()
                else:
                    tools_item = tools_item_data.to_dict()

                tools.append(tools_item)

        mcp_servers: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.mcp_servers, Unset):
            mcp_servers = []
            for mcp_servers_item_data in self.mcp_servers:
                mcp_servers_item = mcp_servers_item_data.to_dict()
                mcp_servers.append(mcp_servers_item)

        skills: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.skills, Unset):
            skills = []
            for skills_item_data in self.skills:
                skills_item = skills_item_data.to_dict()
                skills.append(skills_item)

        context_management: dict[str, Any] | None | Unset
        if isinstance(self.context_management, Unset):
            context_management = UNSET
        elif isinstance(self.context_management, ContextManagement):
            context_management = self.context_management.to_dict()
        else:
            context_management = self.context_management

        multiagent: dict[str, Any] | None | Unset
        if isinstance(self.multiagent, Unset):
            multiagent = UNSET
        elif isinstance(self.multiagent, MultiagentParams):
            multiagent = self.multiagent.to_dict()
        else:
            multiagent = self.multiagent

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if version is not UNSET:
            field_dict["version"] = version
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description
        if system is not UNSET:
            field_dict["system"] = system
        if model is not UNSET:
            field_dict["model"] = model
        if tools is not UNSET:
            field_dict["tools"] = tools
        if mcp_servers is not UNSET:
            field_dict["mcp_servers"] = mcp_servers
        if skills is not UNSET:
            field_dict["skills"] = skills
        if context_management is not UNSET:
            field_dict["context_management"] = context_management
        if multiagent is not UNSET:
            field_dict["multiagent"] = multiagent
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.agent_toolset import AgentToolset
        from ..models.context_management import ContextManagement
        from ..models.custom_tool import CustomTool
        from ..models.mcp_server import McpServer
        from ..models.mcp_toolset import McpToolset
        from ..models.metadata_patch import MetadataPatch
        from ..models.model_config import ModelConfig
        from ..models.multiagent_params import MultiagentParams
        from ..models.skill_ref import SkillRef

        d = dict(src_dict)
        version = d.pop("version", UNSET)

        name = d.pop("name", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_system(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        system = _parse_system(d.pop("system", UNSET))

        def _parse_model(data: object) -> ModelConfig | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_model_param_type_1 = ModelConfig.from_dict(data)

                return componentsschemas_model_param_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ModelConfig | str | Unset, data)

        model = _parse_model(d.pop("model", UNSET))

        _tools = d.pop("tools", UNSET)
        tools: list[AgentToolset | CustomTool | McpToolset] | Unset = UNSET
        if _tools is not UNSET:
            tools = []
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

        _mcp_servers = d.pop("mcp_servers", UNSET)
        mcp_servers: list[McpServer] | Unset = UNSET
        if _mcp_servers is not UNSET:
            mcp_servers = []
            for mcp_servers_item_data in _mcp_servers:
                mcp_servers_item = McpServer.from_dict(mcp_servers_item_data)

                mcp_servers.append(mcp_servers_item)

        _skills = d.pop("skills", UNSET)
        skills: list[SkillRef] | Unset = UNSET
        if _skills is not UNSET:
            skills = []
            for skills_item_data in _skills:
                skills_item = SkillRef.from_dict(skills_item_data)

                skills.append(skills_item)

        def _parse_context_management(data: object) -> ContextManagement | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                context_management_type_0 = ContextManagement.from_dict(data)

                return context_management_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ContextManagement | None | Unset, data)

        context_management = _parse_context_management(d.pop("context_management", UNSET))

        def _parse_multiagent(data: object) -> MultiagentParams | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                multiagent_type_0 = MultiagentParams.from_dict(data)

                return multiagent_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MultiagentParams | None | Unset, data)

        multiagent = _parse_multiagent(d.pop("multiagent", UNSET))

        _metadata = d.pop("metadata", UNSET)
        metadata: MetadataPatch | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = MetadataPatch.from_dict(_metadata)

        agent_update_params = cls(
            version=version,
            name=name,
            description=description,
            system=system,
            model=model,
            tools=tools,
            mcp_servers=mcp_servers,
            skills=skills,
            context_management=context_management,
            multiagent=multiagent,
            metadata=metadata,
        )

        return agent_update_params
