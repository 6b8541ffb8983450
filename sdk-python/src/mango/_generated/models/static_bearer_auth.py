# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="StaticBearerAuth")


@_attrs_define
class StaticBearerAuth:
    """A bearer token sent to one MCP server (never returned).

    Attributes:
        type_ (Literal['static_bearer']): Always `static_bearer`.
        mcp_server_url (str): The MCP server's URL.
        token_set (bool): Whether a token is stored (false once its vault is archived).
    """

    type_: Literal["static_bearer"]
    mcp_server_url: str
    token_set: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        mcp_server_url = self.mcp_server_url

        token_set = self.token_set

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "mcp_server_url": mcp_server_url,
                "token_set": token_set,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["static_bearer"], d.pop("type"))
        if type_ != "static_bearer":
            raise ValueError(f"type must match const 'static_bearer', got '{type_}'")

        mcp_server_url = d.pop("mcp_server_url")

        token_set = d.pop("token_set")

        static_bearer_auth = cls(
            type_=type_,
            mcp_server_url=mcp_server_url,
            token_set=token_set,
        )

        static_bearer_auth.additional_properties = d
        return static_bearer_auth

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
