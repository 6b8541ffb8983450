# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.file_rubric import FileRubric
    from ..models.text_rubric import TextRubric


T = TypeVar("T", bound="UserDefineOutcomeEventParams")


@_attrs_define
class UserDefineOutcomeEventParams:
    """Give the agent a task with a rubric. The event is a turn of its own; after each turn a grader (one bounded, tool-
    free model call) evaluates the agent's answer against the rubric and, while it is not met, sends its feedback back
    as a new turn, up to `max_iterations` evaluations. A newer outcome supersedes the active one.

        Attributes:
            type_ (Literal['user.define_outcome']): Always `user.define_outcome`.
            description (str): The task: what the agent should produce.
            rubric (FileRubric | TextRubric): The rubric an outcome is graded against.
            max_iterations (int | Unset): How many evaluations at most; the last one that is not met ends the outcome with
                `max_iterations_reached`. Default: 3.
    """

    type_: Literal["user.define_outcome"]
    description: str
    rubric: FileRubric | TextRubric
    max_iterations: int | Unset = 3

    def to_dict(self) -> dict[str, Any]:
        from ..models.text_rubric import TextRubric

        type_ = self.type_

        description = self.description

        rubric: dict[str, Any]
        if isinstance(self.rubric, TextRubric):
            rubric = self.rubric.to_dict()
        else:
            rubric = self.rubric.to_dict()

        max_iterations = self.max_iterations

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "description": description,
                "rubric": rubric,
            }
        )
        if max_iterations is not UNSET:
            field_dict["max_iterations"] = max_iterations

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.file_rubric import FileRubric
        from ..models.text_rubric import TextRubric

        d = dict(src_dict)
        type_ = cast(Literal["user.define_outcome"], d.pop("type"))
        if type_ != "user.define_outcome":
            raise ValueError(f"type must match const 'user.define_outcome', got '{type_}'")

        description = d.pop("description")

        def _parse_rubric(data: object) -> FileRubric | TextRubric:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_rubric_type_0 = TextRubric.from_dict(data)

                return componentsschemas_rubric_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_rubric_type_1 = FileRubric.from_dict(data)

            return componentsschemas_rubric_type_1

        rubric = _parse_rubric(d.pop("rubric"))

        max_iterations = d.pop("max_iterations", UNSET)

        user_define_outcome_event_params = cls(
            type_=type_,
            description=description,
            rubric=rubric,
            max_iterations=max_iterations,
        )

        return user_define_outcome_event_params
