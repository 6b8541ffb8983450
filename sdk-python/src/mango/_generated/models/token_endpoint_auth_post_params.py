# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TokenEndpointAuthPostParams")


@_attrs_define
class TokenEndpointAuthPostParams:
    """The client sends its secret in the token request's body.

    Attributes:
        type_ (Literal['client_secret_post']): Always `client_secret_post`.
        client_secret (str): The OAuth client secret (write-only).
    """

    type_: Literal["client_secret_post"]
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
        type_ = cast(Literal["client_secret_post"], d.pop("type"))
        if type_ != "client_secret_post":
            raise ValueError(f"type must match const 'client_secret_post', got '{type_}'")

        client_secret = d.pop("client_secret")

        token_endpoint_auth_post_params = cls(
            type_=type_,
            client_secret=client_secret,
        )

        return token_endpoint_auth_post_params
