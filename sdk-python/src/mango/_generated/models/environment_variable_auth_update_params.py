# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.credential_networking import CredentialNetworking
    from ..models.injection_location_params import InjectionLocationParams


T = TypeVar("T", bound="EnvironmentVariableAuthUpdateParams")


@_attrs_define
class EnvironmentVariableAuthUpdateParams:
    """Changes to an `environment_variable` credential.

    Attributes:
        type_ (Literal['environment_variable']): Always `environment_variable` (the credential's type).
        secret_value (str | Unset): A new secret (write-only).
        networking (CredentialNetworking | Unset): The hosts an `environment_variable` secret may be sent to: requests
            to any other host never carry it.
        injection_location (InjectionLocationParams | Unset): Where in an outbound request the secret may be substituted
            (absent fields keep their value; at creation `header` defaults to true and `body` to false).
    """

    type_: Literal["environment_variable"]
    secret_value: str | Unset = UNSET
    networking: CredentialNetworking | Unset = UNSET
    injection_location: InjectionLocationParams | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        secret_value = self.secret_value

        networking: dict[str, Any] | Unset = UNSET
        if not isinstance(self.networking, Unset):
            networking = self.networking.to_dict()

        injection_location: dict[str, Any] | Unset = UNSET
        if not isinstance(self.injection_location, Unset):
            injection_location = self.injection_location.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if secret_value is not UNSET:
            field_dict["secret_value"] = secret_value
        if networking is not UNSET:
            field_dict["networking"] = networking
        if injection_location is not UNSET:
            field_dict["injection_location"] = injection_location

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.credential_networking import CredentialNetworking
        from ..models.injection_location_params import InjectionLocationParams

        d = dict(src_dict)
        type_ = cast(Literal["environment_variable"], d.pop("type"))
        if type_ != "environment_variable":
            raise ValueError(f"type must match const 'environment_variable', got '{type_}'")

        secret_value = d.pop("secret_value", UNSET)

        _networking = d.pop("networking", UNSET)
        networking: CredentialNetworking | Unset
        if isinstance(_networking, Unset):
            networking = UNSET
        else:
            networking = CredentialNetworking.from_dict(_networking)

        _injection_location = d.pop("injection_location", UNSET)
        injection_location: InjectionLocationParams | Unset
        if isinstance(_injection_location, Unset):
            injection_location = UNSET
        else:
            injection_location = InjectionLocationParams.from_dict(_injection_location)

        environment_variable_auth_update_params = cls(
            type_=type_,
            secret_value=secret_value,
            networking=networking,
            injection_location=injection_location,
        )

        return environment_variable_auth_update_params
