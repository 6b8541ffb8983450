# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.mcp_server_error import McpServerError


T = TypeVar("T", bound="McpServerHealth")


@_attrs_define
class McpServerHealth:
    """What a Thread's contacts with one MCP server showed.

    Attributes:
        mcp_server_name (str): The Agent's name for the server.
        last_discovered_at (datetime.datetime | None): When the Thread's last successful discovery (`initialize` +
            `tools/list`) of the server was; null when none succeeded.
        last_error (McpServerError | None): The last failure with the server (a failed discovery, a credential that
            could not be refreshed, a call whose connection failed); null when none. It stays after a later success; compare
            `at` with `last_discovered_at`.
    """

    mcp_server_name: str
    last_discovered_at: datetime.datetime | None
    last_error: McpServerError | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.mcp_server_error import McpServerError

        mcp_server_name = self.mcp_server_name

        last_discovered_at: None | str
        if isinstance(self.last_discovered_at, datetime.datetime):
            last_discovered_at = self.last_discovered_at.isoformat()
        else:
            last_discovered_at = self.last_discovered_at

        last_error: dict[str, Any] | None
        if isinstance(self.last_error, McpServerError):
            last_error = self.last_error.to_dict()
        else:
            last_error = self.last_error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "mcp_server_name": mcp_server_name,
                "last_discovered_at": last_discovered_at,
                "last_error": last_error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.mcp_server_error import McpServerError

        d = dict(src_dict)
        mcp_server_name = d.pop("mcp_server_name")

        def _parse_last_discovered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_discovered_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_discovered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_discovered_at = _parse_last_discovered_at(d.pop("last_discovered_at"))

        def _parse_last_error(data: object) -> McpServerError | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_error_type_0 = McpServerError.from_dict(data)

                return last_error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(McpServerError | None, data)

        last_error = _parse_last_error(d.pop("last_error"))

        mcp_server_health = cls(
            mcp_server_name=mcp_server_name,
            last_discovered_at=last_discovered_at,
            last_error=last_error,
        )

        mcp_server_health.additional_properties = d
        return mcp_server_health

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
