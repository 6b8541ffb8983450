# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.budget_reached_stop_reason import BudgetReachedStopReason
    from ..models.context_overflow_stop_reason import ContextOverflowStopReason
    from ..models.credential_failed_stop_reason import CredentialFailedStopReason
    from ..models.end_turn_stop_reason import EndTurnStopReason
    from ..models.max_tokens_stop_reason import MaxTokensStopReason
    from ..models.requires_action_stop_reason import RequiresActionStopReason
    from ..models.retries_exhausted_stop_reason import RetriesExhaustedStopReason
    from ..models.worker_failed_stop_reason import WorkerFailedStopReason


T = TypeVar("T", bound="ThreadBlockedStall")


@_attrs_define
class ThreadBlockedStall:
    """A child Thread is idle on a stop reason that waits for someone (`requires_action`, `budget_reached`,
    `credential_failed`), so it will not report to its coordinator until that is resolved.

        Attributes:
            type_ (Literal['thread_blocked']): Always `thread_blocked`.
            session_thread_id (str): The blocked child Thread.
            stop_reason (BudgetReachedStopReason | ContextOverflowStopReason | CredentialFailedStopReason |
                EndTurnStopReason | MaxTokensStopReason | RequiresActionStopReason | RetriesExhaustedStopReason |
                WorkerFailedStopReason): Why a Session went idle (or, for `worker_failed`, why it was terminated).
    """

    type_: Literal["thread_blocked"]
    session_thread_id: str
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

        session_thread_id = self.session_thread_id

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

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "session_thread_id": session_thread_id,
                "stop_reason": stop_reason,
            }
        )

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
        type_ = cast(Literal["thread_blocked"], d.pop("type"))
        if type_ != "thread_blocked":
            raise ValueError(f"type must match const 'thread_blocked', got '{type_}'")

        session_thread_id = d.pop("session_thread_id")

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

        thread_blocked_stall = cls(
            type_=type_,
            session_thread_id=session_thread_id,
            stop_reason=stop_reason,
        )

        thread_blocked_stall.additional_properties = d
        return thread_blocked_stall

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
