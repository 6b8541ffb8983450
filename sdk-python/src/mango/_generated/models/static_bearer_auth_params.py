# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="StaticBearerAuthParams")


@_attrs_define
class StaticBearerAuthParams:
    """A bearer token sent to one MCP server.

    Attributes:
        type_ (Literal['static_bearer']): Always `static_bearer`.
        mcp_server_url (str): The MCP server's URL (matched by scheme, host, port and path); without credentials in it.
        token (str): The token, sent as `Authorization: Bearer` (write-only).
    """

    type_: Literal["static_bearer"]
    mcp_server_url: str
    token: str

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        mcp_server_url = self.mcp_server_url

        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "mcp_server_url": mcp_server_url,
                "token": token,
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

        token = d.pop("token")

        static_bearer_auth_params = cls(
            type_=type_,
            mcp_server_url=mcp_server_url,
            token=token,
        )

        return static_bearer_auth_params
