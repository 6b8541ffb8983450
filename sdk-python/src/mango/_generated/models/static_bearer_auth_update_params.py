# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="StaticBearerAuthUpdateParams")


@_attrs_define
class StaticBearerAuthUpdateParams:
    """Changes to a `static_bearer` credential.

    Attributes:
        type_ (Literal['static_bearer']): Always `static_bearer` (the credential's type).
        token (str | Unset): A new token (write-only).
    """

    type_: Literal["static_bearer"]
    token: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if token is not UNSET:
            field_dict["token"] = token

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["static_bearer"], d.pop("type"))
        if type_ != "static_bearer":
            raise ValueError(f"type must match const 'static_bearer', got '{type_}'")

        token = d.pop("token", UNSET)

        static_bearer_auth_update_params = cls(
            type_=type_,
            token=token,
        )

        return static_bearer_auth_update_params
