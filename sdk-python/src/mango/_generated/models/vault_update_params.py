# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.metadata_patch import MetadataPatch


T = TypeVar("T", bound="VaultUpdateParams")


@_attrs_define
class VaultUpdateParams:
    """The body of `vaults.update`; present fields replace the current values.

    Attributes:
        display_name (str | Unset): A new human name.
        metadata (MetadataPatch | Unset): Metadata changes merged into the current pairs; a null value deletes the key.
    """

    display_name: str | Unset = UNSET
    metadata: MetadataPatch | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        display_name = self.display_name

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if display_name is not UNSET:
            field_dict["display_name"] = display_name
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.metadata_patch import MetadataPatch

        d = dict(src_dict)
        display_name = d.pop("display_name", UNSET)

        _metadata = d.pop("metadata", UNSET)
        metadata: MetadataPatch | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = MetadataPatch.from_dict(_metadata)

        vault_update_params = cls(
            display_name=display_name,
            metadata=metadata,
        )

        return vault_update_params
