# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TokenEndpointAuthBasicParams")


@_attrs_define
class TokenEndpointAuthBasicParams:
    """The client authenticates to the token endpoint with HTTP Basic.

    Attributes:
        type_ (Literal['client_secret_basic']): Always `client_secret_basic`.
        client_secret (str): The OAuth client secret (write-only).
    """

    type_: Literal["client_secret_basic"]
    client_secret: str

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        client_secret = self.client_secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "client_secret": client_secret,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["client_secret_basic"], d.pop("type"))
        if type_ != "client_secret_basic":
            raise ValueError(f"type must match const 'client_secret_basic', got '{type_}'")

        client_secret = d.pop("client_secret")

        token_endpoint_auth_basic_params = cls(
            type_=type_,
            client_secret=client_secret,
        )

        return token_endpoint_auth_basic_params
