# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.environment_variable_auth import EnvironmentVariableAuth
    from ..models.mcp_o_auth_auth import McpOAuthAuth
    from ..models.metadata import Metadata
    from ..models.static_bearer_auth import StaticBearerAuth


T = TypeVar("T", bound="VaultCredential")


@_attrs_define
class VaultCredential:
    """A credential of a vault. Secret fields are write-only; responses say only whether each is set.

    Attributes:
        type_ (Literal['vault_credential']): Always `vault_credential`.
        id (str): The credential id (`vcrd_...`).
        vault_id (str): The vault.
        display_name (None | str): A human name.
        metadata (Metadata): Up to 16 string pairs; keys up to 64 characters, values up to 512.
        auth (EnvironmentVariableAuth | McpOAuthAuth | StaticBearerAuth): What a credential authenticates with; secret
            fields appear only as `*_set` flags.
        created_at (datetime.datetime): Creation time.
        updated_at (datetime.datetime): Last update time.
        archived_at (datetime.datetime | None): When it was archived (with its vault).
    """

    type_: Literal["vault_credential"]
    id: str
    vault_id: str
    display_name: None | str
    metadata: Metadata
    auth: EnvironmentVariableAuth | McpOAuthAuth | StaticBearerAuth
    created_at: datetime.datetime
    updated_at: datetime.datetime
    archived_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.mcp_o_auth_auth import McpOAuthAuth
        from ..models.static_bearer_auth import StaticBearerAuth

        type_ = self.type_

        id = self.id

        vault_id = self.vault_id

        display_name: None | str
        display_name = self.display_name

        metadata = self.metadata.to_dict()

        auth: dict[str, Any]
        if isinstance(self.auth, StaticBearerAuth) or isinstance(self.auth, McpOAuthAuth):
            auth = self.auth.to_dict()
        else:
            auth = self.auth.to_dict()

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        archived_at: None | str
        if isinstance(self.archived_at, datetime.datetime):
            archived_at = self.archived_at.isoformat()
        else:
            archived_at = self.archived_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "vault_id": vault_id,
                "display_name": display_name,
                "metadata": metadata,
                "auth": auth,
                "created_at": created_at,
                "updated_at": updated_at,
                "archived_at": archived_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.environment_variable_auth import EnvironmentVariableAuth
        from ..models.mcp_o_auth_auth import McpOAuthAuth
        from ..models.metadata import Metadata
        from ..models.static_bearer_auth import StaticBearerAuth

        d = dict(src_dict)
        type_ = cast(Literal["vault_credential"], d.pop("type"))
        if type_ != "vault_credential":
            raise ValueError(f"type must match const 'vault_credential', got '{type_}'")

        id = d.pop("id")

        vault_id = d.pop("vault_id")

        def _parse_display_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        display_name = _parse_display_name(d.pop("display_name"))

        metadata = Metadata.from_dict(d.pop("metadata"))

        def _parse_auth(data: object) -> EnvironmentVariableAuth | McpOAuthAuth | StaticBearerAuth:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_credential_auth_type_0 = StaticBearerAuth.from_dict(data)

                return componentsschemas_credential_auth_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_credential_auth_type_1 = McpOAuthAuth.from_dict(data)

                return componentsschemas_credential_auth_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_credential_auth_type_2 = EnvironmentVariableAuth.from_dict(data)

            return componentsschemas_credential_auth_type_2

        auth = _parse_auth(d.pop("auth"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        def _parse_archived_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                archived_at_type_0 = datetime.datetime.fromisoformat(data)

                return archived_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        archived_at = _parse_archived_at(d.pop("archived_at"))

        vault_credential = cls(
            type_=type_,
            id=id,
            vault_id=vault_id,
            display_name=display_name,
            metadata=metadata,
            auth=auth,
            created_at=created_at,
            updated_at=updated_at,
            archived_at=archived_at,
        )

        vault_credential.additional_properties = d
        return vault_credential

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
