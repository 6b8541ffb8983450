# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ServerToolUsage")


@_attrs_define
class ServerToolUsage:
    """Provider-executed tool calls.

    Attributes:
        web_search_requests (int): Web searches run by the provider.
        web_fetch_requests (int): Web fetches run by the provider.
    """

    web_search_requests: int
    web_fetch_requests: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        web_search_requests = self.web_search_requests

        web_fetch_requests = self.web_fetch_requests

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "web_search_requests": web_search_requests,
                "web_fetch_requests": web_fetch_requests,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        web_search_requests = d.pop("web_search_requests")

        web_fetch_requests = d.pop("web_fetch_requests")

        server_tool_usage = cls(
            web_search_requests=web_search_requests,
            web_fetch_requests=web_fetch_requests,
        )

        server_tool_usage.additional_properties = d
        return server_tool_usage

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
