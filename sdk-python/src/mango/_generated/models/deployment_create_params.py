# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.overlap_policy import OverlapPolicy, check_overlap_policy
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agent_ref import AgentRef
    from ..models.cron_schedule_params import CronScheduleParams
    from ..models.metadata import Metadata
    from ..models.session_budget import SessionBudget
    from ..models.user_define_outcome_event_params import UserDefineOutcomeEventParams
    from ..models.user_message_event_params import UserMessageEventParams


T = TypeVar("T", bound="DeploymentCreateParams")


@_attrs_define
class DeploymentCreateParams:
    """The body of `deployments.create`.

    Attributes:
        name (str): A name (also each Run's Session title).
        agent (AgentRef | str): An Agent id (latest version), or an AgentRef.
        environment_id (str): A self-hosted Environment where the Sessions' tools run.
        initial_events (list[UserDefineOutcomeEventParams | UserMessageEventParams]): The events each Run's Session is
            created with.
        description (None | str | Unset): A description.
        metadata (Metadata | Unset): Up to 16 string pairs; keys up to 64 characters, values up to 512.
        vault_ids (list[str] | Unset): Vaults whose credentials the Runs' Sessions' MCP connections use, in order (the
            first vault with a credential for a server's URL supplies it). Each must exist in the Workspace (400) and not be
            archived (409).
        budget (None | SessionBudget | Unset): The spending limit each Run's Session is created with; null or absent for
            none.
        schedule (CronScheduleParams | None | Unset): When scheduled Runs happen; null or absent for manual Runs only.
        overlap_policy (OverlapPolicy | Unset): What a scheduled Run does while the previous Run's Session is still
            running: `skip` it (recorded as a skipped Run) or `allow` it (a second Session runs alongside).
    """

    name: str
    agent: AgentRef | str
    environment_id: str
    initial_events: list[UserDefineOutcomeEventParams | UserMessageEventParams]
    description: None | str | Unset = UNSET
    metadata: Metadata | Unset = UNSET
    vault_ids: list[str] | Unset = UNSET
    budget: None | SessionBudget | Unset = UNSET
    schedule: CronScheduleParams | None | Unset = UNSET
    overlap_policy: OverlapPolicy | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_ref import AgentRef
        from ..models.cron_schedule_params import CronScheduleParams
        from ..models.session_budget import SessionBudget
        from ..models.user_message_event_params import UserMessageEventParams

        name = self.name

        agent: dict[str, Any] | str
        if isinstance(self.agent, AgentRef):
            agent = self.agent.to_dict()
        else:
            agent = self.agent

        environment_id = self.environment_id

        initial_events = []
        for initial_events_item_data in self.initial_events:
            initial_events_item: dict[str, Any]
            if isinstance(initial_events_item_data, UserMessageEventParams):
                initial_events_item = initial_events_item_data.to_dict()
            else:
                initial_events_item = initial_events_item_data.to_dict()

            initial_events.append(initial_events_item)

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        vault_ids: list[str] | Unset = UNSET
        if not isinstance(self.vault_ids, Unset):
            vault_ids = self.vault_ids

        budget: dict[str, Any] | None | Unset
        if isinstance(self.budget, Unset):
            budget = UNSET
        elif isinstance(self.budget, SessionBudget):
            budget = self.budget.to_dict()
        else:
            budget = self.budget

        schedule: dict[str, Any] | None | Unset
        if isinstance(self.schedule, Unset):
            schedule = UNSET
        elif isinstance(self.schedule, CronScheduleParams):
            schedule = self.schedule.to_dict()
        else:
            schedule = self.schedule

        overlap_policy: str | Unset = UNSET
        if not isinstance(self.overlap_policy, Unset):
            overlap_policy = self.overlap_policy

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "agent": agent,
                "environment_id": environment_id,
                "initial_events": initial_events,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if vault_ids is not UNSET:
            field_dict["vault_ids"] = vault_ids
        if budget is not UNSET:
            field_dict["budget"] = budget
        if schedule is not UNSET:
            field_dict["schedule"] = schedule
        if overlap_policy is not UNSET:
            field_dict["overlap_policy"] = overlap_policy

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.agent_ref import AgentRef
        from ..models.cron_schedule_params import CronScheduleParams
        from ..models.metadata import Metadata
        from ..models.session_budget import SessionBudget
        from ..models.user_define_outcome_event_params import UserDefineOutcomeEventParams
        from ..models.user_message_event_params import UserMessageEventParams

        d = dict(src_dict)
        name = d.pop("name")

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

        initial_events = []
        _initial_events = d.pop("initial_events")
        for initial_events_item_data in _initial_events:

            def _parse_initial_events_item(data: object) -> UserDefineOutcomeEventParams | UserMessageEventParams:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_deployment_initial_event_type_0 = UserMessageEventParams.from_dict(data)

                    return componentsschemas_deployment_initial_event_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_deployment_initial_event_type_1 = UserDefineOutcomeEventParams.from_dict(data)

                return componentsschemas_deployment_initial_event_type_1

            initial_events_item = _parse_initial_events_item(initial_events_item_data)

            initial_events.append(initial_events_item)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        _metadata = d.pop("metadata", UNSET)
        metadata: Metadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = Metadata.from_dict(_metadata)

        vault_ids = cast(list[str], d.pop("vault_ids", UNSET))

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

        def _parse_schedule(data: object) -> CronScheduleParams | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                schedule_type_0 = CronScheduleParams.from_dict(data)

                return schedule_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CronScheduleParams | None | Unset, data)

        schedule = _parse_schedule(d.pop("schedule", UNSET))

        _overlap_policy = d.pop("overlap_policy", UNSET)
        overlap_policy: OverlapPolicy | Unset
        if isinstance(_overlap_policy, Unset):
            overlap_policy = UNSET
        else:
            overlap_policy = check_overlap_policy(_overlap_policy)

        deployment_create_params = cls(
            name=name,
            agent=agent,
            environment_id=environment_id,
            initial_events=initial_events,
            description=description,
            metadata=metadata,
            vault_ids=vault_ids,
            budget=budget,
            schedule=schedule,
            overlap_policy=overlap_policy,
        )

        return deployment_create_params
