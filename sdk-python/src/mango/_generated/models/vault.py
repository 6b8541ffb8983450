# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.metadata import Metadata


T = TypeVar("T", bound="Vault")


@_attrs_define
class Vault:
    """A named set of credentials that Sessions and Deployments name in `vault_ids`.

    Attributes:
        type_ (Literal['vault']): Always `vault`.
        id (str): The vault id (`vlt_...`).
        display_name (str): A human name.
        metadata (Metadata): Up to 16 string pairs; keys up to 64 characters, values up to 512.
        created_at (datetime.datetime): Creation time.
        updated_at (datetime.datetime): Last update time.
        archived_at (datetime.datetime | None): When it was archived.
    """

    type_: Literal["vault"]
    id: str
    display_name: str
    metadata: Metadata
    created_at: datetime.datetime
    updated_at: datetime.datetime
    archived_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        display_name = self.display_name

        metadata = self.metadata.to_dict()

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        archived_at: None | str
        if isinstance(self.archived_at, datetime.datetime):
            archived_at = self.archived_at.isoformat()
        else:
            archived_at = self.archived_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "display_name": display_name,
                "metadata": metadata,
                "created_at": created_at,
                "updated_at": updated_at,
                "archived_at": archived_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.metadata import Metadata

        d = dict(src_dict)
        type_ = cast(Literal["vault"], d.pop("type"))
        if type_ != "vault":
            raise ValueError(f"type must match const 'vault', got '{type_}'")

        id = d.pop("id")

        display_name = d.pop("display_name")

        metadata = Metadata.from_dict(d.pop("metadata"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        def _parse_archived_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                archived_at_type_0 = datetime.datetime.fromisoformat(data)

                return archived_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        archived_at = _parse_archived_at(d.pop("archived_at"))

        vault = cls(
            type_=type_,
            id=id,
            display_name=display_name,
            metadata=metadata,
            created_at=created_at,
            updated_at=updated_at,
            archived_at=archived_at,
        )

        vault.additional_properties = d
        return vault

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
