# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="WorkStopParams")


@_attrs_define
class WorkStopParams:
    """The optional body of `environments.work.stop`.

    Attributes:
        force (bool | Unset): Stop at once (`stopped`) instead of asking (`stopping`). Default: False.
    """

    force: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        force = self.force

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if force is not UNSET:
            field_dict["force"] = force

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        force = d.pop("force", UNSET)

        work_stop_params = cls(
            force=force,
        )

        return work_stop_params
