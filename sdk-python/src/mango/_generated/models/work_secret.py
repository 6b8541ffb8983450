# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.injection_location import InjectionLocation


T = TypeVar("T", bound="WorkSecret")


@_attrs_define
class WorkSecret:
    """One environment_variable credential with its secret value.

    Attributes:
        vault_id (str): The vault holding the credential.
        credential_id (str): The credential.
        secret_name (str): The environment variable name tool code sees.
        secret_value (str): The secret; substituted only into requests to `allowed_hosts`.
        allowed_hosts (list[str]): Bare host names, IPv4 addresses or `*.` wildcards the secret may be sent to.
        injection_location (InjectionLocation): Where in an outbound request the secret may be substituted.
    """

    vault_id: str
    credential_id: str
    secret_name: str
    secret_value: str
    allowed_hosts: list[str]
    injection_location: InjectionLocation
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        vault_id = self.vault_id

        credential_id = self.credential_id

        secret_name = self.secret_name

        secret_value = self.secret_value

        allowed_hosts = self.allowed_hosts

        injection_location = self.injection_location.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "vault_id": vault_id,
                "credential_id": credential_id,
                "secret_name": secret_name,
                "secret_value": secret_value,
                "allowed_hosts": allowed_hosts,
                "injection_location": injection_location,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.injection_location import InjectionLocation

        d = dict(src_dict)
        vault_id = d.pop("vault_id")

        credential_id = d.pop("credential_id")

        secret_name = d.pop("secret_name")

        secret_value = d.pop("secret_value")

        allowed_hosts = cast(list[str], d.pop("allowed_hosts"))

        injection_location = InjectionLocation.from_dict(d.pop("injection_location"))

        work_secret = cls(
            vault_id=vault_id,
            credential_id=credential_id,
            secret_name=secret_name,
            secret_value=secret_value,
            allowed_hosts=allowed_hosts,
            injection_location=injection_location,
        )

        work_secret.additional_properties = d
        return work_secret

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
