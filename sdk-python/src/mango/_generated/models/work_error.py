# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.work_error_type import WorkErrorType, check_work_error_type

T = TypeVar("T", bound="WorkError")


@_attrs_define
class WorkError:
    """The terminal failure reported with `environments.work.fail`.

    Attributes:
        type_ (WorkErrorType): The failure type.
        message (str): What could not be prepared; shown in the `session.error` event. No secrets.
    """

    type_: WorkErrorType
    message: str

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        message = self.message

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = check_work_error_type(d.pop("type"))

        message = d.pop("message")

        work_error = cls(
            type_=type_,
            message=message,
        )

        return work_error
