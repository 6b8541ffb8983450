# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.session_resource_access import SessionResourceAccess, check_session_resource_access

T = TypeVar("T", bound="SessionResource")


@_attrs_define
class SessionResource:
    """A Memory Store attached to the Session.

    Attributes:
        type_ (Literal['memory_store']): Always `memory_store`.
        memory_store_id (str): The Memory Store id.
        access (SessionResourceAccess): Whether the Session may write memories.
        mount_path (None | str): Where workers mirror the store.
        instructions (None | str): Guidance for the agent about this store.
        name (str): The store's name at attachment time.
        description (None | str): The store's description at attachment time.
    """

    type_: Literal["memory_store"]
    memory_store_id: str
    access: SessionResourceAccess
    mount_path: None | str
    instructions: None | str
    name: str
    description: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        memory_store_id = self.memory_store_id

        access: str = self.access

        mount_path: None | str
        mount_path = self.mount_path

        instructions: None | str
        instructions = self.instructions

        name = self.name

        description: None | str
        description = self.description

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "memory_store_id": memory_store_id,
                "access": access,
                "mount_path": mount_path,
                "instructions": instructions,
                "name": name,
                "description": description,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["memory_store"], d.pop("type"))
        if type_ != "memory_store":
            raise ValueError(f"type must match const 'memory_store', got '{type_}'")

        memory_store_id = d.pop("memory_store_id")

        access = check_session_resource_access(d.pop("access"))

        def _parse_mount_path(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        mount_path = _parse_mount_path(d.pop("mount_path"))

        def _parse_instructions(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        instructions = _parse_instructions(d.pop("instructions"))

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        session_resource = cls(
            type_=type_,
            memory_store_id=memory_store_id,
            access=access,
            mount_path=mount_path,
            instructions=instructions,
            name=name,
            description=description,
        )

        session_resource.additional_properties = d
        return session_resource

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
