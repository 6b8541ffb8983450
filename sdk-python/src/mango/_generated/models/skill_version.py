# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SkillVersion")


@_attrs_define
class SkillVersion:
    """One immutable version of a Skill.

    Attributes:
        type_ (Literal['skill_version']): Always `skill_version`.
        id (str): The version's id.
        skill_id (str): The Skill id.
        version (str): The version (a decimal string, increasing).
        name (str): The name from SKILL.md.
        description (str): The description from SKILL.md.
        directory (str): The archive's top-level folder name.
        archive_size_bytes (int): Size of the stored archive.
        archive_sha256 (str): SHA-256 of the stored archive, lower-case hex.
        expanded_size_bytes (int): Total size of the extracted members.
        member_count (int): Number of regular files in the archive.
        created_at (datetime.datetime): Creation time.
    """

    type_: Literal["skill_version"]
    id: str
    skill_id: str
    version: str
    name: str
    description: str
    directory: str
    archive_size_bytes: int
    archive_sha256: str
    expanded_size_bytes: int
    member_count: int
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        skill_id = self.skill_id

        version = self.version

        name = self.name

        description = self.description

        directory = self.directory

        archive_size_bytes = self.archive_size_bytes

        archive_sha256 = self.archive_sha256

        expanded_size_bytes = self.expanded_size_bytes

        member_count = self.member_count

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "skill_id": skill_id,
                "version": version,
                "name": name,
                "description": description,
                "directory": directory,
                "archive_size_bytes": archive_size_bytes,
                "archive_sha256": archive_sha256,
                "expanded_size_bytes": expanded_size_bytes,
                "member_count": member_count,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["skill_version"], d.pop("type"))
        if type_ != "skill_version":
            raise ValueError(f"type must match const 'skill_version', got '{type_}'")

        id = d.pop("id")

        skill_id = d.pop("skill_id")

        version = d.pop("version")

        name = d.pop("name")

        description = d.pop("description")

        directory = d.pop("directory")

        archive_size_bytes = d.pop("archive_size_bytes")

        archive_sha256 = d.pop("archive_sha256")

        expanded_size_bytes = d.pop("expanded_size_bytes")

        member_count = d.pop("member_count")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        skill_version = cls(
            type_=type_,
            id=id,
            skill_id=skill_id,
            version=version,
            name=name,
            description=description,
            directory=directory,
            archive_size_bytes=archive_size_bytes,
            archive_sha256=archive_sha256,
            expanded_size_bytes=expanded_size_bytes,
            member_count=member_count,
            created_at=created_at,
        )

        skill_version.additional_properties = d
        return skill_version

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
