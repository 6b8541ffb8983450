# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.memory_store_resource_params_access import (
    MemoryStoreResourceParamsAccess,
    check_memory_store_resource_params_access,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="MemoryStoreResourceParams")


@_attrs_define
class MemoryStoreResourceParams:
    """Attach a Memory Store to the Session.

    Attributes:
        type_ (Literal['memory_store']): Always `memory_store`.
        memory_store_id (str): The Memory Store id.
        access (MemoryStoreResourceParamsAccess): Whether the Session may write memories.
        mount_path (None | str | Unset): Absolute path in the worker's workspace where the store is mirrored; a default
            under the workspace when null.
        instructions (None | str | Unset): Guidance for the agent about this store.
    """

    type_: Literal["memory_store"]
    memory_store_id: str
    access: MemoryStoreResourceParamsAccess
    mount_path: None | str | Unset = UNSET
    instructions: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        memory_store_id = self.memory_store_id

        access: str = self.access

        mount_path: None | str | Unset
        if isinstance(self.mount_path, Unset):
            mount_path = UNSET
        else:
            mount_path = self.mount_path

        instructions: None | str | Unset
        if isinstance(self.instructions, Unset):
            instructions = UNSET
        else:
            instructions = self.instructions

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "memory_store_id": memory_store_id,
                "access": access,
            }
        )
        if mount_path is not UNSET:
            field_dict["mount_path"] = mount_path
        if instructions is not UNSET:
            field_dict["instructions"] = instructions

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["memory_store"], d.pop("type"))
        if type_ != "memory_store":
            raise ValueError(f"type must match const 'memory_store', got '{type_}'")

        memory_store_id = d.pop("memory_store_id")

        access = check_memory_store_resource_params_access(d.pop("access"))

        def _parse_mount_path(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        mount_path = _parse_mount_path(d.pop("mount_path", UNSET))

        def _parse_instructions(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        instructions = _parse_instructions(d.pop("instructions", UNSET))

        memory_store_resource_params = cls(
            type_=type_,
            memory_store_id=memory_store_id,
            access=access,
            mount_path=mount_path,
            instructions=instructions,
        )

        return memory_store_resource_params
