# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.deployment_status import DeploymentStatus, check_deployment_status
from ..models.overlap_policy import OverlapPolicy, check_overlap_policy
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.deployment_agent import DeploymentAgent
    from ..models.deployment_schedule import DeploymentSchedule
    from ..models.error_paused_reason import ErrorPausedReason
    from ..models.manual_paused_reason import ManualPausedReason
    from ..models.metadata import Metadata
    from ..models.session_budget import SessionBudget
    from ..models.user_define_outcome_event_params import UserDefineOutcomeEventParams
    from ..models.user_message_event_params import UserMessageEventParams


T = TypeVar("T", bound="Deployment")


@_attrs_define
class Deployment:
    """An Agent run unattended on a schedule (and on demand); every Run creates a Session.

    Attributes:
        type_ (Literal['deployment']): Always `deployment`.
        id (str): The Deployment id (`depl_...`).
        name (str): The name.
        description (None | str): The description.
        agent (DeploymentAgent): The Agent a Deployment runs.
        environment_id (str): The Environment.
        initial_events (list[UserDefineOutcomeEventParams | UserMessageEventParams]): The events each Run's Session is
            created with.
        metadata (Metadata): Up to 16 string pairs; keys up to 64 characters, values up to 512.
        schedule (DeploymentSchedule | None): The schedule; null for manual Runs only.
        overlap_policy (OverlapPolicy): What a scheduled Run does while the previous Run's Session is still running:
            `skip` it (recorded as a skipped Run) or `allow` it (a second Session runs alongside).
        status (DeploymentStatus): `active` (the schedule fires) or `paused` (only manual Runs).
        paused_reason (ErrorPausedReason | ManualPausedReason | None): Why it is paused; null while active.
        created_at (datetime.datetime): Creation time.
        updated_at (datetime.datetime): Last update time.
        archived_at (datetime.datetime | None): When it was archived.
        vault_ids (list[str] | Unset): The vaults each Run's Session names (always present in this server's answers;
            optional so that older answers still decode).
        budget (None | SessionBudget | Unset): The budget each Run's Session is created with; null when it has none
            (always present in this server's answers; optional so that older answers still decode).
    """

    type_: Literal["deployment"]
    id: str
    name: str
    description: None | str
    agent: DeploymentAgent
    environment_id: str
    initial_events: list[UserDefineOutcomeEventParams | UserMessageEventParams]
    metadata: Metadata
    schedule: DeploymentSchedule | None
    overlap_policy: OverlapPolicy
    status: DeploymentStatus
    paused_reason: ErrorPausedReason | ManualPausedReason | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    archived_at: datetime.datetime | None
    vault_ids: list[str] | Unset = UNSET
    budget: None | SessionBudget | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.deployment_schedule import DeploymentSchedule
        from ..models.error_paused_reason import ErrorPausedReason
        from ..models.manual_paused_reason import ManualPausedReason
        from ..models.session_budget import SessionBudget
        from ..models.user_message_event_params import UserMessageEventParams

        type_ = self.type_

        id = self.id

        name = self.name

        description: None | str
        description = self.description

        agent = self.agent.to_dict()

        environment_id = self.environment_id

        initial_events = []
        for initial_events_item_data in self.initial_events:
            initial_events_item: dict[str, Any]
            if isinstance(initial_events_item_data, UserMessageEventParams):
                initial_events_item = initial_events_item_data.to_dict()
            else:
                initial_events_item = initial_events_item_data.to_dict()

            initial_events.append(initial_events_item)

        metadata = self.metadata.to_dict()

        schedule: dict[str, Any] | None
        if isinstance(self.schedule, DeploymentSchedule):
            schedule = self.schedule.to_dict()
        else:
            schedule = self.schedule

        overlap_policy: str = self.overlap_policy

        status: str = self.status

        paused_reason: dict[str, Any] | None
        if isinstance(self.paused_reason, ManualPausedReason) or isinstance(self.paused_reason, ErrorPausedReason):
            paused_reason = self.paused_reason.to_dict()
        else:
            paused_reason = self.paused_reason

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        archived_at: None | str
        if isinstance(self.archived_at, datetime.datetime):
            archived_at = self.archived_at.isoformat()
        else:
            archived_at = self.archived_at

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

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "name": name,
                "description": description,
                "agent": agent,
                "environment_id": environment_id,
                "initial_events": initial_events,
                "metadata": metadata,
                "schedule": schedule,
                "overlap_policy": overlap_policy,
                "status": status,
                "paused_reason": paused_reason,
                "created_at": created_at,
                "updated_at": updated_at,
                "archived_at": archived_at,
            }
        )
        if vault_ids is not UNSET:
            field_dict["vault_ids"] = vault_ids
        if budget is not UNSET:
            field_dict["budget"] = budget

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deployment_agent import DeploymentAgent
        from ..models.deployment_schedule import DeploymentSchedule
        from ..models.error_paused_reason import ErrorPausedReason
        from ..models.manual_paused_reason import ManualPausedReason
        from ..models.metadata import Metadata
        from ..models.session_budget import SessionBudget
        from ..models.user_define_outcome_event_params import UserDefineOutcomeEventParams
        from ..models.user_message_event_params import UserMessageEventParams

        d = dict(src_dict)
        type_ = cast(Literal["deployment"], d.pop("type"))
        if type_ != "deployment":
            raise ValueError(f"type must match const 'deployment', got '{type_}'")

        id = d.pop("id")

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        agent = DeploymentAgent.from_dict(d.pop("agent"))

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

        metadata = Metadata.from_dict(d.pop("metadata"))

        def _parse_schedule(data: object) -> DeploymentSchedule | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                schedule_type_0 = DeploymentSchedule.from_dict(data)

                return schedule_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DeploymentSchedule | None, data)

        schedule = _parse_schedule(d.pop("schedule"))

        overlap_policy = check_overlap_policy(d.pop("overlap_policy"))

        status = check_deployment_status(d.pop("status"))

        def _parse_paused_reason(data: object) -> ErrorPausedReason | ManualPausedReason | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_paused_reason_type_0 = ManualPausedReason.from_dict(data)

                return componentsschemas_paused_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_paused_reason_type_1 = ErrorPausedReason.from_dict(data)

                return componentsschemas_paused_reason_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ErrorPausedReason | ManualPausedReason | None, data)

        paused_reason = _parse_paused_reason(d.pop("paused_reason"))

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

        deployment = cls(
            type_=type_,
            id=id,
            name=name,
            description=description,
            agent=agent,
            environment_id=environment_id,
            initial_events=initial_events,
            metadata=metadata,
            schedule=schedule,
            overlap_policy=overlap_policy,
            status=status,
            paused_reason=paused_reason,
            created_at=created_at,
            updated_at=updated_at,
            archived_at=archived_at,
            vault_ids=vault_ids,
            budget=budget,
        )

        deployment.additional_properties = d
        return deployment

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
