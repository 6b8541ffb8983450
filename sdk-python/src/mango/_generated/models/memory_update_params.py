# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.memory_precondition import MemoryPrecondition


T = TypeVar("T", bound="MemoryUpdateParams")


@_attrs_define
class MemoryUpdateParams:
    """The body of `memory_stores.memories.update`; at least one of `path` or `content`.

    Attributes:
        path (str | Unset): A new path (rename).
        content (str | Unset): New UTF-8 content (at most 100 KiB).
        precondition (MemoryPrecondition | Unset): Apply the update only if the current content has this SHA-256.
    """

    path: str | Unset = UNSET
    content: str | Unset = UNSET
    precondition: MemoryPrecondition | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        path = self.path

        content = self.content

        precondition: dict[str, Any] | Unset = UNSET
        if not isinstance(self.precondition, Unset):
            precondition = self.precondition.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if path is not UNSET:
            field_dict["path"] = path
        if content is not UNSET:
            field_dict["content"] = content
        if precondition is not UNSET:
            field_dict["precondition"] = precondition

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.memory_precondition import MemoryPrecondition

        d = dict(src_dict)
        path = d.pop("path", UNSET)

        content = d.pop("content", UNSET)

        _precondition = d.pop("precondition", UNSET)
        precondition: MemoryPrecondition | Unset
        if isinstance(_precondition, Unset):
            precondition = UNSET
        else:
            precondition = MemoryPrecondition.from_dict(_precondition)

        memory_update_params = cls(
            path=path,
            content=content,
            precondition=precondition,
        )

        return memory_update_params
