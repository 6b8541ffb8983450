# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TokenEndpointAuthNone")


@_attrs_define
class TokenEndpointAuthNone:
    """The token endpoint takes no client authentication (a public client).

    Attributes:
        type_ (Literal['none']): Always `none`.
    """

    type_: Literal["none"]

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
        type_ = cast(Literal["none"], d.pop("type"))
        if type_ != "none":
            raise ValueError(f"type must match const 'none', got '{type_}'")

        token_endpoint_auth_none = cls(
            type_=type_,
        )

        return token_endpoint_auth_none
