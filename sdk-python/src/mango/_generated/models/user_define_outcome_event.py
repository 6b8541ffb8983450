# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.file_rubric import FileRubric
    from ..models.text_rubric import TextRubric


T = TypeVar("T", bound="UserDefineOutcomeEvent")


@_attrs_define
class UserDefineOutcomeEvent:
    """An outcome was defined (queued as a turn trigger like a message).

    Attributes:
        type_ (Literal['user.define_outcome']): Always `user.define_outcome`.
        id (str): The event id (`sevt_...`).
        processed_at (datetime.datetime | None): When the agent took it up; null while queued.
        created_at (datetime.datetime): When the event was committed.
        outcome_id (str): The outcome id (`outc_...`).
        description (str): The task.
        rubric (FileRubric | TextRubric): The rubric an outcome is graded against.
        max_iterations (int): How many evaluations at most.
        session_thread_id (None | str | Unset): The thread; null or absent for the primary thread.
    """

    type_: Literal["user.define_outcome"]
    id: str
    processed_at: datetime.datetime | None
    created_at: datetime.datetime
    outcome_id: str
    description: str
    rubric: FileRubric | TextRubric
    max_iterations: int
    session_thread_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.text_rubric import TextRubric

        type_ = self.type_

        id = self.id

        processed_at: None | str
        if isinstance(self.processed_at, datetime.datetime):
            processed_at = self.processed_at.isoformat()
        else:
            processed_at = self.processed_at

        created_at = self.created_at.isoformat()

        outcome_id = self.outcome_id

        description = self.description

        rubric: dict[str, Any]
        if isinstance(self.rubric, TextRubric):
            rubric = self.rubric.to_dict()
        else:
            rubric = self.rubric.to_dict()

        max_iterations = self.max_iterations

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
                "outcome_id": outcome_id,
                "description": description,
                "rubric": rubric,
                "max_iterations": max_iterations,
            }
        )
        if session_thread_id is not UNSET:
            field_dict["session_thread_id"] = session_thread_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.file_rubric import FileRubric
        from ..models.text_rubric import TextRubric

        d = dict(src_dict)
        type_ = cast(Literal["user.define_outcome"], d.pop("type"))
        if type_ != "user.define_outcome":
            raise ValueError(f"type must match const 'user.define_outcome', got '{type_}'")

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

        outcome_id = d.pop("outcome_id")

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

        max_iterations = d.pop("max_iterations")

        def _parse_session_thread_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        session_thread_id = _parse_session_thread_id(d.pop("session_thread_id", UNSET))

        user_define_outcome_event = cls(
            type_=type_,
            id=id,
            processed_at=processed_at,
            created_at=created_at,
            outcome_id=outcome_id,
            description=description,
            rubric=rubric,
            max_iterations=max_iterations,
            session_thread_id=session_thread_id,
        )

        user_define_outcome_event.additional_properties = d
        return user_define_outcome_event

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
