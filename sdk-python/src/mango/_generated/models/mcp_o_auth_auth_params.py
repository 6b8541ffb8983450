# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.mcp_o_auth_refresh_params import McpOAuthRefreshParams


T = TypeVar("T", bound="McpOAuthAuthParams")


@_attrs_define
class McpOAuthAuthParams:
    """An OAuth access token for one MCP server, with its expiry and optionally how to refresh it.

    Attributes:
        type_ (Literal['mcp_oauth']): Always `mcp_oauth`.
        mcp_server_url (str): The MCP server's URL (matched by scheme, host, port and path); without credentials in it.
        access_token (str): The access token (write-only).
        expires_at (datetime.datetime | None | Unset): When the access token expires (in the future); null when unknown.
        refresh (McpOAuthRefreshParams | None | Unset): How to refresh the access token; null or absent when it cannot
            be refreshed.
    """

    type_: Literal["mcp_oauth"]
    mcp_server_url: str
    access_token: str
    expires_at: datetime.datetime | None | Unset = UNSET
    refresh: McpOAuthRefreshParams | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.mcp_o_auth_refresh_params import McpOAuthRefreshParams

        type_ = self.type_

        mcp_server_url = self.mcp_server_url

        access_token = self.access_token

        expires_at: None | str | Unset
        if isinstance(self.expires_at, Unset):
            expires_at = UNSET
        elif isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        refresh: dict[str, Any] | None | Unset
        if isinstance(self.refresh, Unset):
            refresh = UNSET
        elif isinstance(self.refresh, McpOAuthRefreshParams):
            refresh = self.refresh.to_dict()
        else:
            refresh = self.refresh

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "mcp_server_url": mcp_server_url,
                "access_token": access_token,
            }
        )
        if expires_at is not UNSET:
            field_dict["expires_at"] = expires_at
        if refresh is not UNSET:
            field_dict["refresh"] = refresh

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.mcp_o_auth_refresh_params import McpOAuthRefreshParams

        d = dict(src_dict)
        type_ = cast(Literal["mcp_oauth"], d.pop("type"))
        if type_ != "mcp_oauth":
            raise ValueError(f"type must match const 'mcp_oauth', got '{type_}'")

        mcp_server_url = d.pop("mcp_server_url")

        access_token = d.pop("access_token")

        def _parse_expires_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        expires_at = _parse_expires_at(d.pop("expires_at", UNSET))

        def _parse_refresh(data: object) -> McpOAuthRefreshParams | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                refresh_type_0 = McpOAuthRefreshParams.from_dict(data)

                return refresh_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(McpOAuthRefreshParams | None | Unset, data)

        refresh = _parse_refresh(d.pop("refresh", UNSET))

        mcp_o_auth_auth_params = cls(
            type_=type_,
            mcp_server_url=mcp_server_url,
            access_token=access_token,
            expires_at=expires_at,
            refresh=refresh,
        )

        return mcp_o_auth_auth_params
