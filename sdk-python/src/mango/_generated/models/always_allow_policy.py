# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="AlwaysAllowPolicy")


@_attrs_define
class AlwaysAllowPolicy:
    """Run the tool without asking.

    Attributes:
        type_ (Literal['always_allow']): Always `always_allow`.
    """

    type_: Literal["always_allow"]

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
        type_ = cast(Literal["always_allow"], d.pop("type"))
        if type_ != "always_allow":
            raise ValueError(f"type must match const 'always_allow', got '{type_}'")

        always_allow_policy = cls(
            type_=type_,
        )

        return always_allow_policy
