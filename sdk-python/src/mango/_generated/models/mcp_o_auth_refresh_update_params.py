# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.token_endpoint_auth_basic_params import TokenEndpointAuthBasicParams
    from ..models.token_endpoint_auth_none import TokenEndpointAuthNone
    from ..models.token_endpoint_auth_post_params import TokenEndpointAuthPostParams


T = TypeVar("T", bound="McpOAuthRefreshUpdateParams")


@_attrs_define
class McpOAuthRefreshUpdateParams:
    """Changes to the refresh settings; present fields replace the stored ones (settings added to a credential without them
    must be complete).

        Attributes:
            client_id (str | Unset): A new OAuth client id.
            refresh_token (str | Unset): A new refresh token (write-only).
            token_endpoint (str | Unset): A new token endpoint.
            token_endpoint_auth (TokenEndpointAuthBasicParams | TokenEndpointAuthNone | TokenEndpointAuthPostParams |
                Unset): How the client authenticates to the token endpoint.
            scope (None | str | Unset): A new scope; null clears it.
            resource (None | str | Unset): A new resource indicator; null clears it.
    """

    client_id: str | Unset = UNSET
    refresh_token: str | Unset = UNSET
    token_endpoint: str | Unset = UNSET
    token_endpoint_auth: TokenEndpointAuthBasicParams | TokenEndpointAuthNone | TokenEndpointAuthPostParams | Unset = (
        UNSET
    )
    scope: None | str | Unset = UNSET
    resource: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.token_endpoint_auth_basic_params import TokenEndpointAuthBasicParams
        from ..models.token_endpoint_auth_none import TokenEndpointAuthNone

        client_id = self.client_id

        refresh_token = self.refresh_token

        token_endpoint = self.token_endpoint

        token_endpoint_auth: dict[str, Any] | Unset
        if isinstance(self.token_endpoint_auth, Unset):
            token_endpoint_auth = UNSET
        elif isinstance(self.token_endpoint_auth, TokenEndpointAuthNone) or isinstance(
            self.token_endpoint_auth, TokenEndpointAuthBasicParams
        ):
            token_endpoint_auth = self.token_endpoint_auth.to_dict()
        else:
            token_endpoint_auth = self.token_endpoint_auth.to_dict()

        scope: None | str | Unset
        if isinstance(self.scope, Unset):
            scope = UNSET
        else:
            scope = self.scope

        resource: None | str | Unset
        if isinstance(self.resource, Unset):
            resource = UNSET
        else:
            resource = self.resource

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if client_id is not UNSET:
            field_dict["client_id"] = client_id
        if refresh_token is not UNSET:
            field_dict["refresh_token"] = refresh_token
        if token_endpoint is not UNSET:
            field_dict["token_endpoint"] = token_endpoint
        if token_endpoint_auth is not UNSET:
            field_dict["token_endpoint_auth"] = token_endpoint_auth
        if scope is not UNSET:
            field_dict["scope"] = scope
        if resource is not UNSET:
            field_dict["resource"] = resource

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.token_endpoint_auth_basic_params import TokenEndpointAuthBasicParams
        from ..models.token_endpoint_auth_none import TokenEndpointAuthNone
        from ..models.token_endpoint_auth_post_params import TokenEndpointAuthPostParams

        d = dict(src_dict)
        client_id = d.pop("client_id", UNSET)

        refresh_token = d.pop("refresh_token", UNSET)

        token_endpoint = d.pop("token_endpoint", UNSET)

        def _parse_token_endpoint_auth(
            data: object,
        ) -> TokenEndpointAuthBasicParams | TokenEndpointAuthNone | TokenEndpointAuthPostParams | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_token_endpoint_auth_params_type_0 = TokenEndpointAuthNone.from_dict(data)

                return componentsschemas_token_endpoint_auth_params_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_token_endpoint_auth_params_type_1 = TokenEndpointAuthBasicParams.from_dict(data)

                return componentsschemas_token_endpoint_auth_params_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_token_endpoint_auth_params_type_2 = TokenEndpointAuthPostParams.from_dict(data)

            return componentsschemas_token_endpoint_auth_params_type_2

        token_endpoint_auth = _parse_token_endpoint_auth(d.pop("token_endpoint_auth", UNSET))

        def _parse_scope(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        scope = _parse_scope(d.pop("scope", UNSET))

        def _parse_resource(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        resource = _parse_resource(d.pop("resource", UNSET))

        mcp_o_auth_refresh_update_params = cls(
            client_id=client_id,
            refresh_token=refresh_token,
            token_endpoint=token_endpoint,
            token_endpoint_auth=token_endpoint_auth,
            scope=scope,
            resource=resource,
        )

        return mcp_o_auth_refresh_update_params
