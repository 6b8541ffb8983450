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
    from ..models.metadata_patch import MetadataPatch
    from ..models.session_budget import SessionBudget
    from ..models.user_define_outcome_event_params import UserDefineOutcomeEventParams
    from ..models.user_message_event_params import UserMessageEventParams


T = TypeVar("T", bound="DeploymentUpdateParams")


@_attrs_define
class DeploymentUpdateParams:
    """The body of `deployments.update`.

    Attributes:
        name (str | Unset): A new name.
        description (None | str | Unset): A new description.
        agent (AgentRef | str | Unset): An Agent id (latest version), or an AgentRef.
        environment_id (str | Unset): A new Environment.
        initial_events (list[UserDefineOutcomeEventParams | UserMessageEventParams] | Unset): New initial events
            (replacing the old ones).
        metadata (MetadataPatch | Unset): Metadata changes merged into the current pairs; a null value deletes the key.
        vault_ids (list[str] | Unset): New vaults for later Runs' Sessions (replacing the old list). Each must exist in
            the Workspace (400) and not be archived (409).
        budget (None | SessionBudget | Unset): A new budget for later Runs' Sessions (replacing the old one), or null to
            remove it; Sessions already created keep theirs.
        schedule (CronScheduleParams | None | Unset): A new schedule, or null to remove it.
        overlap_policy (OverlapPolicy | Unset): What a scheduled Run does while the previous Run's Session is still
            running: `skip` it (recorded as a skipped Run) or `allow` it (a second Session runs alongside).
    """

    name: str | Unset = UNSET
    description: None | str | Unset = UNSET
    agent: AgentRef | str | Unset = UNSET
    environment_id: str | Unset = UNSET
    initial_events: list[UserDefineOutcomeEventParams | UserMessageEventParams] | Unset = UNSET
    metadata: MetadataPatch | Unset = UNSET
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

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        agent: dict[str, Any] | str | Unset
        if isinstance(self.agent, Unset):
            agent = UNSET
        elif isinstance(self.agent, AgentRef):
            agent = self.agent.to_dict()
        else:
            agent = self.agent

        environment_id = self.environment_id

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

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description
        if agent is not UNSET:
            field_dict["agent"] = agent
        if environment_id is not UNSET:
            field_dict["environment_id"] = environment_id
        if initial_events is not UNSET:
            field_dict["initial_events"] = initial_events
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
        from ..models.metadata_patch import MetadataPatch
        from ..models.session_budget import SessionBudget
        from ..models.user_define_outcome_event_params import UserDefineOutcomeEventParams
        from ..models.user_message_event_params import UserMessageEventParams

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_agent(data: object) -> AgentRef | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_agent_ref_param_type_1 = AgentRef.from_dict(data)

                return componentsschemas_agent_ref_param_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentRef | str | Unset, data)

        agent = _parse_agent(d.pop("agent", UNSET))

        environment_id = d.pop("environment_id", UNSET)

        _initial_events = d.pop("initial_events", UNSET)
        initial_events: list[UserDefineOutcomeEventParams | UserMessageEventParams] | Unset = UNSET
        if _initial_events is not UNSET:
            initial_events = []
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

        _metadata = d.pop("metadata", UNSET)
        metadata: MetadataPatch | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = MetadataPatch.from_dict(_metadata)

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

        deployment_update_params = cls(
            name=name,
            description=description,
            agent=agent,
            environment_id=environment_id,
            initial_events=initial_events,
            metadata=metadata,
            vault_ids=vault_ids,
            budget=budget,
            schedule=schedule,
            overlap_policy=overlap_policy,
        )

        return deployment_update_params
