# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CredentialFailedStopReason")


@_attrs_define
class CredentialFailedStopReason:
    """An MCP server's credential failed (its refresh was refused or it has expired) and the turn cannot continue without
    it. The turn is paused, not ended; updating the credential in its vault (`vaults.credentials.update`) resumes it.

        Attributes:
            type_ (Literal['credential_failed']): Always `credential_failed`.
            mcp_server_name (str): The Agent's MCP server whose credential failed.
            vault_id (None | str): The vault holding the credential; null when no vault of the Session holds one for the
                server.
            credential_id (None | str): The failed credential; null when no vault of the Session holds one for the server.
            message (str): Why the credential failed.
    """

    type_: Literal["credential_failed"]
    mcp_server_name: str
    vault_id: None | str
    credential_id: None | str
    message: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        mcp_server_name = self.mcp_server_name

        vault_id: None | str
        vault_id = self.vault_id

        credential_id: None | str
        credential_id = self.credential_id

        message = self.message

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "mcp_server_name": mcp_server_name,
                "vault_id": vault_id,
                "credential_id": credential_id,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["credential_failed"], d.pop("type"))
        if type_ != "credential_failed":
            raise ValueError(f"type must match const 'credential_failed', got '{type_}'")

        mcp_server_name = d.pop("mcp_server_name")

        def _parse_vault_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        vault_id = _parse_vault_id(d.pop("vault_id"))

        def _parse_credential_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        credential_id = _parse_credential_id(d.pop("credential_id"))

        message = d.pop("message")

        credential_failed_stop_reason = cls(
            type_=type_,
            mcp_server_name=mcp_server_name,
            vault_id=vault_id,
            credential_id=credential_id,
            message=message,
        )

        credential_failed_stop_reason.additional_properties = d
        return credential_failed_stop_reason

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
