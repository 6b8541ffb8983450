# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="CredentialNetworking")


@_attrs_define
class CredentialNetworking:
    """The hosts an `environment_variable` secret may be sent to: requests to any other host never carry it.

    Attributes:
        type_ (Literal['limited']): Always `limited` (Mango has no unrestricted secrets).
        allowed_hosts (list[str]): Bare host names (`api.example.com`), IPv4 addresses or `*.` wildcards
            (`*.example.com`); no schemes, ports, paths or IPv6.
    """

    type_: Literal["limited"]
    allowed_hosts: list[str]

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        allowed_hosts = self.allowed_hosts

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "allowed_hosts": allowed_hosts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["limited"], d.pop("type"))
        if type_ != "limited":
            raise ValueError(f"type must match const 'limited', got '{type_}'")

        allowed_hosts = cast(list[str], d.pop("allowed_hosts"))

        credential_networking = cls(
            type_=type_,
            allowed_hosts=allowed_hosts,
        )

        return credential_networking
