# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SkillRef")


@_attrs_define
class SkillRef:
    """A Skill the Agent loads. Requests may pin `latest` or omit `version`; responses always carry a concrete version.

    Attributes:
        type_ (Literal['custom']): Always `custom`.
        skill_id (str): The Skill id.
        version (str | Unset): A concrete version, or `latest` (requests only; the default).
    """

    type_: Literal["custom"]
    skill_id: str
    version: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        skill_id = self.skill_id

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "skill_id": skill_id,
            }
        )
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["custom"], d.pop("type"))
        if type_ != "custom":
            raise ValueError(f"type must match const 'custom', got '{type_}'")

        skill_id = d.pop("skill_id")

        version = d.pop("version", UNSET)

        skill_ref = cls(
            type_=type_,
            skill_id=skill_id,
            version=version,
        )

        return skill_ref
