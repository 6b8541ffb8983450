# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="McpServer")


@_attrs_define
class McpServer:
    """A remote MCP server reached over streamable HTTP. Its credentials come from the Session's vaults (matched by URL),
    never from the URL itself.

        Attributes:
            type_ (Literal['url']): Always `url`.
            name (str): A name unique within the Agent, referenced by `mcp_toolset`.
            url (str): The server's streamable HTTP endpoint. A URL carrying a credential (`user:pass@`, or a query
                parameter such as `token`, `access_token`, `api_key`, `apikey`, `key`, `secret`, `password` or `auth`) answers
                400: put the credential in a vault.
    """

    type_: Literal["url"]
    name: str
    url: str

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        name = self.name

        url = self.url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "name": name,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["url"], d.pop("type"))
        if type_ != "url":
            raise ValueError(f"type must match const 'url', got '{type_}'")

        name = d.pop("name")

        url = d.pop("url")

        mcp_server = cls(
            type_=type_,
            name=name,
            url=url,
        )

        return mcp_server
