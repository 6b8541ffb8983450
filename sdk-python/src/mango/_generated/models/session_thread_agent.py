# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agent_toolset import AgentToolset
    from ..models.context_management import ContextManagement
    from ..models.custom_tool import CustomTool
    from ..models.mcp_server import McpServer
    from ..models.mcp_toolset import McpToolset
    from ..models.model_config import ModelConfig
    from ..models.skill_ref import SkillRef


T = TypeVar("T", bound="SessionThreadAgent")


@_attrs_define
class SessionThreadAgent:
    """The Agent snapshot a Thread runs (a roster member, taken at Session creation).

    Attributes:
        type_ (Literal['agent']): Always `agent`.
        id (str): The Agent id.
        version (int): The Agent version snapshotted.
        name (str): The Agent name.
        description (None | str): What the Agent is for.
        system (None | str): The system prompt.
        model (ModelConfig): The model an Agent runs on.
        tools (list[AgentToolset | CustomTool | McpToolset]): The tools.
        mcp_servers (list[McpServer]): The MCP servers.
        skills (list[SkillRef]): The Skills, each pinned to a concrete version.
        context_management (ContextManagement | None | Unset): The Agent version's context management; null or absent
            for the defaults.
    """

    type_: Literal["agent"]
    id: str
    version: int
    name: str
    description: None | str
    system: None | str
    model: ModelConfig
    tools: list[AgentToolset | CustomTool | McpToolset]
    mcp_servers: list[McpServer]
    skills: list[SkillRef]
    context_management: ContextManagement | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_toolset import AgentToolset
        from ..models.context_management import ContextManagement
        from ..models.mcp_toolset import McpToolset

        type_ = self.type_

        id = self.id

        version = self.version

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

        context_management: dict[str, Any] | None | Unset
        if isinstance(self.context_management, Unset):
            context_management = UNSET
        elif isinstance(self.context_management, ContextManagement):
            context_management = self.context_management.to_dict()
        else:
            context_management = self.context_management

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "version": version,
                "name": name,
                "description": description,
                "system": system,
                "model": model,
                "tools": tools,
                "mcp_servers": mcp_servers,
                "skills": skills,
            }
        )
        if context_management is not UNSET:
            field_dict["context_management"] = context_management

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.agent_toolset import AgentToolset
        from ..models.context_management import ContextManagement
        from ..models.custom_tool import CustomTool
        from ..models.mcp_server import McpServer
        from ..models.mcp_toolset import McpToolset
        from ..models.model_config import ModelConfig
        from ..models.skill_ref import SkillRef

        d = dict(src_dict)
        type_ = cast(Literal["agent"], d.pop("type"))
        if type_ != "agent":
            raise ValueError(f"type must match const 'agent', got '{type_}'")

        id = d.pop("id")

        version = d.pop("version")

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

        session_thread_agent = cls(
            type_=type_,
            id=id,
            version=version,
            name=name,
            description=description,
            system=system,
            model=model,
            tools=tools,
            mcp_servers=mcp_servers,
            skills=skills,
            context_management=context_management,
        )

        session_thread_agent.additional_properties = d
        return session_thread_agent

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
