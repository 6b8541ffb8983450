# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Memory")


@_attrs_define
class Memory:
    """One memory.

    Attributes:
        type_ (Literal['memory']): Always `memory`.
        id (str): The memory id (`mem_...`).
        memory_store_id (str): The Memory Store id.
        path (str): The path in the store.
        content (None | str): The content with view `full`; null with view `basic`.
        content_sha256 (str): SHA-256 of the content, lower-case hex.
        content_size_bytes (int): Size of the content in bytes.
        memory_version_id (str): The memory version holding the current content.
        created_at (datetime.datetime): Creation time.
        updated_at (datetime.datetime): Last update time.
    """

    type_: Literal["memory"]
    id: str
    memory_store_id: str
    path: str
    content: None | str
    content_sha256: str
    content_size_bytes: int
    memory_version_id: str
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        memory_store_id = self.memory_store_id

        path = self.path

        content: None | str
        content = self.content

        content_sha256 = self.content_sha256

        content_size_bytes = self.content_size_bytes

        memory_version_id = self.memory_version_id

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "memory_store_id": memory_store_id,
                "path": path,
                "content": content,
                "content_sha256": content_sha256,
                "content_size_bytes": content_size_bytes,
                "memory_version_id": memory_version_id,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["memory"], d.pop("type"))
        if type_ != "memory":
            raise ValueError(f"type must match const 'memory', got '{type_}'")

        id = d.pop("id")

        memory_store_id = d.pop("memory_store_id")

        path = d.pop("path")

        def _parse_content(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        content = _parse_content(d.pop("content"))

        content_sha256 = d.pop("content_sha256")

        content_size_bytes = d.pop("content_size_bytes")

        memory_version_id = d.pop("memory_version_id")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        memory = cls(
            type_=type_,
            id=id,
            memory_store_id=memory_store_id,
            path=path,
            content=content,
            content_sha256=content_sha256,
            content_size_bytes=content_size_bytes,
            memory_version_id=memory_version_id,
            created_at=created_at,
            updated_at=updated_at,
        )

        memory.additional_properties = d
        return memory

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
