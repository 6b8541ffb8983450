# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.credential_networking import CredentialNetworking
    from ..models.injection_location import InjectionLocation


T = TypeVar("T", bound="EnvironmentVariableAuth")


@_attrs_define
class EnvironmentVariableAuth:
    """A named secret and the hosts it may be sent to (its value is never returned).

    Attributes:
        type_ (Literal['environment_variable']): Always `environment_variable`.
        secret_name (str): The variable's name.
        networking (CredentialNetworking): The hosts an `environment_variable` secret may be sent to: requests to any
            other host never carry it.
        injection_location (InjectionLocation): Where in an outbound request the secret may be substituted.
        secret_value_set (bool): Whether a value is stored (false once its vault is archived).
    """

    type_: Literal["environment_variable"]
    secret_name: str
    networking: CredentialNetworking
    injection_location: InjectionLocation
    secret_value_set: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        secret_name = self.secret_name

        networking = self.networking.to_dict()

        injection_location = self.injection_location.to_dict()

        secret_value_set = self.secret_value_set

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "secret_name": secret_name,
                "networking": networking,
                "injection_location": injection_location,
                "secret_value_set": secret_value_set,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.credential_networking import CredentialNetworking
        from ..models.injection_location import InjectionLocation

        d = dict(src_dict)
        type_ = cast(Literal["environment_variable"], d.pop("type"))
        if type_ != "environment_variable":
            raise ValueError(f"type must match const 'environment_variable', got '{type_}'")

        secret_name = d.pop("secret_name")

        networking = CredentialNetworking.from_dict(d.pop("networking"))

        injection_location = InjectionLocation.from_dict(d.pop("injection_location"))

        secret_value_set = d.pop("secret_value_set")

        environment_variable_auth = cls(
            type_=type_,
            secret_name=secret_name,
            networking=networking,
            injection_location=injection_location,
            secret_value_set=secret_value_set,
        )

        environment_variable_auth.additional_properties = d
        return environment_variable_auth

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
