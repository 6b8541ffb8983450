# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.session_status import SessionStatus, check_session_status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.budget_reached_stop_reason import BudgetReachedStopReason
    from ..models.context_overflow_stop_reason import ContextOverflowStopReason
    from ..models.credential_failed_stop_reason import CredentialFailedStopReason
    from ..models.end_turn_stop_reason import EndTurnStopReason
    from ..models.max_tokens_stop_reason import MaxTokensStopReason
    from ..models.metadata import Metadata
    from ..models.outcome_evaluation import OutcomeEvaluation
    from ..models.requires_action_stop_reason import RequiresActionStopReason
    from ..models.retries_exhausted_stop_reason import RetriesExhaustedStopReason
    from ..models.session_agent import SessionAgent
    from ..models.session_budget import SessionBudget
    from ..models.session_resource import SessionResource
    from ..models.session_stats import SessionStats
    from ..models.session_usage import SessionUsage
    from ..models.thread_blocked_stall import ThreadBlockedStall
    from ..models.worker_failed_stop_reason import WorkerFailedStopReason
    from ..models.worker_unavailable_stall import WorkerUnavailableStall


T = TypeVar("T", bound="Session")


@_attrs_define
class Session:
    """A stateful conversation between an application and an Agent snapshot.

    Attributes:
        type_ (Literal['session']): Always `session`.
        id (str): The Session id (`sesn_...`).
        title (None | str): A human title.
        status (SessionStatus): `idle` (waiting for input), `running`, `rescheduling` (transient retry) or `terminated`
            (unrecoverable or archived).
        stop_reason (BudgetReachedStopReason | ContextOverflowStopReason | CredentialFailedStopReason |
            EndTurnStopReason | MaxTokensStopReason | None | RequiresActionStopReason | RetriesExhaustedStopReason |
            WorkerFailedStopReason): The reason of the last `session.status_idle` (or of a `worker_failed` termination);
            null before the first idle.
        agent (SessionAgent): The Agent snapshot a Session runs, taken at creation.
        environment_id (str): The Environment where tools run.
        resources (list[SessionResource]): Attached Memory Stores.
        metadata (Metadata): Up to 16 string pairs; keys up to 64 characters, values up to 512.
        usage (SessionUsage): A Session's cumulative model usage and its list cost.
        budget (None | SessionBudget): The Session's budget; null when it has none.
        stats (SessionStats): Timing statistics.
        created_at (datetime.datetime): Creation time.
        updated_at (datetime.datetime): Last update time.
        archived_at (datetime.datetime | None): When it was archived.
        stalls (list[ThreadBlockedStall | WorkerUnavailableStall] | Unset): What the Session waits on besides its own
            stop reason (a queued Work item no worker takes, a blocked child Thread); empty when nothing (always present in
            this server's answers; optional so that older answers still decode).
        vault_ids (list[str] | Unset): The vaults whose credentials the Session's MCP connections use, in order (always
            present in this server's answers; optional so that older answers still decode).
        outcome_evaluations (list[OutcomeEvaluation] | Unset): Completed evaluations of the Session's outcomes, oldest
            first (always present in this server's answers; optional so that older answers still decode).
    """

    type_: Literal["session"]
    id: str
    title: None | str
    status: SessionStatus
    stop_reason: (
        BudgetReachedStopReason
        | ContextOverflowStopReason
        | CredentialFailedStopReason
        | EndTurnStopReason
        | MaxTokensStopReason
        | None
        | RequiresActionStopReason
        | RetriesExhaustedStopReason
        | WorkerFailedStopReason
    )
    agent: SessionAgent
    environment_id: str
    resources: list[SessionResource]
    metadata: Metadata
    usage: SessionUsage
    budget: None | SessionBudget
    stats: SessionStats
    created_at: datetime.datetime
    updated_at: datetime.datetime
    archived_at: datetime.datetime | None
    stalls: list[ThreadBlockedStall | WorkerUnavailableStall] | Unset = UNSET
    vault_ids: list[str] | Unset = UNSET
    outcome_evaluations: list[OutcomeEvaluation] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.budget_reached_stop_reason import BudgetReachedStopReason
        from ..models.context_overflow_stop_reason import ContextOverflowStopReason
        from ..models.credential_failed_stop_reason import CredentialFailedStopReason
        from ..models.end_turn_stop_reason import EndTurnStopReason
        from ..models.max_tokens_stop_reason import MaxTokensStopReason
        from ..models.requires_action_stop_reason import RequiresActionStopReason
        from ..models.retries_exhausted_stop_reason import RetriesExhaustedStopReason
        from ..models.session_budget import SessionBudget
        from ..models.worker_failed_stop_reason import WorkerFailedStopReason
        from ..models.worker_unavailable_stall import WorkerUnavailableStall

        type_ = self.type_

        id = self.id

        title: None | str
        title = self.title

        status: str = self.status

        stop_reason: dict[str, Any] | None
        if (
            isinstance(self.stop_reason, EndTurnStopReason)
            or isinstance(self.stop_reason, RequiresActionStopReason)
            or isinstance(self.stop_reason, RetriesExhaustedStopReason)
            or isinstance(self.stop_reason, MaxTokensStopReason)
            or isinstance(self.stop_reason, BudgetReachedStopReason)
            or isinstance(self.stop_reason, ContextOverflowStopReason)
            or isinstance(self.stop_reason, CredentialFailedStopReason)
            or isinstance(self.stop_reason, WorkerFailedStopReason)
        ):
            stop_reason = self.stop_reason.to_dict()
        else:
            stop_reason = self.stop_reason

        agent = self.agent.to_dict()

        environment_id = self.environment_id

        resources = []
        for resources_item_data in self.resources:
            resources_item = resources_item_data.to_dict()
            resources.append(resources_item)

        metadata = self.metadata.to_dict()

        usage = self.usage.to_dict()

        budget: dict[str, Any] | None
        if isinstance(self.budget, SessionBudget):
            budget = self.budget.to_dict()
        else:
            budget = self.budget

        stats = self.stats.to_dict()

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        archived_at: None | str
        if isinstance(self.archived_at, datetime.datetime):
            archived_at = self.archived_at.isoformat()
        else:
            archived_at = self.archived_at

        stalls: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.stalls, Unset):
            stalls = []
            for stalls_item_data in self.stalls:
                stalls_item: dict[str, Any]
                if isinstance(stalls_item_data, WorkerUnavailableStall):
                    stalls_item = stalls_item_data.to_dict()
                else:
                    stalls_item = stalls_item_data.to_dict()

                stalls.append(stalls_item)

        vault_ids: list[str] | Unset = UNSET
        if not isinstance(self.vault_ids, Unset):
            vault_ids = self.vault_ids

        outcome_evaluations: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.outcome_evaluations, Unset):
            outcome_evaluations = []
            for outcome_evaluations_item_data in self.outcome_evaluations:
                outcome_evaluations_item = outcome_evaluations_item_data.to_dict()
                outcome_evaluations.append(outcome_evaluations_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "title": title,
                "status": status,
                "stop_reason": stop_reason,
                "agent": agent,
                "environment_id": environment_id,
                "resources": resources,
                "metadata": metadata,
                "usage": usage,
                "budget": budget,
                "stats": stats,
                "created_at": created_at,
                "updated_at": updated_at,
                "archived_at": archived_at,
            }
        )
        if stalls is not UNSET:
            field_dict["stalls"] = stalls
        if vault_ids is not UNSET:
            field_dict["vault_ids"] = vault_ids
        if outcome_evaluations is not UNSET:
            field_dict["outcome_evaluations"] = outcome_evaluations

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.budget_reached_stop_reason import BudgetReachedStopReason
        from ..models.context_overflow_stop_reason import ContextOverflowStopReason
        from ..models.credential_failed_stop_reason import CredentialFailedStopReason
        from ..models.end_turn_stop_reason import EndTurnStopReason
        from ..models.max_tokens_stop_reason import MaxTokensStopReason
        from ..models.metadata import Metadata
        from ..models.outcome_evaluation import OutcomeEvaluation
        from ..models.requires_action_stop_reason import RequiresActionStopReason
        from ..models.retries_exhausted_stop_reason import RetriesExhaustedStopReason
        from ..models.session_agent import SessionAgent
        from ..models.session_budget import SessionBudget
        from ..models.session_resource import SessionResource
        from ..models.session_stats import SessionStats
        from ..models.session_usage import SessionUsage
        from ..models.thread_blocked_stall import ThreadBlockedStall
        from ..models.worker_failed_stop_reason import WorkerFailedStopReason
        from ..models.worker_unavailable_stall import WorkerUnavailableStall

        d = dict(src_dict)
        type_ = cast(Literal["session"], d.pop("type"))
        if type_ != "session":
            raise ValueError(f"type must match const 'session', got '{type_}'")

        id = d.pop("id")

        def _parse_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        title = _parse_title(d.pop("title"))

        status = check_session_status(d.pop("status"))

        def _parse_stop_reason(
            data: object,
        ) -> (
            BudgetReachedStopReason
            | ContextOverflowStopReason
            | CredentialFailedStopReason
            | EndTurnStopReason
            | MaxTokensStopReason
            | None
            | RequiresActionStopReason
            | RetriesExhaustedStopReason
            | WorkerFailedStopReason
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_stop_reason_type_0 = EndTurnStopReason.from_dict(data)

                return componentsschemas_stop_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_stop_reason_type_1 = RequiresActionStopReason.from_dict(data)

                return componentsschemas_stop_reason_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_stop_reason_type_2 = RetriesExhaustedStopReason.from_dict(data)

                return componentsschemas_stop_reason_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_stop_reason_type_3 = MaxTokensStopReason.from_dict(data)

                return componentsschemas_stop_reason_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_stop_reason_type_4 = BudgetReachedStopReason.from_dict(data)

                return componentsschemas_stop_reason_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_stop_reason_type_5 = ContextOverflowStopReason.from_dict(data)

                return componentsschemas_stop_reason_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_stop_reason_type_6 = CredentialFailedStopReason.from_dict(data)

                return componentsschemas_stop_reason_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_stop_reason_type_7 = WorkerFailedStopReason.from_dict(data)

                return componentsschemas_stop_reason_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                BudgetReachedStopReason
                | ContextOverflowStopReason
                | CredentialFailedStopReason
                | EndTurnStopReason
                | MaxTokensStopReason
                | None
                | RequiresActionStopReason
                | RetriesExhaustedStopReason
                | WorkerFailedStopReason,
                data,
            )

        stop_reason = _parse_stop_reason(d.pop("stop_reason"))

        agent = SessionAgent.from_dict(d.pop("agent"))

        environment_id = d.pop("environment_id")

        resources = []
        _resources = d.pop("resources")
        for resources_item_data in _resources:
            resources_item = SessionResource.from_dict(resources_item_data)

            resources.append(resources_item)

        metadata = Metadata.from_dict(d.pop("metadata"))

        usage = SessionUsage.from_dict(d.pop("usage"))

        def _parse_budget(data: object) -> None | SessionBudget:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                budget_type_0 = SessionBudget.from_dict(data)

                return budget_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SessionBudget, data)

        budget = _parse_budget(d.pop("budget"))

        stats = SessionStats.from_dict(d.pop("stats"))

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

        _stalls = d.pop("stalls", UNSET)
        stalls: list[ThreadBlockedStall | WorkerUnavailableStall] | Unset = UNSET
        if _stalls is not UNSET:
            stalls = []
            for stalls_item_data in _stalls:

                def _parse_stalls_item(data: object) -> ThreadBlockedStall | WorkerUnavailableStall:
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_session_stall_type_0 = WorkerUnavailableStall.from_dict(data)

                        return componentsschemas_session_stall_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_stall_type_1 = ThreadBlockedStall.from_dict(data)

                    return componentsschemas_session_stall_type_1

                stalls_item = _parse_stalls_item(stalls_item_data)

                stalls.append(stalls_item)

        vault_ids = cast(list[str], d.pop("vault_ids", UNSET))

        _outcome_evaluations = d.pop("outcome_evaluations", UNSET)
        outcome_evaluations: list[OutcomeEvaluation] | Unset = UNSET
        if _outcome_evaluations is not UNSET:
            outcome_evaluations = []
            for outcome_evaluations_item_data in _outcome_evaluations:
                outcome_evaluations_item = OutcomeEvaluation.from_dict(outcome_evaluations_item_data)

                outcome_evaluations.append(outcome_evaluations_item)

        session = cls(
            type_=type_,
            id=id,
            title=title,
            status=status,
            stop_reason=stop_reason,
            agent=agent,
            environment_id=environment_id,
            resources=resources,
            metadata=metadata,
            usage=usage,
            budget=budget,
            stats=stats,
            created_at=created_at,
            updated_at=updated_at,
            archived_at=archived_at,
            stalls=stalls,
            vault_ids=vault_ids,
            outcome_evaluations=outcome_evaluations,
        )

        session.additional_properties = d
        return session

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
