# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SessionTeardownWorkData")


@_attrs_define
class SessionTeardownWorkData:
    """The teardown of a deleted Session's sandbox (Mango). Queued when a Session whose Work a
    worker ever claimed is deleted; the Session no longer exists. The worker removes the
    Session's workspace (and anything else it kept for it) and then stops the item with
    `force`, using the item's session token. A worker that cannot remove it yet leaves the
    item unstopped: it is reclaimed when its lease expires and tried again.

        Attributes:
            type_ (Literal['session_teardown']): Always `session_teardown`.
            id (str): The deleted Session's id.
    """

    type_: Literal["session_teardown"]
    id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["session_teardown"], d.pop("type"))
        if type_ != "session_teardown":
            raise ValueError(f"type must match const 'session_teardown', got '{type_}'")

        id = d.pop("id")

        session_teardown_work_data = cls(
            type_=type_,
            id=id,
        )

        session_teardown_work_data.additional_properties = d
        return session_teardown_work_data

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
