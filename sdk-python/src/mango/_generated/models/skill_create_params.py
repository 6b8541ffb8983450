# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from io import BytesIO
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from .. import types
from ..types import UNSET, File, Unset

T = TypeVar("T", bound="SkillCreateParams")


@_attrs_define
class SkillCreateParams:
    """The multipart body of `skills.create`.

    Attributes:
        file (File): A zip archive with exactly one top-level folder holding `SKILL.md`.
        display_title (str | Unset): A human title; the SKILL.md name when absent.
    """

    file: File
    display_title: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        file = self.file.to_tuple()

        display_title = self.display_title

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "file": file,
            }
        )
        if display_title is not UNSET:
            field_dict["display_title"] = display_title

        return field_dict

    def to_multipart(self) -> types.RequestFiles:
        files: types.RequestFiles = []

        files.append(("file", self.file.to_tuple()))

        if not isinstance(self.display_title, Unset):
            files.append(("display_title", (None, str(self.display_title).encode(), "text/plain")))

        return files

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        file = File(payload=BytesIO(d.pop("file")))

        display_title = d.pop("display_title", UNSET)

        skill_create_params = cls(
            file=file,
            display_title=display_title,
        )

        return skill_create_params
