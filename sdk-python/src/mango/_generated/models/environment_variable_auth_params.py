# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.credential_networking import CredentialNetworking
    from ..models.injection_location_params import InjectionLocationParams


T = TypeVar("T", bound="EnvironmentVariableAuthParams")


@_attrs_define
class EnvironmentVariableAuthParams:
    """A named secret and the hosts it may be sent to.

    Attributes:
        type_ (Literal['environment_variable']): Always `environment_variable`.
        secret_name (str): The variable's name, unique in the vault.
        secret_value (str): The secret (write-only).
        networking (CredentialNetworking): The hosts an `environment_variable` secret may be sent to: requests to any
            other host never carry it.
        injection_location (InjectionLocationParams | Unset): Where in an outbound request the secret may be substituted
            (absent fields keep their value; at creation `header` defaults to true and `body` to false).
    """

    type_: Literal["environment_variable"]
    secret_name: str
    secret_value: str
    networking: CredentialNetworking
    injection_location: InjectionLocationParams | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        secret_name = self.secret_name

        secret_value = self.secret_value

        networking = self.networking.to_dict()

        injection_location: dict[str, Any] | Unset = UNSET
        if not isinstance(self.injection_location, Unset):
            injection_location = self.injection_location.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "secret_name": secret_name,
                "secret_value": secret_value,
                "networking": networking,
            }
        )
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

        secret_name = d.pop("secret_name")

        secret_value = d.pop("secret_value")

        networking = CredentialNetworking.from_dict(d.pop("networking"))

        _injection_location = d.pop("injection_location", UNSET)
        injection_location: InjectionLocationParams | Unset
        if isinstance(_injection_location, Unset):
            injection_location = UNSET
        else:
            injection_location = InjectionLocationParams.from_dict(_injection_location)

        environment_variable_auth_params = cls(
            type_=type_,
            secret_name=secret_name,
            secret_value=secret_value,
            networking=networking,
            injection_location=injection_location,
        )

        return environment_variable_auth_params
