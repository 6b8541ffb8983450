# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="MemoryCreateParams")


@_attrs_define
class MemoryCreateParams:
    """The body of `memory_stores.memories.create`.

    Attributes:
        path (str): A relative slash-separated path such as `notes/todo.md` (no `..`), unique in the store; one leading
            slash (`/notes/todo.md`, as the managed-agents clients write it) names the same path.
        content (str): UTF-8 text (at most 100 KiB).
    """

    path: str
    content: str

    def to_dict(self) -> dict[str, Any]:
        path = self.path

        content = self.content

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "path": path,
                "content": content,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        path = d.pop("path")

        content = d.pop("content")

        memory_create_params = cls(
            path=path,
            content=content,
        )

        return memory_create_params
