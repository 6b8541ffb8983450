# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="QueueStats")


@_attrs_define
class QueueStats:
    """An Environment's work queue statistics.

    Attributes:
        type_ (Literal['work_queue_stats']): Always `work_queue_stats`.
        depth (int): Items queued and not claimed.
        pending (int): Items claimed by Poll but not acknowledged.
        oldest_queued_at (datetime.datetime | None): Enqueue time of the oldest queued item.
        workers_polling (int): Distinct workers seen polling in the last 30 seconds.
    """

    type_: Literal["work_queue_stats"]
    depth: int
    pending: int
    oldest_queued_at: datetime.datetime | None
    workers_polling: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        depth = self.depth

        pending = self.pending

        oldest_queued_at: None | str
        if isinstance(self.oldest_queued_at, datetime.datetime):
            oldest_queued_at = self.oldest_queued_at.isoformat()
        else:
            oldest_queued_at = self.oldest_queued_at

        workers_polling = self.workers_polling

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "depth": depth,
                "pending": pending,
                "oldest_queued_at": oldest_queued_at,
                "workers_polling": workers_polling,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["work_queue_stats"], d.pop("type"))
        if type_ != "work_queue_stats":
            raise ValueError(f"type must match const 'work_queue_stats', got '{type_}'")

        depth = d.pop("depth")

        pending = d.pop("pending")

        def _parse_oldest_queued_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                oldest_queued_at_type_0 = datetime.datetime.fromisoformat(data)

                return oldest_queued_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        oldest_queued_at = _parse_oldest_queued_at(d.pop("oldest_queued_at"))

        workers_polling = d.pop("workers_polling")

        queue_stats = cls(
            type_=type_,
            depth=depth,
            pending=pending,
            oldest_queued_at=oldest_queued_at,
            workers_polling=workers_polling,
        )

        queue_stats.additional_properties = d
        return queue_stats

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
