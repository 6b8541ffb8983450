# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agent_ref import AgentRef
    from ..models.memory_store_resource_params import MemoryStoreResourceParams
    from ..models.metadata import Metadata
    from ..models.session_budget import SessionBudget
    from ..models.user_define_outcome_event_params import UserDefineOutcomeEventParams
    from ..models.user_message_event_params import UserMessageEventParams


T = TypeVar("T", bound="SessionCreateParams")


@_attrs_define
class SessionCreateParams:
    """The body of `sessions.create`.

    Attributes:
        agent (AgentRef | str): An Agent id (latest version), or an AgentRef.
        environment_id (str): A self-hosted Environment where tools run.
        title (None | str | Unset): A human title.
        metadata (Metadata | Unset): Up to 16 string pairs; keys up to 64 characters, values up to 512.
        budget (None | SessionBudget | Unset): An optional spending limit; null or absent for none.
        resources (list[MemoryStoreResourceParams] | Unset): Memory Store attachments (fixed for the Session's life).
        vault_ids (list[str] | Unset): Vaults whose credentials the Session's MCP connections use, in order (the first
            vault with a credential for a server's URL supplies it). Each must exist in the Workspace (400) and not be
            archived (409).
        initial_events (list[UserDefineOutcomeEventParams | UserMessageEventParams] | Unset): `user.message` and
            `user.define_outcome` events accepted atomically with the creation.
    """

    agent: AgentRef | str
    environment_id: str
    title: None | str | Unset = UNSET
    metadata: Metadata | Unset = UNSET
    budget: None | SessionBudget | Unset = UNSET
    resources: list[MemoryStoreResourceParams] | Unset = UNSET
    vault_ids: list[str] | Unset = UNSET
    initial_events: list[UserDefineOutcomeEventParams | UserMessageEventParams] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_ref import AgentRef
        from ..models.session_budget import SessionBudget
        from ..models.user_message_event_params import UserMessageEventParams

        agent: dict[str, Any] | str
        if isinstance(self.agent, AgentRef):
            agent = self.agent.to_dict()
        else:
            agent = self.agent

        environment_id = self.environment_id

        title: None | str | Unset
        if isinstance(self.title, Unset):
            title = UNSET
        else:
            title = self.title

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        budget: dict[str, Any] | None | Unset
        if isinstance(self.budget, Unset):
            budget = UNSET
        elif isinstance(self.budget, SessionBudget):
            budget = self.budget.to_dict()
        else:
            budget = self.budget

        resources: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.resources, Unset):
            resources = []
            for resources_item_data in self.resources:
                resources_item = resources_item_data.to_dict()
                resources.append(resources_item)

        vault_ids: list[str] | Unset = UNSET
        if not isinstance(self.vault_ids, Unset):
            vault_ids = self.vault_ids

        initial_events: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.initial_events, Unset):
            initial_events = []
            for initial_events_item_data in self.initial_events:
                initial_events_item: dict[str, Any]
                if isinstance(initial_events_item_data, UserMessageEventParams):
                    initial_events_item = initial_events_item_data.to_dict()
                else:
                    initial_events_item = initial_events_item_data.to_dict()

                initial_events.append(initial_events_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agent": agent,
                "environment_id": environment_id,
            }
        )
        if title is not UNSET:
            field_dict["title"] = title
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if budget is not UNSET:
            field_dict["budget"] = budget
        if resources is not UNSET:
            field_dict["resources"] = resources
        if vault_ids is not UNSET:
            field_dict["vault_ids"] = vault_ids
        if initial_events is not UNSET:
            field_dict["initial_events"] = initial_events

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.agent_ref import AgentRef
        from ..models.memory_store_resource_params import MemoryStoreResourceParams
        from ..models.metadata import Metadata
        from ..models.session_budget import SessionBudget
        from ..models.user_define_outcome_event_params import UserDefineOutcomeEventParams
        from ..models.user_message_event_params import UserMessageEventParams

        d = dict(src_dict)

        def _parse_agent(data: object) -> AgentRef | str:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_agent_ref_param_type_1 = AgentRef.from_dict(data)

                return componentsschemas_agent_ref_param_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentRef | str, data)

        agent = _parse_agent(d.pop("agent"))

        environment_id = d.pop("environment_id")

        def _parse_title(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        title = _parse_title(d.pop("title", UNSET))

        _metadata = d.pop("metadata", UNSET)
        metadata: Metadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = Metadata.from_dict(_metadata)

        def _parse_budget(data: object) -> None | SessionBudget | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                budget_type_0 = SessionBudget.from_dict(data)

                return budget_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SessionBudget | Unset, data)

        budget = _parse_budget(d.pop("budget", UNSET))

        _resources = d.pop("resources", UNSET)
        resources: list[MemoryStoreResourceParams] | Unset = UNSET
        if _resources is not UNSET:
            resources = []
            for resources_item_data in _resources:
                resources_item = MemoryStoreResourceParams.from_dict(resources_item_data)

                resources.append(resources_item)

        vault_ids = cast(list[str], d.pop("vault_ids", UNSET))

        _initial_events = d.pop("initial_events", UNSET)
        initial_events: list[UserDefineOutcomeEventParams | UserMessageEventParams] | Unset = UNSET
        if _initial_events is not UNSET:
            initial_events = []
            for initial_events_item_data in _initial_events:

                def _parse_initial_events_item(data: object) -> UserDefineOutcomeEventParams | UserMessageEventParams:
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_session_initial_event_type_0 = UserMessageEventParams.from_dict(data)

                        return componentsschemas_session_initial_event_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_initial_event_type_1 = UserDefineOutcomeEventParams.from_dict(data)

                    return componentsschemas_session_initial_event_type_1

                initial_events_item = _parse_initial_events_item(initial_events_item_data)

                initial_events.append(initial_events_item)

        session_create_params = cls(
            agent=agent,
            environment_id=environment_id,
            title=title,
            metadata=metadata,
            budget=budget,
            resources=resources,
            vault_ids=vault_ids,
            initial_events=initial_events,
        )

        return session_create_params
