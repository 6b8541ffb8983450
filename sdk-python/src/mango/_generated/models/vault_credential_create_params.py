# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.environment_variable_auth_params import EnvironmentVariableAuthParams
    from ..models.mcp_o_auth_auth_params import McpOAuthAuthParams
    from ..models.metadata import Metadata
    from ..models.static_bearer_auth_params import StaticBearerAuthParams


T = TypeVar("T", bound="VaultCredentialCreateParams")


@_attrs_define
class VaultCredentialCreateParams:
    """The body of `vaults.credentials.create`.

    Attributes:
        auth (EnvironmentVariableAuthParams | McpOAuthAuthParams | StaticBearerAuthParams): What a new credential
            authenticates with.
        display_name (None | str | Unset): A human name.
        metadata (Metadata | Unset): Up to 16 string pairs; keys up to 64 characters, values up to 512.
    """

    auth: EnvironmentVariableAuthParams | McpOAuthAuthParams | StaticBearerAuthParams
    display_name: None | str | Unset = UNSET
    metadata: Metadata | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.mcp_o_auth_auth_params import McpOAuthAuthParams
        from ..models.static_bearer_auth_params import StaticBearerAuthParams

        auth: dict[str, Any]
        if isinstance(self.auth, StaticBearerAuthParams) or isinstance(self.auth, McpOAuthAuthParams):
            auth = self.auth.to_dict()
        else:
            auth = self.auth.to_dict()

        display_name: None | str | Unset
        if isinstance(self.display_name, Unset):
            display_name = UNSET
        else:
            display_name = self.display_name

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "auth": auth,
            }
        )
        if display_name is not UNSET:
            field_dict["display_name"] = display_name
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.environment_variable_auth_params import EnvironmentVariableAuthParams
        from ..models.mcp_o_auth_auth_params import McpOAuthAuthParams
        from ..models.metadata import Metadata
        from ..models.static_bearer_auth_params import StaticBearerAuthParams

        d = dict(src_dict)

        def _parse_auth(data: object) -> EnvironmentVariableAuthParams | McpOAuthAuthParams | StaticBearerAuthParams:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_credential_auth_params_type_0 = StaticBearerAuthParams.from_dict(data)

                return componentsschemas_credential_auth_params_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_credential_auth_params_type_1 = McpOAuthAuthParams.from_dict(data)

                return componentsschemas_credential_auth_params_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_credential_auth_params_type_2 = EnvironmentVariableAuthParams.from_dict(data)

            return componentsschemas_credential_auth_params_type_2

        auth = _parse_auth(d.pop("auth"))

        def _parse_display_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        display_name = _parse_display_name(d.pop("display_name", UNSET))

        _metadata = d.pop("metadata", UNSET)
        metadata: Metadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = Metadata.from_dict(_metadata)

        vault_credential_create_params = cls(
            auth=auth,
            display_name=display_name,
            metadata=metadata,
        )

        return vault_credential_create_params
