# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="AutoPolicy")


@_attrs_define
class AutoPolicy:
    """A bounded evaluator decides allow, ask or deny per call, failing safe to ask.

    Attributes:
        type_ (Literal['auto']): Always `auto`.
    """

    type_: Literal["auto"]

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["auto"], d.pop("type"))
        if type_ != "auto":
            raise ValueError(f"type must match const 'auto', got '{type_}'")

        auto_policy = cls(
            type_=type_,
        )

        return auto_policy
