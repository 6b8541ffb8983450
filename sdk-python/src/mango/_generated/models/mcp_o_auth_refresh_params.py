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


T = TypeVar("T", bound="McpOAuthRefreshParams")


@_attrs_define
class McpOAuthRefreshParams:
    """How the access token is refreshed at the authorization server.

    Attributes:
        client_id (str): The OAuth client id.
        refresh_token (str): The OAuth refresh token (write-only).
        token_endpoint (str): The authorization server's token endpoint (an absolute http or https URL).
        token_endpoint_auth (TokenEndpointAuthBasicParams | TokenEndpointAuthNone | TokenEndpointAuthPostParams): How
            the client authenticates to the token endpoint.
        scope (None | str | Unset): The scope to ask for when refreshing.
        resource (None | str | Unset): The resource indicator (RFC 8707) to send when refreshing.
    """

    client_id: str
    refresh_token: str
    token_endpoint: str
    token_endpoint_auth: TokenEndpointAuthBasicParams | TokenEndpointAuthNone | TokenEndpointAuthPostParams
    scope: None | str | Unset = UNSET
    resource: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.token_endpoint_auth_basic_params import TokenEndpointAuthBasicParams
        from ..models.token_endpoint_auth_none import TokenEndpointAuthNone

        client_id = self.client_id

        refresh_token = self.refresh_token

        token_endpoint = self.token_endpoint

        token_endpoint_auth: dict[str, Any]
        if isinstance(self.token_endpoint_auth, TokenEndpointAuthNone) or isinstance(
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

        field_dict.update(
            {
                "client_id": client_id,
                "refresh_token": refresh_token,
                "token_endpoint": token_endpoint,
                "token_endpoint_auth": token_endpoint_auth,
            }
        )
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
        client_id = d.pop("client_id")

        refresh_token = d.pop("refresh_token")

        token_endpoint = d.pop("token_endpoint")

        def _parse_token_endpoint_auth(
            data: object,
        ) -> TokenEndpointAuthBasicParams | TokenEndpointAuthNone | TokenEndpointAuthPostParams:
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

        token_endpoint_auth = _parse_token_endpoint_auth(d.pop("token_endpoint_auth"))

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

        mcp_o_auth_refresh_params = cls(
            client_id=client_id,
            refresh_token=refresh_token,
            token_endpoint=token_endpoint,
            token_endpoint_auth=token_endpoint_auth,
            scope=scope,
            resource=resource,
        )

        return mcp_o_auth_refresh_params
