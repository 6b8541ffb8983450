# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.roster_member_param import RosterMemberParam


T = TypeVar("T", bound="MultiagentParams")


@_attrs_define
class MultiagentParams:
    """Make the Agent a coordinator that can delegate to the roster's members (one delegation level).

    Attributes:
        type_ (Literal['coordinator']): Always `coordinator`.
        agents (list[RosterMemberParam | str]): The roster (1-20 members; at most one Advisor; members may not be
            coordinators themselves).
    """

    type_: Literal["coordinator"]
    agents: list[RosterMemberParam | str]

    def to_dict(self) -> dict[str, Any]:
        from ..models.roster_member_param import RosterMemberParam

        type_ = self.type_

        agents = []
        for agents_item_data in self.agents:
            agents_item: dict[str, Any] | str
            if isinstance(agents_item_data, RosterMemberParam):
                agents_item = agents_item_data.to_dict()
            else:
                agents_item = agents_item_data
            agents.append(agents_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "agents": agents,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.roster_member_param import RosterMemberParam

        d = dict(src_dict)
        type_ = cast(Literal["coordinator"], d.pop("type"))
        if type_ != "coordinator":
            raise ValueError(f"type must match const 'coordinator', got '{type_}'")

        agents = []
        _agents = d.pop("agents")
        for agents_item_data in _agents:

            def _parse_agents_item(data: object) -> RosterMemberParam | str:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_roster_entry_param_type_1 = RosterMemberParam.from_dict(data)

                    return componentsschemas_roster_entry_param_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(RosterMemberParam | str, data)

            agents_item = _parse_agents_item(agents_item_data)

            agents.append(agents_item)

        multiagent_params = cls(
            type_=type_,
            agents=agents,
        )

        return multiagent_params
