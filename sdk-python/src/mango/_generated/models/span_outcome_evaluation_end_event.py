# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.outcome_evaluation_result import OutcomeEvaluationResult, check_outcome_evaluation_result
from ..types import UNSET, Unset

T = TypeVar("T", bound="SpanOutcomeEvaluationEndEvent")


@_attrs_define
class SpanOutcomeEvaluationEndEvent:
    """An evaluation ended. With `needs_revision` the event is the agent's next turn (it receives the explanation as
    feedback), so its `processed_at` is null until that turn starts.

        Attributes:
            type_ (Literal['span.outcome_evaluation_end']): Always `span.outcome_evaluation_end`.
            id (str): The event id (`sevt_...`).
            processed_at (datetime.datetime | None): When the event was processed (for feedback: when the agent took it up).
            created_at (datetime.datetime): When the event was committed.
            outcome_evaluation_start_id (None | str): The matching `span.outcome_evaluation_start`; null when the outcome
                was interrupted before grading started.
            outcome_id (str): The outcome.
            iteration (int): The iteration (0-based).
            result (OutcomeEvaluationResult): `satisfied`, `needs_revision` (feedback goes back to the agent),
                `max_iterations_reached` (not met at the last allowed evaluation), `failed` (the grader gave no valid verdict)
                or `interrupted` (a `user.interrupt` or a newer outcome ended it).
            explanation (str): The grader's reasons (or why the loop ended).
            session_thread_id (None | str | Unset): The thread; null or absent for the primary thread.
    """

    type_: Literal["span.outcome_evaluation_end"]
    id: str
    processed_at: datetime.datetime | None
    created_at: datetime.datetime
    outcome_evaluation_start_id: None | str
    outcome_id: str
    iteration: int
    result: OutcomeEvaluationResult
    explanation: str
    session_thread_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        processed_at: None | str
        if isinstance(self.processed_at, datetime.datetime):
            processed_at = self.processed_at.isoformat()
        else:
            processed_at = self.processed_at

        created_at = self.created_at.isoformat()

        outcome_evaluation_start_id: None | str
        outcome_evaluation_start_id = self.outcome_evaluation_start_id

        outcome_id = self.outcome_id

        iteration = self.iteration

        result: str = self.result

        explanation = self.explanation

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
                "outcome_evaluation_start_id": outcome_evaluation_start_id,
                "outcome_id": outcome_id,
                "iteration": iteration,
                "result": result,
                "explanation": explanation,
            }
        )
        if session_thread_id is not UNSET:
            field_dict["session_thread_id"] = session_thread_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["span.outcome_evaluation_end"], d.pop("type"))
        if type_ != "span.outcome_evaluation_end":
            raise ValueError(f"type must match const 'span.outcome_evaluation_end', got '{type_}'")

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

        def _parse_outcome_evaluation_start_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        outcome_evaluation_start_id = _parse_outcome_evaluation_start_id(d.pop("outcome_evaluation_start_id"))

        outcome_id = d.pop("outcome_id")

        iteration = d.pop("iteration")

        result = check_outcome_evaluation_result(d.pop("result"))

        explanation = d.pop("explanation")

        def _parse_session_thread_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        session_thread_id = _parse_session_thread_id(d.pop("session_thread_id", UNSET))

        span_outcome_evaluation_end_event = cls(
            type_=type_,
            id=id,
            processed_at=processed_at,
            created_at=created_at,
            outcome_evaluation_start_id=outcome_evaluation_start_id,
            outcome_id=outcome_id,
            iteration=iteration,
            result=result,
            explanation=explanation,
            session_thread_id=session_thread_id,
        )

        span_outcome_evaluation_end_event.additional_properties = d
        return span_outcome_evaluation_end_event

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
