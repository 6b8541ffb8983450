# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.mcp_o_auth_refresh_update_params import McpOAuthRefreshUpdateParams


T = TypeVar("T", bound="McpOAuthAuthUpdateParams")


@_attrs_define
class McpOAuthAuthUpdateParams:
    """Changes to an `mcp_oauth` credential.

    Attributes:
        type_ (Literal['mcp_oauth']): Always `mcp_oauth` (the credential's type).
        access_token (str | Unset): A new access token (write-only); send its `expires_at` too or the old expiry is
            kept.
        expires_at (datetime.datetime | None | Unset): A new expiry (in the future); null when unknown.
        refresh (McpOAuthRefreshUpdateParams | None | Unset): Changes to the refresh settings; null removes them.
    """

    type_: Literal["mcp_oauth"]
    access_token: str | Unset = UNSET
    expires_at: datetime.datetime | None | Unset = UNSET
    refresh: McpOAuthRefreshUpdateParams | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.mcp_o_auth_refresh_update_params import McpOAuthRefreshUpdateParams

        type_ = self.type_

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
        elif isinstance(self.refresh, McpOAuthRefreshUpdateParams):
            refresh = self.refresh.to_dict()
        else:
            refresh = self.refresh

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if access_token is not UNSET:
            field_dict["access_token"] = access_token
        if expires_at is not UNSET:
            field_dict["expires_at"] = expires_at
        if refresh is not UNSET:
            field_dict["refresh"] = refresh

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.mcp_o_auth_refresh_update_params import McpOAuthRefreshUpdateParams

        d = dict(src_dict)
        type_ = cast(Literal["mcp_oauth"], d.pop("type"))
        if type_ != "mcp_oauth":
            raise ValueError(f"type must match const 'mcp_oauth', got '{type_}'")

        access_token = d.pop("access_token", UNSET)

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

        def _parse_refresh(data: object) -> McpOAuthRefreshUpdateParams | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                refresh_type_0 = McpOAuthRefreshUpdateParams.from_dict(data)

                return refresh_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(McpOAuthRefreshUpdateParams | None | Unset, data)

        refresh = _parse_refresh(d.pop("refresh", UNSET))

        mcp_o_auth_auth_update_params = cls(
            type_=type_,
            access_token=access_token,
            expires_at=expires_at,
            refresh=refresh,
        )

        return mcp_o_auth_auth_update_params
