# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.mcp_o_auth_refresh import McpOAuthRefresh


T = TypeVar("T", bound="McpOAuthAuth")


@_attrs_define
class McpOAuthAuth:
    """An OAuth access token for one MCP server (its secrets are never returned).

    Attributes:
        type_ (Literal['mcp_oauth']): Always `mcp_oauth`.
        mcp_server_url (str): The MCP server's URL.
        expires_at (datetime.datetime | None): When the access token expires; null when unknown.
        refresh (McpOAuthRefresh | None): How the access token is refreshed; null when it cannot be.
        access_token_set (bool): Whether an access token is stored (false once its vault is archived).
    """

    type_: Literal["mcp_oauth"]
    mcp_server_url: str
    expires_at: datetime.datetime | None
    refresh: McpOAuthRefresh | None
    access_token_set: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.mcp_o_auth_refresh import McpOAuthRefresh

        type_ = self.type_

        mcp_server_url = self.mcp_server_url

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        refresh: dict[str, Any] | None
        if isinstance(self.refresh, McpOAuthRefresh):
            refresh = self.refresh.to_dict()
        else:
            refresh = self.refresh

        access_token_set = self.access_token_set

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "mcp_server_url": mcp_server_url,
                "expires_at": expires_at,
                "refresh": refresh,
                "access_token_set": access_token_set,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.mcp_o_auth_refresh import McpOAuthRefresh

        d = dict(src_dict)
        type_ = cast(Literal["mcp_oauth"], d.pop("type"))
        if type_ != "mcp_oauth":
            raise ValueError(f"type must match const 'mcp_oauth', got '{type_}'")

        mcp_server_url = d.pop("mcp_server_url")

        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        def _parse_refresh(data: object) -> McpOAuthRefresh | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                refresh_type_0 = McpOAuthRefresh.from_dict(data)

                return refresh_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(McpOAuthRefresh | None, data)

        refresh = _parse_refresh(d.pop("refresh"))

        access_token_set = d.pop("access_token_set")

        mcp_o_auth_auth = cls(
            type_=type_,
            mcp_server_url=mcp_server_url,
            expires_at=expires_at,
            refresh=refresh,
            access_token_set=access_token_set,
        )

        mcp_o_auth_auth.additional_properties = d
        return mcp_o_auth_auth

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
