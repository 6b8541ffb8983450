# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.work_error import WorkError


T = TypeVar("T", bound="WorkFailParams")


@_attrs_define
class WorkFailParams:
    """The body of `environments.work.fail`.

    Attributes:
        error (WorkError): The terminal failure reported with `environments.work.fail`.
    """

    error: WorkError

    def to_dict(self) -> dict[str, Any]:
        error = self.error.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.work_error import WorkError

        d = dict(src_dict)
        error = WorkError.from_dict(d.pop("error"))

        work_fail_params = cls(
            error=error,
        )

        return work_fail_params
