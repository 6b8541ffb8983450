# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="InjectionLocationParams")


@_attrs_define
class InjectionLocationParams:
    """Where in an outbound request the secret may be substituted (absent fields keep their value; at creation `header`
    defaults to true and `body` to false).

        Attributes:
            header (bool | Unset): Substitute it in request header values.
            body (bool | Unset): Substitute it in request bodies.
    """

    header: bool | Unset = UNSET
    body: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        header = self.header

        body = self.body

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if header is not UNSET:
            field_dict["header"] = header
        if body is not UNSET:
            field_dict["body"] = body

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        header = d.pop("header", UNSET)

        body = d.pop("body", UNSET)

        injection_location_params = cls(
            header=header,
            body=body,
        )

        return injection_location_params
