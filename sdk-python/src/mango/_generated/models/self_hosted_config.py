# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SelfHostedConfig")


@_attrs_define
class SelfHostedConfig:
    """Tools run in operator-owned workers that poll the Environment's work queue.

    Attributes:
        type_ (Literal['self_hosted']): Always `self_hosted`.
    """

    type_: Literal["self_hosted"]

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
        type_ = cast(Literal["self_hosted"], d.pop("type"))
        if type_ != "self_hosted":
            raise ValueError(f"type must match const 'self_hosted', got '{type_}'")

        self_hosted_config = cls(
            type_=type_,
        )

        return self_hosted_config
