# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="AlwaysAskPolicy")


@_attrs_define
class AlwaysAskPolicy:
    """Park the call until a `user.tool_confirmation` allows or denies it.

    Attributes:
        type_ (Literal['always_ask']): Always `always_ask`.
    """

    type_: Literal["always_ask"]

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
        type_ = cast(Literal["always_ask"], d.pop("type"))
        if type_ != "always_ask":
            raise ValueError(f"type must match const 'always_ask', got '{type_}'")

        always_ask_policy = cls(
            type_=type_,
        )

        return always_ask_policy
