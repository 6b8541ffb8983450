# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.healthcheck_result_params_status import (
    HealthcheckResultParamsStatus,
    check_healthcheck_result_params_status,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="HealthcheckResultParams")


@_attrs_define
class HealthcheckResultParams:
    """The body of `environments.work.healthcheck.result`.

    Attributes:
        status (HealthcheckResultParamsStatus): The worker's verdict.
        message (None | str | Unset): A short explanation.
        worker_id (None | str | Unset): The reporting worker's id.
        worker_version (None | str | Unset): The reporting worker's version.
    """

    status: HealthcheckResultParamsStatus
    message: None | str | Unset = UNSET
    worker_id: None | str | Unset = UNSET
    worker_version: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        status: str = self.status

        message: None | str | Unset
        if isinstance(self.message, Unset):
            message = UNSET
        else:
            message = self.message

        worker_id: None | str | Unset
        if isinstance(self.worker_id, Unset):
            worker_id = UNSET
        else:
            worker_id = self.worker_id

        worker_version: None | str | Unset
        if isinstance(self.worker_version, Unset):
            worker_version = UNSET
        else:
            worker_version = self.worker_version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
            }
        )
        if message is not UNSET:
            field_dict["message"] = message
        if worker_id is not UNSET:
            field_dict["worker_id"] = worker_id
        if worker_version is not UNSET:
            field_dict["worker_version"] = worker_version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = check_healthcheck_result_params_status(d.pop("status"))

        def _parse_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        message = _parse_message(d.pop("message", UNSET))

        def _parse_worker_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        worker_id = _parse_worker_id(d.pop("worker_id", UNSET))

        def _parse_worker_version(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        worker_version = _parse_worker_version(d.pop("worker_version", UNSET))

        healthcheck_result_params = cls(
            status=status,
            message=message,
            worker_id=worker_id,
            worker_version=worker_version,
        )

        return healthcheck_result_params
