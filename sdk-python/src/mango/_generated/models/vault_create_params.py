# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.metadata import Metadata


T = TypeVar("T", bound="VaultCreateParams")


@_attrs_define
class VaultCreateParams:
    """The body of `vaults.create`.

    Attributes:
        display_name (str): A human name.
        metadata (Metadata | Unset): Up to 16 string pairs; keys up to 64 characters, values up to 512.
    """

    display_name: str
    metadata: Metadata | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        display_name = self.display_name

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "display_name": display_name,
            }
        )
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.metadata import Metadata

        d = dict(src_dict)
        display_name = d.pop("display_name")

        _metadata = d.pop("metadata", UNSET)
        metadata: Metadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = Metadata.from_dict(_metadata)

        vault_create_params = cls(
            display_name=display_name,
            metadata=metadata,
        )

        return vault_create_params
