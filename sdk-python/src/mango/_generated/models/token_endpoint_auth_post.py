# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TokenEndpointAuthPost")


@_attrs_define
class TokenEndpointAuthPost:
    """The client sends its secret in the token request's body.

    Attributes:
        type_ (Literal['client_secret_post']): Always `client_secret_post`.
        client_secret_set (bool): Whether a client secret is stored (its value is never returned).
    """

    type_: Literal["client_secret_post"]
    client_secret_set: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        client_secret_set = self.client_secret_set

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "client_secret_set": client_secret_set,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["client_secret_post"], d.pop("type"))
        if type_ != "client_secret_post":
            raise ValueError(f"type must match const 'client_secret_post', got '{type_}'")

        client_secret_set = d.pop("client_secret_set")

        token_endpoint_auth_post = cls(
            type_=type_,
            client_secret_set=client_secret_set,
        )

        token_endpoint_auth_post.additional_properties = d
        return token_endpoint_auth_post

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
