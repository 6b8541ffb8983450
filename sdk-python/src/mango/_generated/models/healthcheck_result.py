# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.healthcheck_result_status import HealthcheckResultStatus, check_healthcheck_result_status
from ..types import UNSET, Unset

T = TypeVar("T", bound="HealthcheckResult")


@_attrs_define
class HealthcheckResult:
    """A healthcheck result as recorded.

    Attributes:
        status (HealthcheckResultStatus): The worker's verdict.
        message (None | str): A short explanation.
        worker_id (None | str): The reporting worker's id.
        reported_at (datetime.datetime): When the result was recorded.
        worker_version (None | str | Unset): The reporting worker's version.
    """

    status: HealthcheckResultStatus
    message: None | str
    worker_id: None | str
    reported_at: datetime.datetime
    worker_version: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status: str = self.status

        message: None | str
        message = self.message

        worker_id: None | str
        worker_id = self.worker_id

        reported_at = self.reported_at.isoformat()

        worker_version: None | str | Unset
        if isinstance(self.worker_version, Unset):
            worker_version = UNSET
        else:
            worker_version = self.worker_version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "message": message,
                "worker_id": worker_id,
                "reported_at": reported_at,
            }
        )
        if worker_version is not UNSET:
            field_dict["worker_version"] = worker_version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = check_healthcheck_result_status(d.pop("status"))

        def _parse_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        message = _parse_message(d.pop("message"))

        def _parse_worker_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        worker_id = _parse_worker_id(d.pop("worker_id"))

        reported_at = datetime.datetime.fromisoformat(d.pop("reported_at"))

        def _parse_worker_version(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        worker_version = _parse_worker_version(d.pop("worker_version", UNSET))

        healthcheck_result = cls(
            status=status,
            message=message,
            worker_id=worker_id,
            reported_at=reported_at,
            worker_version=worker_version,
        )

        healthcheck_result.additional_properties = d
        return healthcheck_result

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
