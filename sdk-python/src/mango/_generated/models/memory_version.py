# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.memory_version_operation import MemoryVersionOperation, check_memory_version_operation

if TYPE_CHECKING:
    from ..models.api_actor import ApiActor
    from ..models.session_actor import SessionActor


T = TypeVar("T", bound="MemoryVersion")


@_attrs_define
class MemoryVersion:
    """An immutable record of one memory change.

    Attributes:
        type_ (Literal['memory_version']): Always `memory_version`.
        id (str): The memory version id (`memver_...`).
        memory_id (str): The memory id.
        memory_store_id (str): The Memory Store id.
        operation (MemoryVersionOperation): What the change did.
        path (None | str): The path after the change; null when redacted.
        content (None | str): The content after the change; null when deleted or redacted.
        content_sha256 (None | str): SHA-256 of the content; null when deleted or redacted.
        content_size_bytes (int | None): Size of the content; null when deleted or redacted.
        created_by (ApiActor | None | SessionActor): Who made the change.
        redacted_at (datetime.datetime | None): When the version was redacted.
        created_at (datetime.datetime): When the change was made.
    """

    type_: Literal["memory_version"]
    id: str
    memory_id: str
    memory_store_id: str
    operation: MemoryVersionOperation
    path: None | str
    content: None | str
    content_sha256: None | str
    content_size_bytes: int | None
    created_by: ApiActor | None | SessionActor
    redacted_at: datetime.datetime | None
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.api_actor import ApiActor
        from ..models.session_actor import SessionActor

        type_ = self.type_

        id = self.id

        memory_id = self.memory_id

        memory_store_id = self.memory_store_id

        operation: str = self.operation

        path: None | str
        path = self.path

        content: None | str
        content = self.content

        content_sha256: None | str
        content_sha256 = self.content_sha256

        content_size_bytes: int | None
        content_size_bytes = self.content_size_bytes

        created_by: dict[str, Any] | None
        if isinstance(self.created_by, SessionActor) or isinstance(self.created_by, ApiActor):
            created_by = self.created_by.to_dict()
        else:
            created_by = self.created_by

        redacted_at: None | str
        if isinstance(self.redacted_at, datetime.datetime):
            redacted_at = self.redacted_at.isoformat()
        else:
            redacted_at = self.redacted_at

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "memory_id": memory_id,
                "memory_store_id": memory_store_id,
                "operation": operation,
                "path": path,
                "content": content,
                "content_sha256": content_sha256,
                "content_size_bytes": content_size_bytes,
                "created_by": created_by,
                "redacted_at": redacted_at,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.api_actor import ApiActor
        from ..models.session_actor import SessionActor

        d = dict(src_dict)
        type_ = cast(Literal["memory_version"], d.pop("type"))
        if type_ != "memory_version":
            raise ValueError(f"type must match const 'memory_version', got '{type_}'")

        id = d.pop("id")

        memory_id = d.pop("memory_id")

        memory_store_id = d.pop("memory_store_id")

        operation = check_memory_version_operation(d.pop("operation"))

        def _parse_path(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        path = _parse_path(d.pop("path"))

        def _parse_content(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        content = _parse_content(d.pop("content"))

        def _parse_content_sha256(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        content_sha256 = _parse_content_sha256(d.pop("content_sha256"))

        def _parse_content_size_bytes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        content_size_bytes = _parse_content_size_bytes(d.pop("content_size_bytes"))

        def _parse_created_by(data: object) -> ApiActor | None | SessionActor:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_memory_actor_type_0 = SessionActor.from_dict(data)

                return componentsschemas_memory_actor_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_memory_actor_type_1 = ApiActor.from_dict(data)

                return componentsschemas_memory_actor_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ApiActor | None | SessionActor, data)

        created_by = _parse_created_by(d.pop("created_by"))

        def _parse_redacted_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                redacted_at_type_0 = datetime.datetime.fromisoformat(data)

                return redacted_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        redacted_at = _parse_redacted_at(d.pop("redacted_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        memory_version = cls(
            type_=type_,
            id=id,
            memory_id=memory_id,
            memory_store_id=memory_store_id,
            operation=operation,
            path=path,
            content=content,
            content_sha256=content_sha256,
            content_size_bytes=content_size_bytes,
            created_by=created_by,
            redacted_at=redacted_at,
            created_at=created_at,
        )

        memory_version.additional_properties = d
        return memory_version

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
