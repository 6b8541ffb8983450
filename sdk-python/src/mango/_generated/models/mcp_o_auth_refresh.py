# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.token_endpoint_auth_basic import TokenEndpointAuthBasic
    from ..models.token_endpoint_auth_none import TokenEndpointAuthNone
    from ..models.token_endpoint_auth_post import TokenEndpointAuthPost


T = TypeVar("T", bound="McpOAuthRefresh")


@_attrs_define
class McpOAuthRefresh:
    """How the access token is refreshed (its secrets are never returned).

    Attributes:
        client_id (str): The OAuth client id.
        token_endpoint (str): The token endpoint.
        token_endpoint_auth (TokenEndpointAuthBasic | TokenEndpointAuthNone | TokenEndpointAuthPost): How the client
            authenticates to the token endpoint.
        scope (None | str): The scope asked for when refreshing.
        resource (None | str): The resource indicator sent when refreshing.
        refresh_token_set (bool): Whether a refresh token is stored (its value is never returned).
    """

    client_id: str
    token_endpoint: str
    token_endpoint_auth: TokenEndpointAuthBasic | TokenEndpointAuthNone | TokenEndpointAuthPost
    scope: None | str
    resource: None | str
    refresh_token_set: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.token_endpoint_auth_basic import TokenEndpointAuthBasic
        from ..models.token_endpoint_auth_none import TokenEndpointAuthNone

        client_id = self.client_id

        token_endpoint = self.token_endpoint

        token_endpoint_auth: dict[str, Any]
        if isinstance(self.token_endpoint_auth, TokenEndpointAuthNone) or isinstance(
            self.token_endpoint_auth, TokenEndpointAuthBasic
        ):
            token_endpoint_auth = self.token_endpoint_auth.to_dict()
        else:
            token_endpoint_auth = self.token_endpoint_auth.to_dict()

        scope: None | str
        scope = self.scope

        resource: None | str
        resource = self.resource

        refresh_token_set = self.refresh_token_set

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "client_id": client_id,
                "token_endpoint": token_endpoint,
                "token_endpoint_auth": token_endpoint_auth,
                "scope": scope,
                "resource": resource,
                "refresh_token_set": refresh_token_set,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.token_endpoint_auth_basic import TokenEndpointAuthBasic
        from ..models.token_endpoint_auth_none import TokenEndpointAuthNone
        from ..models.token_endpoint_auth_post import TokenEndpointAuthPost

        d = dict(src_dict)
        client_id = d.pop("client_id")

        token_endpoint = d.pop("token_endpoint")

        def _parse_token_endpoint_auth(
            data: object,
        ) -> TokenEndpointAuthBasic | TokenEndpointAuthNone | TokenEndpointAuthPost:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_token_endpoint_auth_type_0 = TokenEndpointAuthNone.from_dict(data)

                return componentsschemas_token_endpoint_auth_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_token_endpoint_auth_type_1 = TokenEndpointAuthBasic.from_dict(data)

                return componentsschemas_token_endpoint_auth_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_token_endpoint_auth_type_2 = TokenEndpointAuthPost.from_dict(data)

            return componentsschemas_token_endpoint_auth_type_2

        token_endpoint_auth = _parse_token_endpoint_auth(d.pop("token_endpoint_auth"))

        def _parse_scope(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        scope = _parse_scope(d.pop("scope"))

        def _parse_resource(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        resource = _parse_resource(d.pop("resource"))

        refresh_token_set = d.pop("refresh_token_set")

        mcp_o_auth_refresh = cls(
            client_id=client_id,
            token_endpoint=token_endpoint,
            token_endpoint_auth=token_endpoint_auth,
            scope=scope,
            resource=resource,
            refresh_token_set=refresh_token_set,
        )

        mcp_o_auth_refresh.additional_properties = d
        return mcp_o_auth_refresh

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
