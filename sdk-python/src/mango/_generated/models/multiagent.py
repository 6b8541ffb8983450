# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.roster_advisor import RosterAdvisor
    from ..models.roster_agent import RosterAgent


T = TypeVar("T", bound="Multiagent")


@_attrs_define
class Multiagent:
    """The coordinator roster, every member pinned to a concrete version (`self` shows as this Agent's id and version).

    Attributes:
        type_ (Literal['coordinator']): Always `coordinator`.
        agents (list[RosterAdvisor | RosterAgent]): The roster.
    """

    type_: Literal["coordinator"]
    agents: list[RosterAdvisor | RosterAgent]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.roster_agent import RosterAgent

        type_ = self.type_

        agents = []
        for agents_item_data in self.agents:
            agents_item: dict[str, Any]
            if isinstance(agents_item_data, RosterAgent):
                agents_item = agents_item_data.to_dict()
            else:
                agents_item = agents_item_data.to_dict()

            agents.append(agents_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "agents": agents,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.roster_advisor import RosterAdvisor
        from ..models.roster_agent import RosterAgent

        d = dict(src_dict)
        type_ = cast(Literal["coordinator"], d.pop("type"))
        if type_ != "coordinator":
            raise ValueError(f"type must match const 'coordinator', got '{type_}'")

        agents = []
        _agents = d.pop("agents")
        for agents_item_data in _agents:

            def _parse_agents_item(data: object) -> RosterAdvisor | RosterAgent:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_roster_entry_type_0 = RosterAgent.from_dict(data)

                    return componentsschemas_roster_entry_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_roster_entry_type_1 = RosterAdvisor.from_dict(data)

                return componentsschemas_roster_entry_type_1

            agents_item = _parse_agents_item(agents_item_data)

            agents.append(agents_item)

        multiagent = cls(
            type_=type_,
            agents=agents,
        )

        multiagent.additional_properties = d
        return multiagent

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
