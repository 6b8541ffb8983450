# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WorkerFailedStopReason")


@_attrs_define
class WorkerFailedStopReason:
    """A worker reported a permanent failure of the Session's Work (it could not prepare the Session's inputs, such as a
    Skill archive or a Memory Store). Set on the terminated Session; nothing of a partially prepared workspace runs.

        Attributes:
            type_ (Literal['worker_failed']): Always `worker_failed`.
            work_id (str): The failed Work item.
            environment_id (str): Its Environment.
            message (str): The worker's error message.
    """

    type_: Literal["worker_failed"]
    work_id: str
    environment_id: str
    message: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        work_id = self.work_id

        environment_id = self.environment_id

        message = self.message

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "work_id": work_id,
                "environment_id": environment_id,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["worker_failed"], d.pop("type"))
        if type_ != "worker_failed":
            raise ValueError(f"type must match const 'worker_failed', got '{type_}'")

        work_id = d.pop("work_id")

        environment_id = d.pop("environment_id")

        message = d.pop("message")

        worker_failed_stop_reason = cls(
            type_=type_,
            work_id=work_id,
            environment_id=environment_id,
            message=message,
        )

        worker_failed_stop_reason.additional_properties = d
        return worker_failed_stop_reason

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
