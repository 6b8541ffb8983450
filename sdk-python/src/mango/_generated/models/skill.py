# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Skill")


@_attrs_define
class Skill:
    """A Skill; its content lives in immutable versions.

    Attributes:
        type_ (Literal['skill']): Always `skill`.
        id (str): The Skill id (`skill_...`).
        display_title (None | str): A human title.
        latest_version (str): The newest version (always concrete).
        created_at (datetime.datetime): Creation time.
        updated_at (datetime.datetime): When the last version was added or removed.
    """

    type_: Literal["skill"]
    id: str
    display_title: None | str
    latest_version: str
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        display_title: None | str
        display_title = self.display_title

        latest_version = self.latest_version

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "display_title": display_title,
                "latest_version": latest_version,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["skill"], d.pop("type"))
        if type_ != "skill":
            raise ValueError(f"type must match const 'skill', got '{type_}'")

        id = d.pop("id")

        def _parse_display_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        display_title = _parse_display_title(d.pop("display_title"))

        latest_version = d.pop("latest_version")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        skill = cls(
            type_=type_,
            id=id,
            display_title=display_title,
            latest_version=latest_version,
            created_at=created_at,
            updated_at=updated_at,
        )

        skill.additional_properties = d
        return skill

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
