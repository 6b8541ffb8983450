# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.budget_reached_stop_reason import BudgetReachedStopReason
    from ..models.context_overflow_stop_reason import ContextOverflowStopReason
    from ..models.credential_failed_stop_reason import CredentialFailedStopReason
    from ..models.end_turn_stop_reason import EndTurnStopReason
    from ..models.max_tokens_stop_reason import MaxTokensStopReason
    from ..models.requires_action_stop_reason import RequiresActionStopReason
    from ..models.retries_exhausted_stop_reason import RetriesExhaustedStopReason
    from ..models.worker_failed_stop_reason import WorkerFailedStopReason


T = TypeVar("T", bound="SessionThreadStatusIdleEvent")


@_attrs_define
class SessionThreadStatusIdleEvent:
    """A child Thread went idle.

    Attributes:
        type_ (Literal['session.thread_status_idle']): Always `session.thread_status_idle`.
        id (str): The event id (`sevt_...`).
        processed_at (datetime.datetime | None): When the event was processed.
        created_at (datetime.datetime): When the event was committed.
        agent_name (str): The Thread's Agent name.
        stop_reason (BudgetReachedStopReason | ContextOverflowStopReason | CredentialFailedStopReason |
            EndTurnStopReason | MaxTokensStopReason | RequiresActionStopReason | RetriesExhaustedStopReason |
            WorkerFailedStopReason): Why a Session went idle (or, for `worker_failed`, why it was terminated).
        session_thread_id (None | str | Unset): The Thread the event is about.
    """

    type_: Literal["session.thread_status_idle"]
    id: str
    processed_at: datetime.datetime | None
    created_at: datetime.datetime
    agent_name: str
    stop_reason: (
        BudgetReachedStopReason
        | ContextOverflowStopReason
        | CredentialFailedStopReason
        | EndTurnStopReason
        | MaxTokensStopReason
        | RequiresActionStopReason
        | RetriesExhaustedStopReason
        | WorkerFailedStopReason
    )
    session_thread_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.budget_reached_stop_reason import BudgetReachedStopReason
        from ..models.context_overflow_stop_reason import ContextOverflowStopReason
        from ..models.credential_failed_stop_reason import CredentialFailedStopReason
        from ..models.end_turn_stop_reason import EndTurnStopReason
        from ..models.max_tokens_stop_reason import MaxTokensStopReason
        from ..models.requires_action_stop_reason import RequiresActionStopReason
        from ..models.retries_exhausted_stop_reason import RetriesExhaustedStopReason

        type_ = self.type_

        id = self.id

        processed_at: None | str
        if isinstance(self.processed_at, datetime.datetime):
            processed_at = self.processed_at.isoformat()
        else:
            processed_at = self.processed_at

        created_at = self.created_at.isoformat()

        agent_name = self.agent_name

        stop_reason: dict[str, Any]
        if (
            isinstance(self.stop_reason, EndTurnStopReason)
            or isinstance(self.stop_reason, RequiresActionStopReason)
            or isinstance(self.stop_reason, RetriesExhaustedStopReason)
            or isinstance(self.stop_reason, MaxTokensStopReason)
            or isinstance(self.stop_reason, BudgetReachedStopReason)
            or isinstance(self.stop_reason, ContextOverflowStopReason)
            or isinstance(self.stop_reason, CredentialFailedStopReason)
        ):
            stop_reason = self.stop_reason.to_dict()
        else:
            stop_reason = self.stop_reason.to_dict()

        session_thread_id: None | str | Unset
        if isinstance(self.session_thread_id, Unset):
            session_thread_id = UNSET
        else:
            session_thread_id = self.session_thread_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "processed_at": processed_at,
                "created_at": created_at,
                "agent_name": agent_name,
                "stop_reason": stop_reason,
            }
        )
        if session_thread_id is not UNSET:
            field_dict["session_thread_id"] = session_thread_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.budget_reached_stop_reason import BudgetReachedStopReason
        from ..models.context_overflow_stop_reason import ContextOverflowStopReason
        from ..models.credential_failed_stop_reason import CredentialFailedStopReason
        from ..models.end_turn_stop_reason import EndTurnStopReason
        from ..models.max_tokens_stop_reason import MaxTokensStopReason
        from ..models.requires_action_stop_reason import RequiresActionStopReason
        from ..models.retries_exhausted_stop_reason import RetriesExhaustedStopReason
        from ..models.worker_failed_stop_reason import WorkerFailedStopReason

        d = dict(src_dict)
        type_ = cast(Literal["session.thread_status_idle"], d.pop("type"))
        if type_ != "session.thread_status_idle":
            raise ValueError(f"type must match const 'session.thread_status_idle', got '{type_}'")

        id = d.pop("id")

        def _parse_processed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                processed_at_type_0 = datetime.datetime.fromisoformat(data)

                return processed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        processed_at = _parse_processed_at(d.pop("processed_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        agent_name = d.pop("agent_name")

        def _parse_stop_reason(
            data: object,
        ) -> (
            BudgetReachedStopReason
            | ContextOverflowStopReason
            | CredentialFailedStopReason
            | EndTurnStopReason
            | MaxTokensStopReason
            | RequiresActionStopReason
            | RetriesExhaustedStopReason
            | WorkerFailedStopReason
        ):
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
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_stop_reason_type_7 = WorkerFailedStopReason.from_dict(data)

            return componentsschemas_stop_reason_type_7

        stop_reason = _parse_stop_reason(d.pop("stop_reason"))

        def _parse_session_thread_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        session_thread_id = _parse_session_thread_id(d.pop("session_thread_id", UNSET))

        session_thread_status_idle_event = cls(
            type_=type_,
            id=id,
            processed_at=processed_at,
            created_at=created_at,
            agent_name=agent_name,
            stop_reason=stop_reason,
            session_thread_id=session_thread_id,
        )

        session_thread_status_idle_event.additional_properties = d
        return session_thread_status_idle_event

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
