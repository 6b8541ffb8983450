# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WorkerUnavailableStall")


@_attrs_define
class WorkerUnavailableStall:
    """The Session's Work has been queued longer than the server's bound (`MANGO_WORKER_STALL_SECONDS`) and no worker of
    its Environment has polled in that time. The Session is not ended; the stall clears as soon as a worker of the
    Environment polls.

        Attributes:
            type_ (Literal['worker_unavailable']): Always `worker_unavailable`.
            environment_id (str): The Environment without a live worker.
            work_ids (list[str]): The queued Work items nobody claimed.
            since (datetime.datetime): When the oldest of them was queued.
    """

    type_: Literal["worker_unavailable"]
    environment_id: str
    work_ids: list[str]
    since: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        environment_id = self.environment_id

        work_ids = self.work_ids

        since = self.since.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "environment_id": environment_id,
                "work_ids": work_ids,
                "since": since,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["worker_unavailable"], d.pop("type"))
        if type_ != "worker_unavailable":
            raise ValueError(f"type must match const 'worker_unavailable', got '{type_}'")

        environment_id = d.pop("environment_id")

        work_ids = cast(list[str], d.pop("work_ids"))

        since = datetime.datetime.fromisoformat(d.pop("since"))

        worker_unavailable_stall = cls(
            type_=type_,
            environment_id=environment_id,
            work_ids=work_ids,
            since=since,
        )

        worker_unavailable_stall.additional_properties = d
        return worker_unavailable_stall

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
