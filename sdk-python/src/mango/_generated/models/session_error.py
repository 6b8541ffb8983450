# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.retry_status import RetryStatus


T = TypeVar("T", bound="SessionError")


@_attrs_define
class SessionError:
    """A Session error.

    Attributes:
        type_ (str): Error type, for example `model_overloaded_error`, `model_rate_limited_error`,
            `model_request_failed_error`, `mcp_connection_failed_error`, `session_input_failed_error`, `unknown_error`.
            Clients must accept unknown types.
        message (str): A human-readable explanation.
        retry_status (RetryStatus): What happens after a Session error.
        mcp_server_name (None | str | Unset): The MCP server concerned, for MCP errors.
    """

    type_: str
    message: str
    retry_status: RetryStatus
    mcp_server_name: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        message = self.message

        retry_status = self.retry_status.to_dict()

        mcp_server_name: None | str | Unset
        if isinstance(self.mcp_server_name, Unset):
            mcp_server_name = UNSET
        else:
            mcp_server_name = self.mcp_server_name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "message": message,
                "retry_status": retry_status,
            }
        )
        if mcp_server_name is not UNSET:
            field_dict["mcp_server_name"] = mcp_server_name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.retry_status import RetryStatus

        d = dict(src_dict)
        type_ = d.pop("type")

        message = d.pop("message")

        retry_status = RetryStatus.from_dict(d.pop("retry_status"))

        def _parse_mcp_server_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        mcp_server_name = _parse_mcp_server_name(d.pop("mcp_server_name", UNSET))

        session_error = cls(
            type_=type_,
            message=message,
            retry_status=retry_status,
            mcp_server_name=mcp_server_name,
        )

        session_error.additional_properties = d
        return session_error

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
