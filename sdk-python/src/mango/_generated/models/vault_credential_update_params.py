# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.environment_variable_auth_update_params import EnvironmentVariableAuthUpdateParams
    from ..models.mcp_o_auth_auth_update_params import McpOAuthAuthUpdateParams
    from ..models.metadata_patch import MetadataPatch
    from ..models.static_bearer_auth_update_params import StaticBearerAuthUpdateParams


T = TypeVar("T", bound="VaultCredentialUpdateParams")


@_attrs_define
class VaultCredentialUpdateParams:
    """The body of `vaults.credentials.update`; present fields replace the current values.

    Attributes:
        display_name (None | str | Unset): A new human name; null clears it.
        metadata (MetadataPatch | Unset): Metadata changes merged into the current pairs; a null value deletes the key.
        auth (EnvironmentVariableAuthUpdateParams | McpOAuthAuthUpdateParams | StaticBearerAuthUpdateParams | Unset):
            Changes to a credential's authentication; `type` must be the credential's type.
    """

    display_name: None | str | Unset = UNSET
    metadata: MetadataPatch | Unset = UNSET
    auth: EnvironmentVariableAuthUpdateParams | McpOAuthAuthUpdateParams | StaticBearerAuthUpdateParams | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.mcp_o_auth_auth_update_params import McpOAuthAuthUpdateParams
        from ..models.static_bearer_auth_update_params import StaticBearerAuthUpdateParams

        display_name: None | str | Unset
        if isinstance(self.display_name, Unset):
            display_name = UNSET
        else:
            display_name = self.display_name

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        auth: dict[str, Any] | Unset
        if isinstance(self.auth, Unset):
            auth = UNSET
        elif isinstance(self.auth, StaticBearerAuthUpdateParams) or isinstance(self.auth, McpOAuthAuthUpdateParams):
            auth = self.auth.to_dict()
        else:
            auth = self.auth.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if display_name is not UNSET:
            field_dict["display_name"] = display_name
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if auth is not UNSET:
            field_dict["auth"] = auth

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.environment_variable_auth_update_params import EnvironmentVariableAuthUpdateParams
        from ..models.mcp_o_auth_auth_update_params import McpOAuthAuthUpdateParams
        from ..models.metadata_patch import MetadataPatch
        from ..models.static_bearer_auth_update_params import StaticBearerAuthUpdateParams

        d = dict(src_dict)

        def _parse_display_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        display_name = _parse_display_name(d.pop("display_name", UNSET))

        _metadata = d.pop("metadata", UNSET)
        metadata: MetadataPatch | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = MetadataPatch.from_dict(_metadata)

        def _parse_auth(
            data: object,
        ) -> EnvironmentVariableAuthUpdateParams | McpOAuthAuthUpdateParams | StaticBearerAuthUpdateParams | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_credential_auth_update_params_type_0 = StaticBearerAuthUpdateParams.from_dict(data)

                return componentsschemas_credential_auth_update_params_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_credential_auth_update_params_type_1 = McpOAuthAuthUpdateParams.from_dict(data)

                return componentsschemas_credential_auth_update_params_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_credential_auth_update_params_type_2 = EnvironmentVariableAuthUpdateParams.from_dict(data)

            return componentsschemas_credential_auth_update_params_type_2

        auth = _parse_auth(d.pop("auth", UNSET))

        vault_credential_update_params = cls(
            display_name=display_name,
            metadata=metadata,
            auth=auth,
        )

        return vault_credential_update_params
