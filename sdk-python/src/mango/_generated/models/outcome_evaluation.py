# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.outcome_evaluation_result import OutcomeEvaluationResult, check_outcome_evaluation_result

T = TypeVar("T", bound="OutcomeEvaluation")


@_attrs_define
class OutcomeEvaluation:
    """One completed evaluation of an outcome.

    Attributes:
        type_ (Literal['outcome_evaluation']): Always `outcome_evaluation`.
        outcome_id (str): The outcome.
        iteration (int): The iteration (0-based).
        result (OutcomeEvaluationResult): `satisfied`, `needs_revision` (feedback goes back to the agent),
            `max_iterations_reached` (not met at the last allowed evaluation), `failed` (the grader gave no valid verdict)
            or `interrupted` (a `user.interrupt` or a newer outcome ended it).
        description (str): The outcome's description.
        explanation (str): The grader's reasons.
        completed_at (datetime.datetime): When the evaluation completed.
    """

    type_: Literal["outcome_evaluation"]
    outcome_id: str
    iteration: int
    result: OutcomeEvaluationResult
    description: str
    explanation: str
    completed_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        outcome_id = self.outcome_id

        iteration = self.iteration

        result: str = self.result

        description = self.description

        explanation = self.explanation

        completed_at = self.completed_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "outcome_id": outcome_id,
                "iteration": iteration,
                "result": result,
                "description": description,
                "explanation": explanation,
                "completed_at": completed_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["outcome_evaluation"], d.pop("type"))
        if type_ != "outcome_evaluation":
            raise ValueError(f"type must match const 'outcome_evaluation', got '{type_}'")

        outcome_id = d.pop("outcome_id")

        iteration = d.pop("iteration")

        result = check_outcome_evaluation_result(d.pop("result"))

        description = d.pop("description")

        explanation = d.pop("explanation")

        completed_at = datetime.datetime.fromisoformat(d.pop("completed_at"))

        outcome_evaluation = cls(
            type_=type_,
            outcome_id=outcome_id,
            iteration=iteration,
            result=result,
            description=description,
            explanation=explanation,
            completed_at=completed_at,
        )

        outcome_evaluation.additional_properties = d
        return outcome_evaluation

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
